package io.brokerbench.study;

import io.brokerbench.config.ConfigException;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** The scales {@code bin/reproduce --scale} accepts. */
public enum ScaleName {
    SMOKE,
    LOCAL;

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The scale called {@code text}; anything else is bad input naming the value and the choices. */
    public static ScaleName parse(String text) {
        return Arrays.stream(values()).filter(s -> s.label().equals(text)).findFirst()
                .orElseThrow(() -> new ConfigException("option '--scale' = '" + text + "': expected one of "
                        + Arrays.stream(values()).map(ScaleName::label).collect(Collectors.joining(", "))));
    }
}

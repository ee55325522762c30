package io.brokerbench.config;

import java.nio.file.Path;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Replaces {@code ${NAME}} and {@code ${NAME:-default}} with environment variables, shell style. Some
 * OMB workload files are written that way ({@code testDurationMinutes: ${ombTestDuration:-15}}).
 * Comment lines are left alone so a placeholder mentioned in a comment cannot fail a load.
 */
public final class EnvironmentPlaceholders {

    private static final Pattern PLACEHOLDER = Pattern.compile("\\$\\{([A-Za-z_][A-Za-z0-9_]*)(:-([^}]*))?}");

    private EnvironmentPlaceholders() {
    }

    public static String substitute(Path file, String text, Map<String, String> env) {
        StringBuilder out = new StringBuilder(text.length());
        int lineNumber = 0;
        for (String line : text.split("(?<=\n)")) {
            lineNumber++;
            if (line.stripLeading().startsWith("#")) {
                out.append(line);
                continue;
            }
            Matcher m = PLACEHOLDER.matcher(line);
            StringBuilder replaced = new StringBuilder();
            while (m.find()) {
                String value = env.get(m.group(1));
                if (value == null || (value.isEmpty() && m.group(2) != null)) {
                    if (m.group(2) == null) {
                        throw ConfigException.file(file, "line " + lineNumber + ": placeholder '" + m.group()
                                + "' needs environment variable " + m.group(1) + ", which is not set");
                    }
                    value = m.group(3);
                }
                m.appendReplacement(replaced, Matcher.quoteReplacement(value));
            }
            m.appendTail(replaced);
            out.append(replaced);
        }
        return out.toString();
    }
}

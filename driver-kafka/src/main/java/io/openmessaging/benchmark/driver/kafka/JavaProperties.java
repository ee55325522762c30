package io.openmessaging.benchmark.driver.kafka;

import com.fasterxml.jackson.annotation.JsonClassDescription;
import com.fasterxml.jackson.annotation.JsonCreator;
import io.brokerbench.yaml.FieldException;
import java.io.IOException;
import java.io.StringReader;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;

/**
 * A text block of Java properties ({@code key=value} lines), as OMB's Kafka driver files write
 * client and topic settings under {@code |}. Values are stripped of surrounding blanks, which
 * Kafka would otherwise take as part of the value.
 */
@JsonClassDescription("a text block of Java properties (key=value lines, use '|')")
public final class JavaProperties {

    static final JavaProperties NONE = new JavaProperties("");

    private final String text;
    private final Properties values = new Properties();

    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    JavaProperties(String text) {
        this.text = text;
        try {
            values.load(new StringReader(text));
        } catch (IOException | IllegalArgumentException e) {
            throw FieldException.wholeValue("not valid Java properties: " + e.getMessage());
        }
        for (String name : values.stringPropertyNames()) {
            values.setProperty(name, values.getProperty(name).strip());
        }
    }

    /** The block as written, for messages. */
    public String text() {
        return text;
    }

    public String get(String key) {
        return values.getProperty(key);
    }

    /** A copy that the caller may change. */
    public Properties properties() {
        Properties copy = new Properties();
        copy.putAll(values);
        return copy;
    }

    public Map<String, String> asMap() {
        Map<String, String> map = new LinkedHashMap<>();
        values.stringPropertyNames().forEach(name -> map.put(name, values.getProperty(name)));
        return map;
    }
}

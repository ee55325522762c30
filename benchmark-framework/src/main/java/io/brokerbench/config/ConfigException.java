package io.brokerbench.config;

import io.brokerbench.yaml.YamlException;
import java.nio.file.Path;

/**
 * Bad input in a workload, driver or workers file, or on the command line. Its message is one line
 * that names the file, the field and the value; the CLI prints it as {@code error: <message>} and
 * exits with code 2, with no stack trace.
 */
public final class ConfigException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public ConfigException(String message) {
        super(message);
    }

    public ConfigException(String message, Throwable cause) {
        super(message, cause);
    }

    /** {@code <file>: field '<field>' = <value>: <problem>}, in the same format as the YAML binding's errors. */
    public static ConfigException field(Path file, String field, Object value, String problem) {
        return new ConfigException(YamlException.fieldMessage(file, field, value, problem));
    }

    /** {@code <file>: <problem>}, for problems that belong to no single field. */
    public static ConfigException file(Path file, String problem) {
        return new ConfigException(file + ": " + problem);
    }
}

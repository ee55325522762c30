package io.brokerbench.driver;

import java.io.File;
import java.io.IOException;

/**
 * Optional capability of a driver: judging its YAML file without connecting anywhere, so that
 * {@code --validate} and the checks before a run catch a misspelled key or an impossible value with
 * exit code 2, before any broker is started.
 */
public interface ConfigurationCheck {

    /**
     * @throws IllegalArgumentException with a one-line message naming the file, the key and the value
     */
    void checkConfiguration(File configurationFile) throws IOException;
}

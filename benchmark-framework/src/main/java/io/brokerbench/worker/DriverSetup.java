package io.brokerbench.worker;

/**
 * The driver a worker loads: its class and its YAML as run (local-broker placeholders already
 * resolved). The text, not a path, travels to workers, so remote workers need no copy of the file.
 */
public record DriverSetup(String name, String driverClass, String yaml, String sourceFile) {
}

package io.brokerbench.localbroker;

import io.brokerbench.lifecycle.ScratchDirectory;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A started local broker: its process, run directory and what the result records about it. What a
 * launcher returns once its broker accepts clients.
 */
public final class RunningBroker implements LocalBroker {

    private final String type;
    private final String version;
    private final BrokerProcess process;
    private final Path runDir;
    private final Map<String, String> endpoints;
    private final Map<String, String> settings;

    public RunningBroker(String type, String version, BrokerProcess process, Path runDir, Map<String, String> endpoints,
            Map<String, String> settings) {
        this.type = type;
        this.version = version;
        this.process = process;
        this.runDir = runDir;
        this.endpoints = Collections.unmodifiableMap(new LinkedHashMap<>(endpoints));
        this.settings = Collections.unmodifiableMap(new LinkedHashMap<>(settings));
    }

    @Override
    public String type() {
        return type;
    }

    @Override
    public String version() {
        return version;
    }

    @Override
    public Map<String, String> endpoints() {
        return endpoints;
    }

    @Override
    public Map<String, String> settings() {
        return settings;
    }

    @Override
    public ProcessHandle process() {
        return process.handle();
    }

    /** Stops the broker and deletes its data. */
    @Override
    public void close() {
        process.close();
        ScratchDirectory.deleteRecursively(runDir);
    }

    @Override
    public String toString() {
        return type + " " + version + " (pid " + process.pid() + ")";
    }
}

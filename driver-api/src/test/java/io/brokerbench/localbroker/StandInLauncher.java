package io.brokerbench.localbroker;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A local broker type for tests that need one without a real broker: its "broker" is a {@code sleep}
 * process (a cluster: one per node), its endpoint is a free port nobody listens on, and its run directory is an endpoint too, so
 * that a test can see it removed. Registered in this module's test resources, so every test classpath
 * holding driver-api's test jar knows the type {@value #TYPE}.
 */
public final class StandInLauncher implements LocalBrokerLauncher {

    public static final String TYPE = "stand-in";
    /** A cluster of stand-ins: one {@code sleep} per node. */
    public static final int MAX_NODES = 3;

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public LocalBroker start(Path home, Path runDir, int nodes) throws IOException {
        Map<String, String> endpoints = Map.of("address", "127.0.0.1:" + FreePorts.next(), "runDir", runDir.toString());
        if (nodes == 1) {
            return new RunningBroker(TYPE, "0", sleep(TYPE, runDir), runDir, endpoints, Map.of());
        }
        Map<String, BrokerProcess> cluster = new LinkedHashMap<>();
        for (int node = 1; node <= nodes; node++) {
            cluster.put(TYPE + "-" + node, sleep(TYPE + "-" + node, runDir));
        }
        return new RunningBroker(TYPE, "0", cluster, runDir, endpoints, Map.of(), null);
    }

    @Override
    public int maxNodes() {
        return MAX_NODES;
    }

    private static BrokerProcess sleep(String name, Path runDir) throws IOException {
        return BrokerProcess.start(name, List.of("sleep", "600"), runDir, runDir.resolve(name + ".log"), Map.of());
    }

    @Override
    public Map<String, String> exampleEndpoints() {
        return Map.of("address", "127.0.0.1:1", "runDir", "/tmp/stand-in");
    }
}

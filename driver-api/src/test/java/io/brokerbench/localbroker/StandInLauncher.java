package io.brokerbench.localbroker;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A local broker type for tests that need one without a real broker: its "broker" is a {@code sleep}
 * process (a cluster: one per node, in a network namespace each if asked), its endpoint is a free port nobody listens on, and its run directory is an endpoint too, so
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
        Map<String, String> endpoints = endpoints(runDir);
        if (nodes == 1) {
            return new RunningBroker(TYPE, "0", sleep(TYPE, List.of(), runDir), runDir, endpoints, Map.of());
        }
        Map<String, BrokerProcess> cluster = new LinkedHashMap<>();
        for (int node = 1; node <= nodes; node++) {
            cluster.put(TYPE + "-" + node, sleep(TYPE + "-" + node, List.of(), runDir));
        }
        return new RunningBroker(TYPE, "0", cluster, runDir, endpoints, Map.of(), null);
    }

    /** Only for a cluster: a single stand-in is a single node, as the real launchers' single brokers. */
    @Override
    public LocalBroker startInNamespaces(Path home, Path runDir, int nodes) throws IOException, InterruptedException {
        List<String> names = new ArrayList<>();
        for (int node = 1; node <= nodes; node++) {
            names.add(TYPE + "-" + node);
        }
        NodeNamespaces namespaces = NodeNamespaces.create(names);
        Map<String, BrokerProcess> cluster = new LinkedHashMap<>();
        try {
            for (String name : names) {
                cluster.put(name, sleep(name, namespaces.command(name, List.of()), runDir));
            }
        } catch (IOException | RuntimeException e) {
            cluster.values().forEach(BrokerProcess::close);
            namespaces.close();
            throw e;
        }
        return new RunningBroker(TYPE, "0", cluster, runDir, endpoints(runDir), Map.of(), null, namespaces);
    }

    @Override
    public boolean startsInNamespaces() {
        return true;
    }

    private static Map<String, String> endpoints(Path runDir) {
        return Map.of("address", "127.0.0.1:" + FreePorts.next(), "runDir", runDir.toString());
    }

    @Override
    public int maxNodes() {
        return MAX_NODES;
    }

    /** {@code sleep 600} after {@code prefix} (what runs it inside a namespace, or nothing). */
    private static BrokerProcess sleep(String name, List<String> prefix, Path runDir) throws IOException {
        List<String> command = new ArrayList<>(prefix);
        command.addAll(List.of("sleep", "600"));
        return BrokerProcess.start(name, command, runDir, runDir.resolve(name + ".log"), Map.of());
    }

    @Override
    public Map<String, String> exampleEndpoints() {
        return Map.of("address", "127.0.0.1:1", "runDir", "/tmp/stand-in");
    }
}

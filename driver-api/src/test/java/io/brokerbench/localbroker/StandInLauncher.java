package io.brokerbench.localbroker;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A local broker type for tests that need one without a real broker: its "broker" is a {@code sleep}
 * process, its endpoint is a free port nobody listens on, and its run directory is an endpoint too, so
 * that a test can see it removed. Registered in this module's test resources, so every test classpath
 * holding driver-api's test jar knows the type {@value #TYPE}.
 */
public final class StandInLauncher implements LocalBrokerLauncher {

    public static final String TYPE = "stand-in";

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public LocalBroker start(Path home, Path runDir) throws IOException {
        BrokerProcess process = BrokerProcess.start(TYPE, List.of("sleep", "600"), runDir, runDir.resolve("sleep.log"),
                Map.of());
        return new RunningBroker(TYPE, "0", process, runDir,
                Map.of("address", "127.0.0.1:" + FreePorts.next(), "runDir", runDir.toString()), Map.of());
    }

    @Override
    public Map<String, String> exampleEndpoints() {
        return Map.of("address", "127.0.0.1:1", "runDir", "/tmp/stand-in");
    }
}

package io.brokerbench.localbroker.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerbench.localbroker.LocalBroker;
import io.brokerbench.localbroker.LocalBrokers;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.apache.kafka.common.utils.internals.AppInfoParser;
import org.junit.jupiter.api.Test;

class KafkaLauncherIT {

    @Test
    void startsARealBrokerOnLoopbackAndRemovesEverythingOnClose() throws Exception {
        LocalBroker kafka = LocalBrokers.start("kafka", LocalBrokers.home());
        long pid;
        Path runDir;
        try {
            assertEquals("kafka", kafka.type());
            // the broker is the release of the client the driver is built with: one version, kafka.version
            assertEquals(AppInfoParser.getVersion(), kafka.version());
            assertEquals("0", kafka.settings().get("group.initial.rebalance.delay.ms"));
            String bootstrap = kafka.endpoints().get("bootstrapServers");
            assertTrue(bootstrap.matches("127\\.0\\.0\\.1:\\d+"), bootstrap);
            int port = Integer.parseInt(bootstrap.substring(bootstrap.indexOf(':') + 1));
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress("127.0.0.1", port), 5_000);
                assertTrue(socket.isConnected());
            }
            ProcessHandle broker = brokerProcess(port).orElseThrow(() -> new AssertionError("no kafka.Kafka process"));
            pid = broker.pid();
            runDir = Path.of(broker.info().arguments().map(args -> args[args.length - 1]).orElseThrow()).getParent();
            assertTrue(Files.isDirectory(runDir.resolve("data")), runDir.toString());
        } finally {
            kafka.close();
        }
        Optional<ProcessHandle> after = ProcessHandle.of(pid);
        assertFalse(after.isPresent() && after.get().isAlive(), "broker process " + pid + " still running");
        assertFalse(Files.exists(runDir), "run dir " + runDir + " not deleted");
    }

    /** The broker JVM whose server.properties names this port (the launcher does not expose its pid). */
    private static Optional<ProcessHandle> brokerProcess(int port) {
        return ProcessHandle.current().descendants()
                .filter(p -> p.info().arguments().map(args -> args.length >= 2
                        && args[args.length - 2].equals("kafka.Kafka")
                        && readsPort(Path.of(args[args.length - 1]), port)).orElse(false))
                .findFirst();
    }

    private static boolean readsPort(Path serverProperties, int port) {
        try {
            return Files.readString(serverProperties).contains("PLAINTEXT://127.0.0.1:" + port + ",");
        } catch (java.io.IOException e) {
            return false;
        }
    }
}

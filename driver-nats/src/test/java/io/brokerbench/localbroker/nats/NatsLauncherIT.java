package io.brokerbench.localbroker.nats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerbench.localbroker.LocalBroker;
import io.brokerbench.localbroker.LocalBrokers;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class NatsLauncherIT {

    @Test
    void startsARealServerWithJetStreamOnLoopbackAndRemovesEverythingOnClose() throws Exception {
        LocalBroker nats = LocalBrokers.start("nats", LocalBrokers.home());
        long pid;
        Path runDir;
        try {
            assertEquals("nats", nats.type());
            assertTrue(nats.version().matches("\\d+\\.\\d+\\.\\d+"), nats.version());
            assertEquals("enabled", nats.settings().get("jetstream"));
            assertTrue(Long.parseLong(nats.settings().get("jetstream.max_storage")) > 0, nats.settings().toString());
            URI url = URI.create(nats.endpoints().get("url"));
            assertEquals("nats", url.getScheme());
            assertEquals("127.0.0.1", url.getHost());
            assertTrue(nats.endpoints().get("monitorUrl").startsWith("http://127.0.0.1:"));
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress("127.0.0.1", url.getPort()), 5_000);
                String info = new BufferedReader(new InputStreamReader(socket.getInputStream(),
                        StandardCharsets.US_ASCII)).readLine();
                assertTrue(info.startsWith("INFO {") && info.contains("\"jetstream\":true"), info);
            }

            String port = Integer.toString(url.getPort());
            ProcessHandle server = ProcessHandle.current().descendants()
                    .filter(p -> p.info().arguments().map(a -> Arrays.asList(a).contains(port)).orElse(false))
                    .findFirst().orElseThrow(() -> new AssertionError("no nats-server process on port " + port));
            pid = server.pid();
            runDir = Files.readSymbolicLink(Path.of("/proc", Long.toString(pid), "cwd"));
            assertTrue(Files.isDirectory(runDir.resolve("store/jetstream")), runDir.toString());
        } finally {
            nats.close();
        }
        Optional<ProcessHandle> after = ProcessHandle.of(pid);
        assertFalse(after.isPresent() && after.get().isAlive(), "nats-server " + pid + " still running");
        assertFalse(Files.exists(runDir), "run dir " + runDir + " not deleted");
    }

    @Test
    void parsesTheVersionLine() {
        assertEquals("2.9.10", NatsLauncher.parseVersion("nats-server: v2.9.10"));
    }
}

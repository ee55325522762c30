package io.brokerbench.localbroker.pulsar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerbench.localbroker.LocalBroker;
import io.brokerbench.localbroker.LocalBrokers;
import io.brokerbench.localbroker.NamespaceListing;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.io.IOException;
import java.net.ConnectException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apache.pulsar.PulsarVersion;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

class PulsarLauncherIT {

    @Test
    void startsARealStandaloneOnLoopbackAndRemovesEverythingOnClose() throws Exception {
        LocalBroker pulsar = LocalBrokers.start("pulsar", LocalBrokers.home());
        long pid;
        Path runDir;
        try {
            assertEquals("pulsar", pulsar.type());
            // the broker is the release of the client the driver is built with: one version, pulsar.version
            assertEquals(PulsarVersion.getVersion(), pulsar.version());
            assertEquals("0", pulsar.settings().get("managedLedgerNewEntriesCheckDelayInMillis"));
            assertEquals("true", pulsar.settings().get("journalFlushWhenQueueEmpty"));
            assertTrue(pulsar.endpoints().get("serviceUrl").matches("pulsar://127\\.0\\.0\\.1:\\d+"),
                    pulsar.endpoints().get("serviceUrl"));
            String httpUrl = pulsar.endpoints().get("httpUrl");
            assertTrue(httpUrl.matches("http://127\\.0\\.0\\.1:\\d+"), httpUrl);

            HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
            HttpResponse<String> clusters = http.send(
                    HttpRequest.newBuilder(URI.create(httpUrl + "/admin/v2/clusters")).timeout(Duration.ofSeconds(10)).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(200, clusters.statusCode());
            assertTrue(clusters.body().contains("\"standalone\""), clusters.body());

            ProcessHandle broker = brokerProcess(httpUrl).orElseThrow(() -> new AssertionError("no Pulsar standalone process"));
            pid = broker.pid();
            runDir = configArgument(broker).getParent();
            assertTrue(Files.isDirectory(runDir.resolve("data/bookkeeper")), runDir.toString());
        } finally {
            pulsar.close();
        }
        Optional<ProcessHandle> after = ProcessHandle.of(pid);
        assertFalse(after.isPresent() && after.get().isAlive(), "broker process " + pid + " still running");
        assertFalse(Files.exists(runDir), "run dir " + runDir + " not deleted");
    }

    /**
     * A standalone in a network namespace of its own (a driver file's {@code localBrokerNetwork: namespaces}):
     * it answers on the namespace's address, through the bridge, and nothing of it on this namespace's
     * loopback; its namespace is gone with it. Needs root.
     */
    @Test
    void aStandaloneInANetworkNamespaceAnswersOnItsAddressAndTakesItsNamespaceAlong() throws Exception {
        Assumptions.assumeTrue("root".equals(System.getProperty("user.name")), "network namespaces need root");
        Set<String> before = NamespaceListing.current();
        LocalBroker pulsar = LocalBrokers.start("pulsar", 1, LocalBrokers.home(), null, true);
        try {
            String httpUrl = pulsar.endpoints().get("httpUrl");
            assertTrue(httpUrl.matches("http://10\\.250\\.\\d+\\.\\d+:\\d+"), httpUrl);
            assertTrue(pulsar.endpoints().get("serviceUrl").startsWith("pulsar://10.250."), pulsar.endpoints().toString());
            assertTrue(pulsar.settings().get("network").startsWith("a network namespace per node, 10.250."),
                    pulsar.settings().toString());
            HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
            HttpResponse<String> clusters = http.send(
                    HttpRequest.newBuilder(URI.create(httpUrl + "/admin/v2/clusters")).timeout(Duration.ofSeconds(10)).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(200, clusters.statusCode());
            String loopback = "http://127.0.0.1:" + httpUrl.substring(httpUrl.lastIndexOf(':') + 1) + "/admin/v2/clusters";
            try {
                http.send(HttpRequest.newBuilder(URI.create(loopback)).timeout(Duration.ofSeconds(10)).build(),
                        HttpResponse.BodyHandlers.ofString());
                throw new AssertionError("something answers " + loopback);
            } catch (ConnectException expected) {
                // nothing of the standalone on this namespace's 127.0.0.1
            }
        } finally {
            pulsar.close();
        }
        Set<String> left = NamespaceListing.current();
        left.removeAll(before);
        assertEquals(Set.of(), left, "the standalone's namespace is removed with it");
    }

    /** The standalone JVM whose configuration names this web port (the launcher does not expose its pid). */
    private static Optional<ProcessHandle> brokerProcess(String httpUrl) {
        String webPortLine = "webServicePort=" + httpUrl.substring(httpUrl.lastIndexOf(':') + 1);
        return ProcessHandle.current().descendants()
                .filter(p -> p.info().arguments()
                        .map(args -> Arrays.asList(args).contains("org.apache.pulsar.PulsarStandaloneStarter")
                                && configContains(configArgument(p), webPortLine))
                        .orElse(false))
                .findFirst();
    }

    private static Path configArgument(ProcessHandle process) {
        List<String> args = Arrays.asList(process.info().arguments().orElseThrow());
        return Path.of(args.get(args.indexOf("--config") + 1));
    }

    private static boolean configContains(Path config, String line) {
        try {
            return Files.readAllLines(config).contains(line);
        } catch (IOException e) {
            return false;
        }
    }
}

package io.brokerbench.localbroker.nats;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.brokerbench.localbroker.BrokerProcess;
import io.brokerbench.localbroker.DebianPackage;
import io.brokerbench.localbroker.FreePorts;
import io.brokerbench.localbroker.LocalBroker;
import io.brokerbench.localbroker.LocalBrokerLauncher;
import io.brokerbench.localbroker.RunningBroker;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Starts nats-server with JetStream (Debian package {@code nats-server}) on 127.0.0.1, storing
 * streams in the run directory.
 */
public final class NatsLauncher implements LocalBrokerLauncher {

    private static final String TYPE = "nats";

    private static final Duration READY_TIMEOUT = Duration.ofSeconds(30);
    private static final Duration PROBE_TIMEOUT = Duration.ofSeconds(1);

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public Map<String, String> exampleEndpoints() {
        return Map.of("url", "nats://127.0.0.1:4222", "monitorUrl", "http://127.0.0.1:8222");
    }

    @Override
    public LocalBroker start(Path home, Path runDir, int nodes) throws IOException, InterruptedException {
        Path natsServer = DebianPackage.executable("nats-server", "nats-server");
        String version = parseVersion(DebianPackage.versionLine(natsServer));
        int port = FreePorts.next();
        int monitorPort = FreePorts.next();
        while (monitorPort == port) {
            monitorPort = FreePorts.next();
        }
        Path store = Files.createDirectories(runDir.resolve("store"));
        List<String> command = List.of(natsServer.toString(), "-a", "127.0.0.1", "-p", Integer.toString(port),
                "-m", Integer.toString(monitorPort), "-js", "-sd", store.toString(), "-n", "brokerbench-nats");
        BrokerProcess process = BrokerProcess.start("nats", command, runDir, runDir.resolve("nats.log"), Map.of());

        HttpClient http = HttpClient.newBuilder().connectTimeout(PROBE_TIMEOUT).build();
        String monitorUrl = "http://127.0.0.1:" + monitorPort;
        // healthz answers 200 only once JetStream is up, not merely when the client port is open
        process.awaitReady(READY_TIMEOUT, () -> get(http, monitorUrl + "/healthz?js-enabled-only=true") != null);
        Map<String, String> settings = resultSettings(get(http, monitorUrl + "/varz"));
        return new RunningBroker(TYPE, version, process, runDir,
                Map.of("url", "nats://127.0.0.1:" + port, "monitorUrl", monitorUrl), settings);
    }

    /** JetStream limits as the server reports them (they default to shares of this machine's RAM and disk). */
    private static Map<String, String> resultSettings(String varz) throws IOException {
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("jetstream", "enabled");
        if (varz != null) {
            JsonNode root = new ObjectMapper().readTree(varz);
            JsonNode config = root.path("jetstream").path("config");
            settings.put("jetstream.max_memory", config.path("max_memory").asText());
            settings.put("jetstream.max_storage", config.path("max_storage").asText());
            settings.put("max_payload", root.path("max_payload").asText());
        }
        return settings;
    }

    /** The body of a 200 answer, else null (not up yet). */
    private static String get(HttpClient http, String url) {
        try {
            HttpResponse<String> response = http.send(
                    HttpRequest.newBuilder(URI.create(url)).timeout(PROBE_TIMEOUT).GET().build(),
                    HttpResponse.BodyHandlers.ofString());
            return response.statusCode() == 200 ? response.body() : null;
        } catch (IOException notYet) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    /** {@code nats-server: v2.9.10} → {@code 2.9.10}. */
    static String parseVersion(String versionLine) {
        String text = versionLine.strip();
        int v = text.lastIndexOf(" v");
        return v >= 0 ? text.substring(v + 2) : text;
    }
}

package io.brokerbench.localbroker;

import io.brokerbench.lifecycle.ScratchDirectory;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Starts nats-server with JetStream (Debian package {@code nats-server}) on 127.0.0.1, storing
 * streams in the run directory.
 */
public final class NatsLauncher implements LocalBrokerLauncher {

    private static final Duration READY_TIMEOUT = Duration.ofSeconds(30);
    private static final Duration PROBE_TIMEOUT = Duration.ofSeconds(1);

    public NatsLauncher() {
    }

    @Override
    public Map<String, String> exampleEndpoints() {
        return Map.of("url", "nats://127.0.0.1:4222", "monitorUrl", "http://127.0.0.1:8222");
    }

    @Override
    public LocalBroker start(Path home, Path runDir) throws IOException, InterruptedException {
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
        return new RunningNats(process, runDir, version, "nats://127.0.0.1:" + port, monitorUrl, settings);
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

    private static final class RunningNats implements LocalBroker {
        private final BrokerProcess process;
        private final Path runDir;
        private final String version;
        private final Map<String, String> endpoints;
        private final Map<String, String> settings;

        RunningNats(BrokerProcess process, Path runDir, String version, String url, String monitorUrl,
                Map<String, String> settings) {
            this.process = process;
            this.runDir = runDir;
            this.version = version;
            this.endpoints = Map.of("url", url, "monitorUrl", monitorUrl);
            this.settings = Collections.unmodifiableMap(new LinkedHashMap<>(settings));
        }

        @Override
        public String type() {
            return "nats";
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
        public void close() {
            process.close();
            ScratchDirectory.deleteRecursively(runDir);
        }

        @Override
        public String toString() {
            return "nats " + version + " at " + endpoints.get("url") + " (pid " + process.pid() + ")";
        }
    }
}

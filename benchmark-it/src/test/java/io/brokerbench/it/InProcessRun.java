package io.brokerbench.it;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.brokerbench.cli.Main;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** bin/benchmark's entry point run in this JVM without workers, on its own thread; its console is kept. */
final class InProcessRun {

    private static final Pattern PROMETHEUS = Pattern.compile("Prometheus metrics: (http://\\S+/metrics)");
    private static final HttpClient CLIENT = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    private final ByteArrayOutputStream console = new ByteArrayOutputStream();
    private final Path result;

    InProcessRun(Path result) {
        this.result = result;
    }

    /** Starts the run; the future completes with the exit code. */
    CompletableFuture<Integer> start(String... args) {
        List<String> all = new ArrayList<>(List.of("-o", result.toString()));
        all.addAll(List.of(args));
        PrintStream out = new PrintStream(console, true, StandardCharsets.UTF_8);
        return CompletableFuture.supplyAsync(() -> Main.run(all.toArray(new String[0]), out, out));
    }

    String console() {
        return console.toString(StandardCharsets.UTF_8);
    }

    /** The text of the run's {@code --metrics-port} endpoint, once the run has said where it is. */
    String scrapeMetrics() throws IOException, InterruptedException {
        Matcher url = PROMETHEUS.matcher(console());
        if (!url.find()) {
            throw new AssertionError("the run has not said where its metrics are yet:\n" + console());
        }
        HttpResponse<String> response = CLIENT.send(HttpRequest.newBuilder(URI.create(url.group(1))).build(),
                HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            throw new IOException(url.group(1) + ": HTTP " + response.statusCode());
        }
        return response.body();
    }

    JsonNode result() throws IOException {
        return new ObjectMapper().readTree(result.toFile());
    }
}

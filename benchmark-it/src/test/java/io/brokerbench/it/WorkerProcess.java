package io.brokerbench.it;

import io.brokerbench.lifecycle.ScratchDirectory;
import io.brokerbench.localbroker.FreePorts;
import io.brokerbench.remote.wire.WireProtocol;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/** A real {@code WorkerMain} JVM started with this test's classpath, optionally inside a network namespace. */
final class WorkerProcess implements AutoCloseable {

    static final String TOKEN = "it-token-" + Long.toHexString(System.nanoTime());
    /**
     * One client for every call, so its connections are reused: a new client per call leaves its
     * connection open, and a test polling a worker would soon reach the worker's limit of
     * connections per client address (which then closes new ones at once).
     */
    private static final HttpClient CLIENT = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    private final Process process;
    private final URI url;
    private final int statsPort;
    private final String address;
    /** The scratch directory this created for the worker's files, deleted on close; null if given one. */
    private final Path ownTmpDir;
    private final StringBuffer output = new StringBuffer();

    private WorkerProcess(Process process, String address, int port, int statsPort, Path ownTmpDir) {
        this.process = process;
        this.address = address;
        this.ownTmpDir = ownTmpDir;
        this.url = URI.create("http://" + address + ":" + port);
        this.statsPort = statsPort;
    }

    /**
     * A worker on 127.0.0.1 with free ports, its scratch files in a directory of its own that
     * {@link #close} deletes: a worker a test kills cannot clean up after itself.
     */
    static WorkerProcess start() throws IOException, InterruptedException {
        return start(List.of(), "127.0.0.1", FreePorts.next(), FreePorts.next(), null, true);
    }

    /** A worker on 127.0.0.1 whose scratch files go to {@code tmpDir}, which stays. */
    static WorkerProcess start(Path tmpDir) throws IOException, InterruptedException {
        return start(List.of(), "127.0.0.1", FreePorts.next(), FreePorts.next(), tmpDir, false);
    }

    /** A worker run through {@code prefix} (e.g. ip netns exec NS) listening on {@code address}. */
    static WorkerProcess start(List<String> prefix, String address, int port, int statsPort)
            throws IOException, InterruptedException {
        return start(prefix, address, port, statsPort, null, true);
    }

    private static WorkerProcess start(List<String> prefix, String address, int port, int statsPort, Path tmpDir,
            boolean ownTmpDir) throws IOException, InterruptedException {
        Path tmp = ownTmpDir ? Files.createTempDirectory("brokerbench-it-worker-") : tmpDir;
        List<String> command = new ArrayList<>(prefix);
        command.add(javaBinary());
        command.add("-Djava.io.tmpdir=" + tmp);
        command.addAll(List.of("-Xmx256m", "-cp", System.getProperty("java.class.path"),
                "io.brokerbench.cli.WorkerMain", "--bind", address, "-p", String.valueOf(port), "-sp",
                String.valueOf(statsPort), "--lease-seconds", "5"));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().put("BROKERBENCH_WORKER_TOKEN", TOKEN);
        WorkerProcess worker = new WorkerProcess(builder.start(), address, port, statsPort, ownTmpDir ? tmp : null);
        worker.awaitListening();
        return worker;
    }

    /** The directory the worker's scratch files go to (its java.io.tmpdir), when this created it; null otherwise. */
    Path tmpDir() {
        return ownTmpDir;
    }

    private void awaitListening() throws InterruptedException, IOException {
        CountDownLatch listening = new CountDownLatch(1);
        Thread reader = new Thread(() -> {
            try (BufferedReader lines = new BufferedReader(
                    new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                    output.append(line).append('\n');
                    if (line.contains("listening on")) {
                        listening.countDown();
                    }
                }
            } catch (IOException ignored) {
                // the process ended
            }
        }, "worker-output");
        reader.setDaemon(true);
        reader.start();
        if (!listening.await(60, TimeUnit.SECONDS)) {
            close();
            throw new IOException("worker did not start within 60 s; its output: " + output);
        }
    }

    URI url() {
        return url;
    }

    Process process() {
        return process;
    }

    String output() {
        return output.toString();
    }

    /** GET /v1/ping: the worker's own account of whether its load runs. */
    String ping() throws IOException, InterruptedException {
        return get(url.resolve("/v1/ping"));
    }

    String metrics() throws IOException, InterruptedException {
        return get(URI.create("http://" + address + ":" + statsPort + "/metrics"));
    }

    private static String get(URI uri) throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(10))
                .header("Authorization", "Bearer " + TOKEN)
                .header(WireProtocol.VERSION_HEADER, String.valueOf(WireProtocol.VERSION)).GET().build();
        HttpResponse<String> response = CLIENT.send(request, HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            throw new IOException(uri + ": HTTP " + response.statusCode() + " " + response.body());
        }
        return response.body();
    }

    /** The value of a Prometheus sample line {@code name value}. */
    double metric(String name) throws IOException, InterruptedException {
        return PrometheusText.value(metrics(), name);
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(15, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor(15, TimeUnit.SECONDS);
        }
        if (ownTmpDir != null) {
            ScratchDirectory.deleteRecursively(ownTmpDir);
        }
    }

    private static String javaBinary() {
        return java.nio.file.Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }
}

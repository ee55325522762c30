package io.brokerbench.it;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.brokerbench.cli.Main;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;

/** bin/benchmark's entry point run in this JVM against worker processes; its console is kept and watched. */
final class Coordinator {

    private final ByteArrayOutputStream console = new ByteArrayOutputStream();
    private final CountDownLatch measuring = new CountDownLatch(1);
    private final Path result;

    Coordinator(Path result) {
        this.result = result;
    }

    /** Starts the run on its own thread; the future completes with the exit code. */
    CompletableFuture<Integer> start(List<String> workerUrls, String... more) {
        List<String> args = new ArrayList<>(List.of("--workers", String.join(",", workerUrls),
                "--worker-token", WorkerProcess.TOKEN, "-o", result.toString()));
        args.addAll(List.of(more));
        PrintStream out = new PrintStream(new Watcher(), true, StandardCharsets.UTF_8);
        return CompletableFuture.supplyAsync(() -> Main.run(args.toArray(new String[0]), out, out));
    }

    /** Waits until the first interval of the measured phase has been printed. */
    void awaitMeasuring() throws InterruptedException {
        measuring.await();
    }

    String console() {
        synchronized (console) {
            return console.toString(StandardCharsets.UTF_8);
        }
    }

    JsonNode result() throws IOException {
        return new ObjectMapper().readTree(result.toFile());
    }

    private final class Watcher extends OutputStream {
        @Override
        public void write(int b) {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] bytes, int offset, int length) {
            synchronized (console) {
                console.write(bytes, offset, length);
                if (console.toString(StandardCharsets.UTF_8).contains("[measure")) {
                    measuring.countDown();
                }
            }
        }
    }
}

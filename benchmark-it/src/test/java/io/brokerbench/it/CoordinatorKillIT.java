package io.brokerbench.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.brokerbench.cli.Main;
import io.brokerbench.localbroker.LocalBrokers;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The coordinator of a two-worker Kafka run killed with SIGKILL (no shutdown hook runs): the workers
 * stop their load and drop their drivers when the lease ends, the local broker the coordinator
 * started dies with it, and no scratch directory is left anywhere.
 */
@Timeout(value = 10, unit = TimeUnit.MINUTES)
class CoordinatorKillIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final long BOUND_SECONDS = 60;

    @Test
    void killedCoordinatorLeavesNoLoadNoBrokerAndNoScratchDirectory(@TempDir Path dir) throws Exception {
        Path home = LocalBrokers.home();
        Path coordinatorTmp = Files.createDirectory(dir.resolve("coordinator-tmp"));
        List<Path> workerTmps = new ArrayList<>();
        List<WorkerProcess> workers = new ArrayList<>();
        Process coordinator = null;
        try {
            for (int i = 0; i < 2; i++) {
                workerTmps.add(Files.createDirectory(dir.resolve("worker-tmp-" + i)));
                workers.add(WorkerProcess.start(workerTmps.get(i)));
            }
            Path workload = Files.writeString(dir.resolve("long.yaml"), "name: long\ntopics: 1\npartitionsPerTopic: 1\n"
                    + "messageSize: 100\npayloadFile: payload/payload-100b.data\nsubscriptionsPerTopic: 1\n"
                    + "consumerPerSubscription: 1\nproducersPerTopic: 1\nproducerRate: 2000\nwarmupDurationSeconds: 0\n"
                    + "testDurationSeconds: 600\nreportingIntervalSeconds: 1\n");
            coordinator = new ProcessBuilder(List.of(
                    Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx512m",
                    "-cp", System.getProperty("java.class.path"), "-Dbenchmark.home=" + home,
                    "-Djava.io.tmpdir=" + coordinatorTmp, Main.class.getName(),
                    "--workers", workers.get(0).url() + "," + workers.get(1).url(),
                    "--worker-token", WorkerProcess.TOKEN,
                    "--drivers", home.resolve("driver-kafka/kafka-local.yaml").toString(),
                    "-o", dir.resolve("result.json").toString(), workload.toString()))
                    .directory(dir.toFile()).redirectErrorStream(true).start();
            StringBuffer output = new StringBuffer();
            CountDownLatch measured = watch(coordinator, output);
            assertTrue(measured.await(5, TimeUnit.MINUTES), "no two [measure lines in 5 min: " + output);

            ProcessHandle kafka = coordinator.descendants()
                    .filter(p -> p.info().commandLine().orElse("").contains("kafka.Kafka"))
                    .findFirst().orElseThrow(() -> new AssertionError("no Kafka broker below the coordinator"));
            assertEquals(1, scratchDirectories(coordinatorTmp, "brokerbench-kafka-").size(), "the broker's run directory");
            for (int i = 0; i < 2; i++) {
                JsonNode ping = JSON.readTree(workers.get(i).ping());
                assertTrue(ping.get("loadRunning").asBoolean(), ping.toString());
                assertEquals(1, scratchDirectories(workerTmps.get(i), "brokerbench-driver-").size(), "worker " + i);
            }

            coordinator.destroyForcibly().waitFor();

            awaitTrue(() -> !kafka.isAlive(), "Kafka broker pid " + kafka.pid() + " outlived the coordinator");
            awaitTrue(() -> scratchDirectories(coordinatorTmp, "brokerbench-").isEmpty(),
                    "coordinator scratch left: " + scratchDirectories(coordinatorTmp, "brokerbench-"));
            for (int i = 0; i < 2; i++) {
                WorkerProcess worker = workers.get(i);
                Path tmp = workerTmps.get(i);
                awaitTrue(() -> stopped(worker), worker.url() + " still loaded: " + worker.output());
                awaitTrue(() -> scratchDirectories(tmp, "brokerbench-").isEmpty(),
                        worker.url() + " scratch left: " + scratchDirectories(tmp, "brokerbench-"));
            }
        } finally {
            if (coordinator != null) {
                coordinator.destroyForcibly();
            }
            for (WorkerProcess worker : workers) {
                worker.close();
            }
        }
    }

    private static CountDownLatch watch(Process coordinator, StringBuffer output) {
        CountDownLatch measured = new CountDownLatch(2);
        Thread reader = new Thread(() -> {
            try (BufferedReader lines = new BufferedReader(
                    new InputStreamReader(coordinator.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                    output.append(line).append('\n');
                    if (line.startsWith("[measure")) {
                        measured.countDown();
                    }
                }
            } catch (IOException ended) {
                // the coordinator was killed
            }
        }, "coordinator-output");
        reader.setDaemon(true);
        reader.start();
        return measured;
    }

    private static boolean stopped(WorkerProcess worker) {
        try {
            JsonNode ping = JSON.readTree(worker.ping());
            return !ping.get("loadRunning").asBoolean() && !ping.get("driverInitialized").asBoolean();
        } catch (IOException e) {
            throw new AssertionError(worker.url() + " stopped answering: " + e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private static List<Path> scratchDirectories(Path tmp, String prefix) {
        try (Stream<Path> entries = Files.list(tmp)) {
            return entries.filter(p -> p.getFileName().toString().startsWith(prefix)).toList();
        } catch (IOException e) {
            throw new AssertionError(tmp + ": " + e);
        }
    }

    private static void awaitTrue(java.util.function.BooleanSupplier condition, String failure)
            throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(BOUND_SECONDS);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError(failure);
            }
            Thread.sleep(200);
        }
    }
}

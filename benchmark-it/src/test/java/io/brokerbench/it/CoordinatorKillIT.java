package io.brokerbench.it;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
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
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The coordinator of a two-worker run on a local Kafka, a local 3-node Kafka cluster, a local Pulsar cluster
 * (a ZooKeeper, 3 bookies and a broker), Redis or a local 3-node RabbitMQ cluster killed with
 * SIGKILL (no shutdown hook runs): the workers stop their load and drop their drivers when the lease
 * ends, every node of the local broker the coordinator started dies with it, and no scratch directory
 * is left anywhere.
 */
@Timeout(value = 10, unit = TimeUnit.MINUTES)
class CoordinatorKillIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration BOUND = Duration.ofSeconds(60);

    @ParameterizedTest
    @CsvSource({"kafka, driver-kafka/kafka-local.yaml, kafka.Kafka, 1",
            "kafka, driver-kafka/kafka-cluster-acks-all.yaml, kafka.Kafka, 3",
            // every JVM of a Pulsar cluster (ZooKeeper, 3 bookies, the broker) runs from the broker's jars
            "pulsar, driver-pulsar/pulsar-cluster-ack-quorum-2.yaml, deploy/local/pulsar/lib-, 5",
            "redis, driver-redis/redis-local.yaml, redis-server, 1",
            // each RabbitMQ node's Erlang VM boots the rabbit application
            "rabbitmq, driver-rabbitmq/rabbitmq-cluster-quorum.yaml, -s rabbit boot, 3"})
    void killedCoordinatorLeavesNoLoadNoBrokerAndNoScratchDirectory(String broker, String driverFile, String brokerCommand,
            int nodes, @TempDir Path dir) throws Exception {
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
                    "--drivers", home.resolve(driverFile).toString(),
                    "-o", dir.resolve("result.json").toString(), workload.toString()))
                    .directory(dir.toFile()).redirectErrorStream(true).start();
            StringBuffer output = new StringBuffer();
            CountDownLatch measured = watch(coordinator, output);
            assertTrue(measured.await(5, TimeUnit.MINUTES), "no two [measure lines in 5 min: " + output);

            List<ProcessHandle> brokerNodes = coordinator.descendants()
                    .filter(p -> commandLine(p).contains(brokerCommand)).toList();
            assertEquals(nodes, brokerNodes.size(), broker + " broker processes below the coordinator: " + brokerNodes);
            assertEquals(1, scratchDirectories(coordinatorTmp, "brokerbench-" + broker + "-").size(),
                    "the broker's run directory");
            for (int i = 0; i < 2; i++) {
                JsonNode ping = JSON.readTree(workers.get(i).ping());
                assertTrue(ping.get("loadRunning").asBoolean(), ping.toString());
                assertEquals(1, scratchDirectories(workerTmps.get(i), "brokerbench-driver-").size(), "worker " + i);
            }

            coordinator.destroyForcibly().waitFor();

            await(broker + " broker pids " + brokerNodes + " gone with the coordinator").atMost(BOUND)
                    .until(() -> brokerNodes.stream().noneMatch(ProcessHandle::isAlive));
            await("no coordinator scratch directory").atMost(BOUND)
                    .until(() -> scratchDirectories(coordinatorTmp, "brokerbench-").isEmpty());
            for (int i = 0; i < 2; i++) {
                WorkerProcess worker = workers.get(i);
                Path tmp = workerTmps.get(i);
                await(worker.url() + " stopped its load").atMost(BOUND).until(() -> stopped(worker));
                await(worker.url() + " left no scratch directory").atMost(BOUND)
                        .until(() -> scratchDirectories(tmp, "brokerbench-").isEmpty());
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

    /** As the kernel has it: redis-server rewrites its argv, which ProcessHandle.Info then does not show. */
    private static String commandLine(ProcessHandle process) {
        try {
            return Files.readString(Path.of("/proc", Long.toString(process.pid()), "cmdline")).replace('\0', ' ');
        } catch (IOException e) {
            return "";
        }
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
}

package io.brokerbench.it;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.brokerbench.remote.wire.WireJson;
import io.brokerbench.remote.wire.WireMessages;
import io.brokerbench.remote.wire.WireProtocol;
import io.brokerbench.worker.DriverSetup;
import io.brokerbench.worker.LoadPlan;
import io.brokerbench.worker.ProducerSpec;
import io.brokerbench.workload.KeyDistributorType;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A worker killed mid-run, and a coordinator gone silent: nothing is left publishing. */
class WorkerFailureIT {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void killedWorkerFailsTheRunAndTheOthersStop(@TempDir Path dir) throws Exception {
        List<WorkerProcess> workers = new ArrayList<>();
        try {
            for (int i = 0; i < 3; i++) {
                workers.add(WorkerProcess.start());
            }
            Coordinator coordinator = new Coordinator(dir.resolve("result.json"));
            // mixed roles: the in-memory driver's topics live in the lead worker, which gets the
            // workload's one producer and one consumer; the test length is far beyond the test's wait
            CompletableFuture<Integer> run = coordinator.start(workers.stream().map(w -> w.url().toString()).toList(),
                    "--worker-roles", "mixed", "--drivers", Workloads.inMemoryDriver(dir).toString(),
                    Workloads.write(dir, 1, 1, 1, 600).toString());
            coordinator.awaitMeasuring();
            assertTrue(JSON.readTree(workers.get(0).ping()).get("loadRunning").asBoolean());

            WorkerProcess victim = workers.get(1);
            // its copy of the driver file (which may hold a broker's password): readable by its user only
            List<Path> scratch = driverScratch(victim);
            assertEquals(1, scratch.size(), scratch.toString());
            try (Stream<Path> files = Files.list(scratch.get(0))) {
                for (Path file : files.toList()) {
                    assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)), file.toString());
                }
            }
            victim.process().destroyForcibly().waitFor();
            int exit = run.get(2, TimeUnit.MINUTES);
            // a worker killed with SIGKILL runs no shutdown hook: its janitor removes the scratch directory
            await().atMost(Duration.ofSeconds(30)).until(() -> driverScratch(victim).isEmpty());

            assertEquals(1, exit, coordinator.console());
            JsonNode result = coordinator.result();
            assertFalse(result.get("complete").asBoolean());
            assertTrue(result.get("incompleteReason").asText().contains(victim.url().toString()),
                    result.get("incompleteReason").asText());
            JsonNode failed = result.get("workers").get(1);
            assertEquals(victim.url().toString(), failed.get("id").asText());
            assertTrue(failed.has("failedAt"), failed.toString());
            assertTrue(result.get("measured").get("messagesSent").asLong() > 0, "what was measured is kept");
            for (WorkerProcess survivor : List.of(workers.get(0), workers.get(2))) {
                JsonNode ping = JSON.readTree(survivor.ping());
                assertFalse(ping.get("loadRunning").asBoolean(), survivor.url() + ": " + ping);
                assertFalse(ping.get("driverInitialized").asBoolean(), survivor.url() + ": " + ping);
            }
        } finally {
            for (WorkerProcess worker : workers) {
                worker.close();
            }
        }
    }

    /** The worker's driver scratch directories (brokerbench-driver-*) in its own temporary directory. */
    private static List<Path> driverScratch(WorkerProcess worker) throws IOException {
        try (Stream<Path> entries = Files.list(worker.tmpDir())) {
            return entries.filter(p -> p.getFileName().toString().startsWith("brokerbench-driver-")).toList();
        }
    }

    @Test
    void aSecondCoordinatorIsRefusedAndTheFirstRunCompletesUndisturbed(@TempDir Path dir) throws Exception {
        try (WorkerProcess worker = WorkerProcess.start()) {
            List<String> urls = List.of(worker.url().toString());
            Path firstDir = Files.createDirectories(dir.resolve("first"));
            Coordinator first = new Coordinator(firstDir.resolve("result.json"));
            CompletableFuture<Integer> firstRun = first.start(urls, "--drivers",
                    Workloads.inMemoryDriver(firstDir).toString(), Workloads.write(firstDir, 1, 1, 1, 10).toString());
            first.awaitMeasuring();

            Path secondDir = Files.createDirectories(dir.resolve("second"));
            Coordinator second = new Coordinator(secondDir.resolve("result.json"));
            int secondExit = second.start(urls, "--drivers", Workloads.inMemoryDriver(secondDir).toString(),
                    Workloads.write(secondDir, 1, 1, 1, 2).toString()).get(2, TimeUnit.MINUTES);
            assertEquals(1, secondExit, second.console());
            String refusal = second.result().get("incompleteReason").asText();
            assertTrue(refusal.contains("worker busy: serving run "), refusal);
            assertFalse(refusal.contains("\n"), refusal);

            assertEquals(0, firstRun.get(2, TimeUnit.MINUTES), first.console());
            JsonNode result = first.result();
            assertTrue(result.get("complete").asBoolean(), result.get("incompleteReason").asText());
            assertEquals(result.get("messages").get("sent").asLong(), result.get("messages").get("received").asLong());
            assertTrue(result.get("measured").get("messagesSent").asLong() > 0);
        }
    }

    @Test
    void workerWhoseCoordinatorFellSilentStopsItsLoadWhenTheLeaseEnds(@TempDir Path dir) throws Exception {
        try (WorkerProcess worker = WorkerProcess.start()) {
            // bodies written by the wire's own records, so this test follows the protocol as it changes
            ObjectMapper wire = WireJson.mapper();
            post(worker, "/v1/initialize-driver", wire.writeValueAsString(new DriverSetup("InMemory",
                    "io.brokerbench.driver.inmemory.InMemoryBenchmarkDriver", "name: InMemory\n", "inmemory.yaml")));
            post(worker, "/v1/create-topics", wire.writeValueAsString(List.of(new WireMessages.TopicSpec("t", 1))));
            post(worker, "/v1/create-producers", wire.writeValueAsString(List.of(new ProducerSpec(0, "t"))));
            post(worker, "/v1/start-load", wire.writeValueAsString(
                    new LoadPlan(100, KeyDistributorType.NO_KEY, new byte[][] {new byte[48]}, 10)));
            assertTrue(JSON.readTree(worker.ping()).get("loadRunning").asBoolean());
            // from here on the "coordinator" says nothing; polling /metrics does not renew the lease
            await("the worker's lease expiring").atMost(Duration.ofSeconds(60)).untilAsserted(() -> assertTrue(
                    worker.output().contains("no request from the coordinator") && worker.output().contains("resetting"),
                    worker.output()));
            JsonNode ping = JSON.readTree(worker.ping());
            assertFalse(ping.get("loadRunning").asBoolean(), ping.toString());
            assertFalse(ping.get("driverInitialized").asBoolean(), ping.toString());
        }
    }

    private static void post(WorkerProcess worker, String path, String body) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(URI.create(worker.url() + path))
                .header("Authorization", "Bearer " + WorkerProcess.TOKEN)
                .header(WireProtocol.VERSION_HEADER, String.valueOf(WireProtocol.VERSION))
                .header(WireProtocol.RUN_HEADER, "it-run")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build();
        HttpResponse<String> response = HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString());
        assertEquals(204, response.statusCode(), path + ": " + response.body());
    }
}

package io.brokerbench.remote.server;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerbench.measurement.IntervalPoint;
import io.brokerbench.measurement.RunRecord;
import io.brokerbench.remote.coordinator.HttpWorker;
import io.brokerbench.run.BenchmarkRun;
import io.brokerbench.run.RunClock;
import io.brokerbench.run.RunControl;
import io.brokerbench.run.RunFailure;
import io.brokerbench.run.RunOptions;
import io.brokerbench.testing.CollectingListener;
import io.brokerbench.testing.FaultInjectingDriver.Fault;
import io.brokerbench.testing.TestFiles;
import io.brokerbench.worker.DriverSetup;
import io.brokerbench.worker.TopicLookup;
import io.brokerbench.workload.Payloads;
import io.brokerbench.workload.Workload;
import io.openmessaging.benchmark.driver.BenchmarkDriver.TopicInfo;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Coordinators (HttpWorker clients with their own run ids) against one real WorkerServer: which run
 * the worker serves, and what ends a run from the worker's side.
 */
@Timeout(120)
class RunOwnershipTest {

    private static final String TOKEN = "ownership-test";
    private static final DriverSetup INMEMORY = new DriverSetup("InMemory",
            "io.brokerbench.driver.inmemory.InMemoryBenchmarkDriver", "name: InMemory\n", "inmemory.yaml");

    @TempDir
    Path dir;

    /** Loss reasons the coordinators heard, per run id. */
    private final Map<String, String> losses = new ConcurrentHashMap<>();
    private WorkerServer server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void aSecondCoordinatorIsRefusedAndTheFirstRunGoesOn() {
        start(Duration.ofMinutes(5));
        HttpWorker first = coordinator("run-first");
        HttpWorker second = coordinator("run-second");
        first.initializeDriver(INMEMORY);

        RunFailure refused = assertThrows(RunFailure.class, () -> second.initializeDriver(INMEMORY));
        assertTrue(refused.getMessage().contains("worker busy: serving run run-firs... since "), refused.getMessage());
        assertFalse(refused.getMessage().contains("\n"));
        assertTrue(second.lost());
        assertEquals(refused.getMessage(), losses.get("run-second"));

        first.createTopics(List.of(new TopicInfo(first.topicNamePrefix() + "-t", 1)));
        first.snapshot();
        assertFalse(first.lost());
        assertTrue(server.host().driverInitialized());
    }

    @Test
    void theRunHoldingTheWorkerLooksTopicsUpThroughItsDriverAndHearsWhatItCannotTell() {
        start(Duration.ofMinutes(5));
        HttpWorker first = coordinator("run-first");
        first.initializeDriver(INMEMORY);

        // the in-memory driver has no ExistingTopics: the answer crosses the wire as "cannot tell", not as "none exist"
        TopicLookup lookup = first.lookUpTopics(List.of("orders", "payments"));
        assertFalse(lookup.driverCanTell());
        assertEquals(Map.of(), lookup.partitions());
        assertFalse(first.lost());
    }

    @Test
    void aRunWhoseLeaseExpiredFailsOnItsNextCall() throws Exception {
        start(Duration.ofSeconds(2));
        HttpWorker first = coordinator("run-first");
        first.initializeDriver(INMEMORY);
        awaitFree(); // the coordinator fell silent for longer than the lease

        RunFailure failure = assertThrows(RunFailure.class, first::snapshot);
        assertTrue(failure.getMessage().contains("it no longer serves this run (reset, or taken by another coordinator)"),
                failure.getMessage());
        assertTrue(failure.getMessage().contains("worker was reset at "), failure.getMessage());
        assertTrue(failure.getMessage().contains("its coordinator sent nothing for 2 s"), failure.getMessage());
        assertTrue(first.lost());
    }

    @Test
    void aRunWhoseWorkerWasTakenFailsOnItsNextCall() throws Exception {
        start(Duration.ofSeconds(2));
        HttpWorker first = coordinator("run-first");
        first.initializeDriver(INMEMORY);
        awaitFree();
        HttpWorker second = coordinator("run-second");
        second.initializeDriver(INMEMORY);

        RunFailure failure = assertThrows(RunFailure.class, first::snapshot);
        assertTrue(failure.getMessage().contains("taken by another coordinator"), failure.getMessage());
        assertTrue(failure.getMessage().contains("worker busy: serving run run-seco... since "), failure.getMessage());
        // the first coordinator's close must not end the second run
        first.close();
        second.snapshot();
        assertFalse(second.lost());
    }

    @Test
    void thePingNoticesThatTheWorkerNoLongerServesTheRun() throws Exception {
        start(Duration.ofSeconds(2));
        HttpWorker first = coordinator("run-first");
        first.ping(Duration.ofSeconds(10)); // before initialize-driver the worker serves no run: no loss
        assertFalse(first.lost());
        first.initializeDriver(INMEMORY);
        first.ping(Duration.ofSeconds(10));
        assertFalse(first.lost());
        awaitFree();

        first.ping(Duration.ofSeconds(10));
        assertTrue(first.lost());
        assertTrue(losses.get("run-first").contains("it answers that it serves no run"), losses.get("run-first"));
    }

    @Test
    void aRunWhoseWorkerIsTakenMidRunEndsIncomplete() {
        start(Duration.ofMinutes(5));
        HttpWorker first = coordinator("run-first");
        HttpWorker second = coordinator("run-second");
        RunControl control = new RunControl();
        CollectingListener listener = new CollectingListener();
        AtomicBoolean taken = new AtomicBoolean();
        listener.onInterval(point -> {
            if (point.phase() == IntervalPoint.Phase.MEASURE && taken.compareAndSet(false, true)) {
                // as when the first run's lease ends unnoticed and another coordinator claims the worker
                server.host().reset("reset by the test");
                second.initializeDriver(INMEMORY);
            }
        });
        Workload workload = TestFiles.workload(dir, "testDurationSeconds: 60\n");
        RunRecord record = new RunRecord(workload, "workload.yaml", INMEMORY, Instant.now());
        RunRecord run = new BenchmarkRun(record, Payloads.of(workload), List.of(first),
                new RunOptions(Duration.ofSeconds(10), Duration.ofSeconds(2), 10_000), control, listener,
                RunClock.SYSTEM).execute();

        assertFalse(run.complete());
        assertTrue(run.incompleteReason().contains("taken by another coordinator"), run.incompleteReason());
        assertTrue(run.incompleteReason().startsWith("worker " + first.id() + " failed at "), run.incompleteReason());
        assertTrue(listener.intervals().size() < 10, "ended at the next call, not after 60 s");
        // the second run keeps the worker and its driver
        assertTrue(server.host().driverInitialized());
        second.snapshot();
        assertFalse(second.lost());
    }

    @Test
    void aLoadThreadKilledByAnErrorOnTheWorkerEndsTheRunWithTheReason() {
        start(Duration.ofMinutes(5));
        HttpWorker worker = coordinator("run-crash");
        CollectingListener listener = new CollectingListener();
        Workload workload = TestFiles.workload(dir, "testDurationSeconds: 60\n");
        DriverSetup crashing = TestFiles.faultyDriver(dir, Fault.CRASH);
        RunRecord record = new RunRecord(workload, "workload.yaml", crashing, Instant.now());

        RunRecord run = new BenchmarkRun(record, Payloads.of(workload), List.of(worker),
                new RunOptions(Duration.ofSeconds(10), Duration.ofSeconds(2), 10_000), new RunControl(), listener,
                RunClock.SYSTEM).execute();

        assertFalse(run.complete());
        assertEquals("worker " + worker.id() + ": load thread brokerbench-load-0 died of NoClassDefFoundError:"
                + " org/example/client/MissingFromTheDriverJar", run.incompleteReason());
        assertTrue(listener.intervals().size() <= 2, "ended at the first snapshot, not after 60 s: " + listener.intervals());
    }

    private void start(Duration lease) {
        server = new WorkerServer("127.0.0.1", 0, -1, TOKEN, lease);
    }

    private HttpWorker coordinator(String run) {
        return new HttpWorker(URI.create("http://127.0.0.1:" + server.port()), TOKEN, run,
                (worker, at, reason) -> losses.put(run, reason));
    }

    /** Waits (bounded) until the worker has let its run go. */
    private void awaitFree() {
        await("the worker lets its run go").atMost(Duration.ofSeconds(60)).until(() -> !server.host().lease().held());
    }
}

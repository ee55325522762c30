package io.brokerbench.remote.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerbench.remote.coordinator.HttpWorker;
import io.brokerbench.run.BenchmarkRun;
import io.brokerbench.run.RunClock;
import io.brokerbench.run.RunControl;
import io.brokerbench.run.RunOptions;
import io.brokerbench.run.RunRecord;
import io.brokerbench.testing.CollectingListener;
import io.brokerbench.testing.FaultInjectingDriver.Fault;
import io.brokerbench.testing.TestFiles;
import io.brokerbench.worker.DriverSetup;
import io.brokerbench.workload.Payloads;
import io.brokerbench.workload.Workload;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** A load thread that dies on a worker behind the HTTP API: its reason reaches the coordinator's result. */
@Timeout(120)
class RemoteLoadFailureTest {

    private static final String TOKEN = "load-failure-test";

    @TempDir
    Path dir;

    private WorkerServer server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void aLoadThreadKilledByAnErrorOnAWorkerEndsTheRunWithTheReason() {
        server = new WorkerServer("127.0.0.1", 0, -1, TOKEN, Duration.ofMinutes(5));
        HttpWorker worker = new HttpWorker(URI.create("http://127.0.0.1:" + server.port()), TOKEN, "run-crash",
                (w, at, reason) -> { });
        CollectingListener listener = new CollectingListener();
        Workload workload = TestFiles.workload(dir, "testDurationSeconds: 60\n");
        DriverSetup driver = TestFiles.faultyDriver(dir, Fault.CRASH);
        RunRecord record = new RunRecord(workload, "workload.yaml", driver, Instant.now());

        RunRecord run = new BenchmarkRun(record, Payloads.of(workload), List.of(worker),
                new RunOptions(Duration.ofSeconds(10), Duration.ofSeconds(2), 10_000), new RunControl(), listener,
                RunClock.SYSTEM).execute();

        assertFalse(run.complete());
        assertEquals("worker " + worker.id() + ": load thread brokerbench-load-0 died of NoClassDefFoundError:"
                + " org/example/client/MissingFromTheDriverJar", run.incompleteReason());
        assertTrue(listener.intervals().size() <= 2, "ended at the first snapshot, not after 60 s: " + listener.intervals());
    }
}

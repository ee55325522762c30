package io.brokerbench.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerbench.measurement.RunRecord;
import io.brokerbench.remote.coordinator.HttpWorker;
import io.brokerbench.remote.server.WorkerServer;
import io.brokerbench.result.ResultWriter;
import io.brokerbench.result.model.BenchmarkResult;
import io.brokerbench.result.model.MessageTotals;
import io.brokerbench.testing.CollectingListener;
import io.brokerbench.testing.LeakCheckingDriver.Ledger;
import io.brokerbench.testing.LeakCheckingDriver.Step;
import io.brokerbench.testing.LeakCheckingDriver;
import io.brokerbench.testing.TestFiles;
import io.brokerbench.worker.DriverSetup;
import io.brokerbench.worker.LocalWorker;
import io.brokerbench.worker.Worker;
import io.brokerbench.workload.Payloads;
import io.brokerbench.workload.Workload;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** A driver that fails at any setup step is closed by the time the run has ended, in-process or on a worker. */
@Timeout(120)
class SetupFailureTest {

    @TempDir
    Path dir;

    private final String ledgerName = LeakCheckingDriver.newLedger();

    @ParameterizedTest
    @EnumSource(value = Step.class, names = "NONE", mode = EnumSource.Mode.EXCLUDE)
    void inProcess(Step failAt) {
        assertFailedAndClosed(run(new LocalWorker(), failAt), failAt);
    }

    @ParameterizedTest
    @EnumSource(value = Step.class, names = "NONE", mode = EnumSource.Mode.EXCLUDE)
    void onARemoteWorker(Step failAt) {
        try (WorkerServer server = new WorkerServer("127.0.0.1", 0, -1, null, Duration.ofMinutes(5))) {
            HttpWorker worker = new HttpWorker(URI.create("http://127.0.0.1:" + server.port()), null, "run-" + failAt,
                    (w, at, reason) -> { });
            assertFailedAndClosed(run(worker, failAt), failAt);
            assertFalse(server.host().lease().held(), "the coordinator's close freed the worker");
        }
    }

    private void assertFailedAndClosed(RunRecord run, Step failAt) {
        assertFalse(run.complete());
        assertTrue(run.incompleteReason().contains("injected by the test"), run.incompleteReason());
        assertNothingJudged(run, failAt);
        Ledger drivers = LeakCheckingDriver.ledger(ledgerName);
        assertEquals(1, drivers.opened(), failAt.toString());
        assertEquals(1, drivers.closed(), failAt + ": the driver was not closed");
        assertFalse(Files.exists(drivers.files().get(0).getParent()), "scratch directory left behind");
    }

    /** A run that never reached verification must not say its delivery was clean. */
    private void assertNothingJudged(RunRecord run, Step failAt) {
        MessageTotals messages = writeResult(run).messages();
        assertFalse(messages.verified(), failAt.toString());
        assertNull(messages.deliveredCleanly(), failAt + ": nothing was verified, yet the result says " + messages);
        assertNull(messages.sentDeliveredCleanly(), failAt.toString());
        assertFalse(run.deliveredCleanly(), failAt.toString());
    }

    private BenchmarkResult writeResult(RunRecord run) {
        try {
            return new ResultWriter().write(run, dir.resolve("result.json"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private RunRecord run(Worker worker, Step failAt) {
        Workload workload = TestFiles.workload(dir, "");
        DriverSetup driver = new DriverSetup("LeakChecking", LeakCheckingDriver.class.getName(),
                LeakCheckingDriver.yaml(ledgerName, failAt), "leak.yaml");
        RunRecord record = new RunRecord(workload, "workload.yaml", driver, Instant.now());
        return new BenchmarkRun(record, Payloads.of(workload), List.of(worker),
                new RunOptions(Duration.ofSeconds(10), Duration.ofSeconds(2), 10_000), new RunControl(),
                new CollectingListener(), RunClock.SYSTEM).execute();
    }
}

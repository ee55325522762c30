package io.brokerbench.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerbench.delivery.SubscriptionVerdict;
import io.brokerbench.measurement.BacklogDrain;
import io.brokerbench.measurement.CountedCompletion;
import io.brokerbench.measurement.IntervalPoint.Phase;
import io.brokerbench.measurement.IntervalPoint;
import io.brokerbench.measurement.RunRecord;
import io.brokerbench.stats.Metric;
import io.brokerbench.testing.CollectingListener;
import io.brokerbench.testing.ManualClock;
import io.brokerbench.testing.SimulatedWorker;
import io.brokerbench.testing.TestFiles;
import io.brokerbench.worker.DriverSetup;
import io.brokerbench.workload.Payloads;
import io.brokerbench.workload.Workload;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Whole runs against a {@link SimulatedWorker} on a clock that moves only when the run waits:
 * phases of minutes take milliseconds, and every count and time is exact.
 */
class RunTimelineTest {

    private static final double SECOND = 1e9;

    @TempDir
    Path dir;

    private final ManualClock clock = new ManualClock(1_000_000_000_000L);
    private final SimulatedWorker worker = new SimulatedWorker(clock);
    private final CollectingListener listener = new CollectingListener();
    private RunOptions options = new RunOptions(Duration.ofSeconds(60), Duration.ofSeconds(10), 10_000);

    @Test
    void warmUpAndMeasuredPhaseLastTheirDurationsIntervalByInterval() {
        long start = clock.nanoTime();
        RunRecord run = run("producerRate: 1000\nwarmupDurationSeconds: 60\ntestDurationSeconds: 300\n"
                + "reportingIntervalSeconds: 10\nsubscriptionsPerTopic: 2\n");

        assertTrue(run.complete(), run.incompleteReason());
        assertEquals(6, run.intervals(Phase.WARMUP).size());
        assertEquals(30, run.intervals(Phase.MEASURE).size());
        for (int i = 0; i < run.intervals().size(); i++) {
            IntervalPoint point = run.intervals().get(i);
            assertEquals(10.0 * (i + 1), point.elapsedSeconds(), 1e-9);
            assertEquals(1000, point.publishRate(), 1e-9);
            assertEquals(2000, point.consumeRate(), 1e-9);
        }
        assertEquals(300_000, run.measuredSent());
        assertEquals(300.0, run.measuredSeconds(), 1e-9);
        assertEquals(360_000, run.totalSent());
        assertEquals(720_000, run.totalReceived());
        // the aggregate holds the measured phase only: one sample per message, per subscription end to end
        assertEquals(300_000, run.aggregated().get(Metric.PUBLISH_LATENCY).getTotalCount());
        assertEquals(600_000, run.aggregated().get(Metric.END_TO_END).getTotalCount());
        assertEquals(2, run.verdicts().size());
        run.verdicts().forEach(verdict -> assertTrue(verdict.clean(), verdict.toString()));
        assertTrue(run.deliveredCleanly());
        // six minutes of load and not a moment more: the probes arrived at once, nothing was left to drain
        assertEquals(360 * SECOND, clock.nanoTime() - start, 1e-3);
    }

    @Test
    void aBacklogIsBuiltWithConsumersClosedAndTheMeasuredPhaseLastsUntilItDrained() {
        worker.consumeRate = 2_000; // twice the publish rate: the backlog drains at 1,000 msg/s
        // 0.01 GiB of 1 KiB messages: 10,486 messages
        RunRecord run = run("producerRate: 1000\nmessageSize: 1024\nconsumerBacklogSizeGB: 0.01\ntestDurationSeconds: 5\n");

        assertTrue(run.complete(), run.incompleteReason());
        List<IntervalPoint> building = run.intervals(Phase.BACKLOG);
        assertEquals(11, building.size(), "1,000 messages pile up each second until 10,486 wait");
        assertTrue(building.get(9).backlog() < 10_486);
        assertEquals(11_000, building.get(10).backlog());
        List<IntervalPoint> measured = run.intervals(Phase.MEASURE);
        assertEquals(11, measured.size(), "longer than the 5 s asked for: until the backlog drained");
        assertTrue(measured.get(9).backlog() > 0);
        assertEquals(0, measured.get(10).backlog());
        assertTrue(listener.notes().contains("consumers reopened: draining the backlog"), listener.notes().toString());
        assertTrue(run.verdicts().get(0).clean(), run.verdicts().toString());

        BacklogDrain drain = run.backlogDrain();
        assertTrue(drain.drained());
        assertEquals(11_000, drain.backlogAtStart());
        assertEquals(0, drain.backlogAtEnd());
        assertEquals(11.0, drain.seconds(), 1e-9);
        assertEquals(22_000, drain.consumed());
        assertEquals(2_000, drain.consumeRate(), 1e-9);
        assertEquals(2_000 * 1024 / 1_048_576.0, drain.consumeMBps(), 1e-9);
        assertEquals(1_000, drain.netDrainRate(), 1e-9, "consumers take 2,000/s while producers add 1,000/s");
        // the 11,000 messages waiting at the reopening were read first, at 2,000/s: the last after 5.5 s
        assertEquals(5.5, drain.backlogReadSeconds(), 1e-6);
        assertEquals(2_000, drain.backlogReadRate(), 0.01);
    }

    @Test
    void aRunWithoutBacklogReportsNoDrain() {
        assertEquals(null, run("producerRate: 1000\n").backlogDrain());
    }

    @Test
    void aCountBoundedRunPublishesExactlyItsMessagesAndReportsHowLongPublishingAndConsumingTook() {
        worker.consumeRate = 500; // half the publish rate: consuming takes twice as long as publishing
        long start = clock.nanoTime();
        RunRecord run = run("producerRate: 1000\ntestMessages: 5000\nwarmupDurationSeconds: 60\n"
                + "testDurationSeconds: 3600\nreportingIntervalSeconds: 1\n");

        assertTrue(run.complete(), run.incompleteReason());
        assertTrue(run.intervals(Phase.WARMUP).isEmpty(), "every message of a counted run is measured");
        assertEquals(5, run.intervals(Phase.MEASURE).size(), "publishing ends after 5 s, not the workload's hour");
        assertEquals(5_000, run.totalSent());
        assertEquals(5_000, run.totalReceived());
        assertTrue(run.deliveredCleanly());
        CountedCompletion completion = run.completion();
        assertEquals(5_000, completion.messages());
        assertEquals(5_000, completion.sent());
        assertTrue(completion.allConsumed());
        assertEquals(5.0, completion.publishSeconds(), 1e-6);
        assertEquals(10.0, completion.consumeSeconds(), 1e-6);
        assertEquals(1_000, completion.publishRate(), 1e-3);
        assertEquals(500, completion.consumeRate(), 1e-3);
        // the drain waited for the consumers, and not for longer than they took (polling 100 ms)
        assertEquals(10 * SECOND, clock.nanoTime() - start, 0.1 * SECOND);
    }

    @Test
    void aCountBoundedRunWhosePublishingStallsEndsAfterTheQuietTimeout() {
        listener.onInterval(point -> {
            if (point.elapsedSeconds() >= 2) {
                worker.stallPublishing();
            }
        });
        RunRecord run = run("producerRate: 1000\ntestMessages: 1000000\nreportingIntervalSeconds: 1\n");

        assertTrue(run.complete(), run.incompleteReason());
        assertTrue(listener.notes().contains("publishing stalled: 2,000 of 1,000,000 message(s) sent, none for 10 s"),
                listener.notes().toString());
        assertFalse(run.completion().allConsumed());
        assertEquals(2_000, run.completion().sent());
    }

    @Test
    void aSilentSubscriptionFailsTheRunWhenTheReadinessTimeoutHasPassedOnTheRunsClock() {
        worker.probesArrive = false;
        options = new RunOptions(Duration.ofMinutes(10), Duration.ofSeconds(10), 10_000);
        long start = clock.nanoTime();

        RunRecord run = run("");

        assertFalse(run.complete());
        assertTrue(run.incompleteReason().startsWith("readiness probe timed out after 600 s: these subscriptions"
                + " received nothing: sim-0000000-"), run.incompleteReason());
        assertTrue(clock.nanoTime() - start > 600 * SECOND);
        // a round of probes each second
        assertEquals(601, worker.probeRounds, 1);
        assertTrue(run.intervals().isEmpty());
    }

    @Test
    void messagesThatStopArrivingAreWaitedForOnlyUntilTheDrainTimeout() {
        worker.neverDelivered = 100;
        RunRecord run = run("producerRate: 1000\ntestDurationSeconds: 10\n");

        assertTrue(run.complete(), run.incompleteReason());
        assertTrue(listener.notes().contains("drain: 100 message(s) still missing after 10 s without progress"),
                listener.notes().toString());
        SubscriptionVerdict verdict = run.verdicts().get(0);
        assertEquals(100, verdict.lost());
        assertFalse(run.deliveredCleanly());
        // each lost message is a censored sample of end-to-end latency from the intended time
        assertEquals(100, run.censoredSamples());
    }

    @Test
    void aStopRequestEndsTheRunAtTheNextWaitKeepingWhatWasMeasured() {
        RunControl control = new RunControl();
        listener.onInterval(point -> {
            if (point.phase() == Phase.MEASURE && point.elapsedSeconds() >= 30) {
                control.requestStop("interrupted by test");
            }
        });
        RunRecord run = run("producerRate: 1000\ntestDurationSeconds: 3600\n", control);

        assertFalse(run.complete());
        assertEquals("interrupted by test", run.incompleteReason());
        assertEquals(31, run.intervals().size(), "the interval that saw the stop ends at once");
        assertEquals(30_000, run.measuredSent());
        assertEquals(30_000, run.totalSent());
    }

    private RunRecord run(String workloadYaml) {
        return run(workloadYaml, new RunControl());
    }

    private RunRecord run(String workloadYaml, RunControl control) {
        Workload workload = TestFiles.workload(dir, workloadYaml);
        DriverSetup driver = new DriverSetup("Simulated", "none", "", "simulated.yaml");
        RunRecord record = new RunRecord(workload, "workload.yaml", driver, Instant.now());
        return new BenchmarkRun(record, Payloads.of(workload), List.of(worker), options, control, listener, clock)
                .execute();
    }
}

package io.brokerbench.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerbench.delivery.PhaseVerdict;
import io.brokerbench.measurement.BacklogDrain;
import io.brokerbench.measurement.IntervalPoint.Phase;
import io.brokerbench.measurement.IntervalPoint;
import io.brokerbench.measurement.RatePhaseSummary;
import io.brokerbench.measurement.RunRecord;
import io.brokerbench.stats.Metric;
import io.brokerbench.stats.Percentile;
import io.brokerbench.testing.CollectingListener;
import io.brokerbench.testing.ManualClock;
import io.brokerbench.testing.SimulatedRuns;
import io.brokerbench.testing.SimulatedWorker;
import io.brokerbench.testing.TestFiles;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A workload of rate phases, a step and a ramp, against a {@link SimulatedWorker} on the manual clock. */
class PhasedLoadTest {

    /** 5,000 messages at once on top of 1,000 msg/s, then a 10 s measured phase reported in one interval. */
    private static final String BURST_WITHOUT_WARMUP = """
            warmupDurationSeconds: 0
            testDurationSeconds: 10
            reportingIntervalSeconds: 10
            producerRate: 1000
            startupBurstMessages: 5000
            """;

    /** A warm-up, 20 s at 1,000 msg/s, then a ramp of 10 s each at 1,000, 2,500 and 4,000. */
    private static final String PHASES = """
            warmupDurationSeconds: 10
            reportingIntervalSeconds: 10
            phases:
              - durationSeconds: 20
                rate: 1000
              - name: ramp
                durationSeconds: 30
                fromRate: 1000
                toRate: 4000
                stepSeconds: 10
            """;

    @TempDir
    Path dir;

    private final ManualClock clock = new ManualClock(1_000_000_000_000L);
    private final SimulatedWorker worker = new SimulatedWorker(clock);
    private final CollectingListener listener = new CollectingListener();

    @Test
    void eachPhaseRunsAtItsRatesAndIsReportedOnItsOwn() {
        RunRecord run = run(PHASES);

        assertTrue(run.complete(), run.incompleteReason());
        // warm-up at the first phase's rate, then 20 s at 1,000 and 10 s each at 1,000, 2,500 and 4,000
        assertEquals(10_000 + 20_000 + 10_000 + 25_000 + 40_000, run.totalSent());
        assertEquals(50.0, run.measuredSeconds(), 1e-9);
        List<RatePhaseSummary> phases = run.ratePhases();
        assertEquals(List.of("1,000 msg/s", "ramp"), phases.stream().map(RatePhaseSummary::name).toList());
        assertEquals(20_000, phases.get(0).sent());
        assertEquals(75_000, phases.get(1).sent());
        assertEquals(1_000, phases.get(1).fromRate());
        assertEquals(4_000, phases.get(1).toRate());
        assertEquals(30.0, phases.get(1).seconds(), 1e-9);
        assertEquals(75_000, phases.get(1).latency().count(Metric.PUBLISH_LATENCY));
        assertEquals(SimulatedWorker.END_TO_END_MICROS, phases.get(1).latency().micros(Metric.END_TO_END, Percentile.P50),
                SimulatedWorker.END_TO_END_MICROS * 0.01);
        // interval points carry their phase: none in the warm-up, 2 then 3 in the measured phase
        assertEquals(List.of("1,000 msg/s", "1,000 msg/s", "ramp", "ramp", "ramp"),
                run.intervals(Phase.MEASURE).stream().map(IntervalPoint::ratePhase).toList());
        assertEquals(List.of(1_000.0, 1_000.0, 1_000.0, 2_500.0, 4_000.0),
                run.intervals(Phase.MEASURE).stream().map(IntervalPoint::publishRate).toList());
        assertEquals(null, run.intervals(Phase.WARMUP).get(0).ratePhase());
    }

    @Test
    void eachPhaseIsJudgedOnTheMessagesItWasDueToSend() {
        // messages 0-9,999 are the warm-up's, 10,000-29,999 the first phase's, 30,000-104,999 the ramp's
        worker.lostSequences.addAll(List.of(5L, 15_000L, 15_001L));
        worker.duplicatedSequences.addAll(List.of(40_000L, 104_999L));
        worker.reorderedSequences.addAll(List.of(29_999L, 30_000L, 30_001L));
        RunRecord run = run(PHASES);

        assertTrue(run.complete(), run.incompleteReason());
        List<PhaseVerdict> verdicts = run.ratePhases().stream().map(RatePhaseSummary::delivery).toList();
        assertEquals(new PhaseVerdict(0, 2, 0, 1, true, true), verdicts.get(0));
        assertEquals(new PhaseVerdict(0, 0, 2, 2, true, true), verdicts.get(1));
        // the run's verdict has the warm-up's loss too
        assertEquals(3, run.verdicts().get(0).lost());
        assertFalse(run.deliveredCleanly());
    }

    @Test
    void cleanPhasesAreJudgedClean() {
        RunRecord run = run(PHASES);

        assertTrue(run.deliveredCleanly());
        assertTrue(run.ratePhases().stream().allMatch(phase -> phase.delivery().clean()), run.ratePhases().toString());
    }

    @Test
    void ombForksIncrementKeysRunAsSteppedPhasesCappedAtTheProducerRate() {
        RunRecord run = run("""
                warmupDurationSeconds: 0
                testDurationSeconds: 40
                reportingIntervalSeconds: 10
                producerRate: 3000
                producerStartRate: 1000
                producerIncrementRate: 1500
                producerIncrementSeconds: 10
                """);

        assertTrue(run.complete(), run.incompleteReason());
        assertEquals(List.of("step 1: 1,000 msg/s", "step 2: 2,500 msg/s", "step 3: 3,000 msg/s"),
                run.ratePhases().stream().map(RatePhaseSummary::name).toList());
        assertEquals(20.0, run.ratePhases().get(2).seconds(), 1e-9);
        assertEquals(10_000 + 25_000 + 60_000, run.measuredSent());
    }

    @Test
    void aStartupBurstGoesOutWhileTheConsumersAreClosedAndIsReadOnceTheyReopen() {
        RunRecord run = run(BURST_WITHOUT_WARMUP);

        assertTrue(run.complete(), run.incompleteReason());
        // one backlog interval: the burst and 10 s of the schedule, all waiting for the closed consumers
        assertEquals(1, run.intervals(Phase.BACKLOG).size());
        assertEquals(15_000, run.intervals(Phase.BACKLOG).get(0).backlog());
        assertEquals(0, run.intervals(Phase.BACKLOG).get(0).consumeRate());
        assertEquals(25_000, run.totalSent());
        assertEquals(run.totalSent(), run.totalReceived());
        assertTrue(run.deliveredCleanly());
        assertTrue(listener.notes().contains("publishing a burst of 5,000 messages with consumers closed"),
                listener.notes().toString());
        // the reopened consumers caught up within the first measured interval: the drain is reported
        BacklogDrain drain = run.backlogDrain();
        assertTrue(drain != null && drain.drained(), String.valueOf(drain));
        assertEquals(15_000, drain.backlogAtStart());
        assertEquals(10.0, drain.seconds(), 1e-9);
    }

    @Test
    void aBurstDrainedDuringTheWarmUpIsReportedFromTheReopening() {
        RunRecord run = run("""
                warmupDurationSeconds: 10
                testDurationSeconds: 10
                reportingIntervalSeconds: 10
                producerRate: 1000
                startupBurstMessages: 5000
                """);

        assertTrue(run.complete(), run.incompleteReason());
        BacklogDrain drain = run.backlogDrain();
        assertTrue(drain.drained(), drain.toString());
        assertEquals(10.0, drain.seconds(), 1e-9);
        assertEquals(15_000, drain.backlogAtStart());
    }

    @Test
    void theBurstsReadingIsTimedByItsLastMessageNotByTheReportingInterval() {
        worker.consumeRate = 4_000;
        RunRecord run = run(BURST_WITHOUT_WARMUP);

        assertTrue(run.complete(), run.incompleteReason());
        BacklogDrain drain = run.backlogDrain();
        // the interval that found it drained ended 10 s after the reopening; the 15,000 messages
        // waiting then took the consumer 15,000 / 4,000 = 3.75 s
        assertEquals(10.0, drain.seconds(), 1e-9);
        assertEquals(15_000, drain.backlogAtStart());
        assertEquals(3.75, drain.backlogReadSeconds(), 1e-6);
        assertEquals(4_000, drain.backlogReadRate(), 0.01);
    }

    @Test
    void aRunWithoutABacklogReportsNoDrain() {
        RunRecord run = run("""
                warmupDurationSeconds: 0
                testDurationSeconds: 10
                reportingIntervalSeconds: 10
                producerRate: 1000
                """);
        assertEquals(null, run.backlogDrain());
    }

    private RunRecord run(String rates) {
        return SimulatedRuns.run(TestFiles.workloadOf(dir, rates), worker, clock, listener);
    }
}

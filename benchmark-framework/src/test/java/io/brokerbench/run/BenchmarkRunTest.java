package io.brokerbench.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerbench.config.ConfigException;
import io.brokerbench.delivery.SubscriptionVerdict;
import io.brokerbench.measurement.IntervalPoint;
import io.brokerbench.measurement.ProducerTotals;
import io.brokerbench.measurement.RunRecord;
import io.brokerbench.stats.Metric;
import io.brokerbench.testing.CollectingListener;
import io.brokerbench.testing.FaultInjectingDriver.Fault;
import io.brokerbench.testing.FaultInjectingDriver;
import io.brokerbench.testing.TestFiles;
import io.brokerbench.worker.DriverSetup;
import io.brokerbench.worker.LocalWorker;
import io.brokerbench.workload.Payloads;
import io.brokerbench.workload.Workload;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Whole runs through the in-memory driver, with and without injected broker faults. */
@Timeout(120)
class BenchmarkRunTest {

    @TempDir
    Path dir;

    private final CollectingListener listener = new CollectingListener();

    @Test
    void cleanRunCountsEveryMessageOnceAndMeasuresEveryMetric() {
        RunRecord run = run(TestFiles.workload(dir, "partitionsPerTopic: 3\nkeyDistributor: KEY_ROUND_ROBIN\n"
                + "subscriptionsPerTopic: 2\nconsumerPerSubscription: 2\nproducersPerTopic: 2\n"), Fault.NONE, new RunControl());

        assertTrue(run.complete(), run.incompleteReason());
        assertEquals(2, run.verdicts().size());
        for (SubscriptionVerdict verdict : run.verdicts()) {
            assertTrue(verdict.clean(), verdict.toString());
            assertTrue(verdict.orderingJudged(), "round-robin keys: per-key order is judged");
            assertEquals(run.totalSent(), verdict.expected());
            assertEquals(verdict.expected(), verdict.received());
        }
        assertEquals(2 * run.totalSent(), run.totalReceived());
        for (Metric metric : Metric.values()) {
            assertTrue(run.aggregated().get(metric).getTotalCount() > 0, metric + " recorded");
        }
        // how many the schedule sent depends on this machine's clock: RunTimelineTest checks counts exactly
        assertEquals(2, run.intervals(IntervalPoint.Phase.MEASURE).size());
    }

    @Test
    void lostMessagesAreCounted() {
        RunRecord run = run(TestFiles.workload(dir, ""), Fault.DROP, new RunControl());
        SubscriptionVerdict verdict = run.verdicts().get(0);
        assertTrue(verdict.lost() > 0, verdict.toString());
        assertEquals(0, verdict.duplicated());
        assertEquals(verdict.expected() - verdict.lost(), verdict.received());
    }

    @Test
    void duplicatesAreCounted() {
        RunRecord run = run(TestFiles.workload(dir, ""), Fault.DUPLICATE, new RunControl());
        SubscriptionVerdict verdict = run.verdicts().get(0);
        assertTrue(verdict.duplicated() > 0, verdict.toString());
        assertEquals(0, verdict.lost());
        assertEquals(verdict.expected() + verdict.duplicated(), verdict.received());
    }

    @Test
    void reorderingIsCountedWherePromisedAndNotJudgedWhereNot() {
        RunRecord ordered = run(TestFiles.workload(dir, ""), Fault.REORDER, new RunControl());
        assertTrue(ordered.verdicts().get(0).reordered() > 0, ordered.verdicts().toString());
        assertEquals(0, ordered.verdicts().get(0).lost());

        RunRecord unordered = run(TestFiles.workload(dir, "partitionsPerTopic: 4\n"), Fault.REORDER, new RunControl());
        assertFalse(unordered.verdicts().get(0).orderingJudged());
        assertEquals(0, unordered.verdicts().get(0).reordered());
    }

    @Test
    void readinessTimeoutNamesTheSilentSubscription() {
        RunOptions quick = new RunOptions(Duration.ofSeconds(2), Duration.ofSeconds(1), 1000);
        RunRecord run = run(TestFiles.workload(dir, ""), Fault.SILENT, new RunControl(), quick);
        assertFalse(run.complete());
        assertTrue(run.incompleteReason().startsWith("readiness probe timed out after 2 s"), run.incompleteReason());
        assertTrue(run.incompleteReason().contains("/sub-000-"), run.incompleteReason());
    }

    @Test
    void aStopRequestEndsTheRunIncompleteWithWhatWasMeasured() {
        RunControl control = new RunControl();
        // as Ctrl-C would, once the measured phase has produced its first interval
        listener.onInterval(point -> {
            if (point.phase() == IntervalPoint.Phase.MEASURE) {
                control.requestStop("interrupted by test");
            }
        });
        RunRecord run = run(TestFiles.workload(dir, "testDurationSeconds: 60\n"), Fault.NONE, control);

        assertFalse(run.complete());
        assertEquals("interrupted by test", run.incompleteReason());
        assertTrue(run.measuredSent() > 0, "the partial measured phase is kept");
        assertTrue(run.aggregated().get(Metric.END_TO_END).getTotalCount() > 0);
        assertTrue(run.end() != null);
        assertEquals(2, listener.intervals().size(), "stopped at the next interval, not after 60 s");
    }

    @Test
    void backlogIsBuiltWithConsumersClosedThenDrained() {
        // ~0.2 MB at 100-byte messages: 2,000 messages per subscription
        RunRecord run = run(TestFiles.workload(dir, "consumerBacklogSizeGB: 0.0002\nproducerRate: 4000\n"),
                Fault.NONE, new RunControl());
        assertTrue(run.complete(), run.incompleteReason());
        long peak = run.intervals().stream().mapToLong(IntervalPoint::backlog).max().orElse(0);
        assertTrue(peak >= 2000, "backlog reached " + peak);
        assertTrue(run.intervals().stream().anyMatch(p -> p.phase() == IntervalPoint.Phase.BACKLOG));
        assertTrue(run.verdicts().get(0).clean(), run.verdicts().toString());
        assertEquals(run.totalSent(), run.totalReceived());
    }

    @Test
    void produceOnlyWorkloadRunsWithoutVerification() {
        RunRecord run = run(TestFiles.workload(dir, "subscriptionsPerTopic: 0\nconsumerPerSubscription: 0\n"),
                Fault.NONE, new RunControl());
        assertTrue(run.complete(), run.incompleteReason());
        assertTrue(run.measuredSent() > 0);
        assertEquals(0, run.totalReceived());
        assertTrue(listener.notes().stream().anyMatch(n -> n.contains("readiness probe skipped")));
    }

    @Test
    void failedSendsAreNoSuccessAndAreSaidOnce() {
        RunRecord run = run(TestFiles.workload(dir, ""), Fault.FAIL_SENDS, new RunControl());
        assertTrue(run.complete(), run.incompleteReason());
        assertFalse(run.deliveredCleanly(), "sends failed: the exit code must not be 0");
        assertFalse(run.sentDeliveredCleanly(), "a failed send is a delivery fault, not only a rate not held");
        SubscriptionVerdict verdict = run.verdicts().get(0);
        assertTrue(verdict.sendFailures() > 0, verdict.toString());
        assertEquals(run.producers().failed(), verdict.sendFailures());
        assertEquals(verdict.sendFailures(), verdict.neverReceived());
        assertEquals(1, listener.notes().stream().filter(n -> n.startsWith("sends failing")).count(), listener.notes().toString());
        // every failed send is a sample of publish latency from intended time, none of publish latency
        long sent = run.producers().sent();
        assertEquals(sent, run.aggregated().get(Metric.PUBLISH_LATENCY).getTotalCount() + run.producers().failed(), 0.02 * sent);
        assertTrue(run.aggregated().get(Metric.END_TO_END_FROM_INTENDED).getTotalCount() >= run.totalReceived() + verdict.neverReceived());
    }

    @Test
    void aBrokerThatStopsAnsweringShowsInLatencyFromIntendedAndIsCounted() {
        // 2,000 msg/s: sends stop being acknowledged after 1,000; the in-flight limit then holds the producer back
        RunOptions options = new RunOptions(Duration.ofSeconds(10), Duration.ofSeconds(1), 1_500);
        RunRecord run = run(TestFiles.workload(dir, "testDurationSeconds: 3\n"), Fault.HANG, new RunControl(), options);
        assertTrue(run.complete(), run.incompleteReason());
        assertFalse(run.deliveredCleanly());
        ProducerTotals producers = run.producers();
        assertEquals(1_500, producers.unacknowledged());
        assertFalse(run.sentDeliveredCleanly(), "sends never acknowledged are a delivery fault");
        assertTrue(producers.unsent() > 2_000, producers.toString());
        assertEquals(producers.due(), producers.sent() + producers.unsent());
        assertTrue(listener.notes().stream().anyMatch(n -> n.startsWith("publishing stalled")), listener.notes().toString());
        // the outage lasted seconds: the latencies from intended time must say so, not the ~µs of what did arrive
        double stalledMicros = 1_000_000;
        assertTrue(run.aggregated().get(Metric.PUBLISH_LATENCY_FROM_INTENDED).getMaxValue() > stalledMicros);
        assertTrue(run.aggregated().get(Metric.PUBLISH_DELAY).getMaxValue() > stalledMicros);
        assertTrue(run.aggregated().get(Metric.END_TO_END_FROM_INTENDED).getMaxValue() > stalledMicros);
        assertTrue(run.aggregated().get(Metric.END_TO_END).getMaxValue() < stalledMicros, "what arrived, arrived fast");
        // unsent: publish delay, publish and end-to-end from intended; unacknowledged: publish; never received: end-to-end
        assertEquals(producers.unsent() * 3 + producers.unacknowledged() + run.verdicts().get(0).neverReceived(),
                run.censoredSamples());
    }

    @Test
    void aProducerHeldBackByTheBrokerFailsTheRateButNotTheDelivery() {
        // 2,000 msg/s due, but after the first 1,000 sends each takes 2 ms of the load thread: at most ~500 msg/s go out
        RunRecord run = run(TestFiles.workload(dir, ""), Fault.SLOW, new RunControl());
        assertTrue(run.complete(), run.incompleteReason());
        ProducerTotals producers = run.producers();
        assertTrue(producers.unsent() > 1_000, producers.toString());
        assertFalse(run.deliveredCleanly(), "messages due were never sent: not a clean run");
        assertTrue(run.sentDeliveredCleanly(), "everything sent arrived: " + run.verdicts());
        assertEquals(run.totalSent(), run.totalReceived());
    }

    @Test
    void acknowledgementsThatComeAfterTheConsumersHadTheMessageStillCount() {
        // every message reaches its consumer at once and its producer 300 ms later: when the last
        // message has arrived, its acknowledgement is still on its way and must be waited for
        // a drain timeout far above the 300 ms: on a loaded machine the acknowledging thread can be late
        // (this failed there with 2 s); waiting ends as soon as the last acknowledgement is in
        RunRecord run = run(TestFiles.workload(dir, ""), Fault.LATE_ACKS, new RunControl(),
                new RunOptions(Duration.ofSeconds(10), Duration.ofSeconds(20), 10_000));
        assertTrue(run.complete(), run.incompleteReason());
        assertEquals(0, run.producers().unacknowledged(), run.producers().toString());
        assertTrue(run.deliveredCleanly(), run.producers() + " " + run.verdicts());
    }

    @Test
    void aProducerOnlyRunWaitsForAcknowledgementsThatComeLate() {
        // no consumer to wait for: the acknowledgements, each 300 ms late, are all such a run is judged by
        RunRecord run = run(TestFiles.workload(dir, "subscriptionsPerTopic: 0\nconsumerPerSubscription: 0\n"), Fault.LATE_ACKS,
                new RunControl(), new RunOptions(Duration.ofSeconds(10), Duration.ofSeconds(20), 10_000));
        assertTrue(run.complete(), run.incompleteReason());
        assertTrue(run.producers().sent() > 0, run.producers().toString());
        assertEquals(0, run.producers().unacknowledged(), run.producers().toString());
        assertFalse(run.judgesSubscriptions(), "no subscription saw the messages");
    }

    @Test
    void existingTopicsOnADriverThatCannotLookThemUpAreBadInputAndNothingRuns() {
        Workload workload = TestFiles.workload(dir, "topics: 0\npartitionsPerTopic: 0\nexistingTopicList: [orders]\n");
        ConfigException e = assertThrows(ConfigException.class, () -> run(workload, Fault.NONE, new RunControl()));
        assertTrue(e.getMessage().startsWith("workload.yaml: field 'existingTopicList' = [orders]: driver Faulty cannot look"
                + " topics up"), e.getMessage());
        assertTrue(listener.intervals().isEmpty(), "no load ran");
        assertTrue(listener.notes().stream().noneMatch(n -> n.startsWith("creating")), listener.notes().toString());
    }

    @Test
    void aLoadThreadKilledByAnErrorEndsTheRunWithTheReason() {
        RunRecord run = run(TestFiles.workload(dir, "testDurationSeconds: 60\n"), Fault.CRASH, new RunControl());

        assertFalse(run.complete());
        assertEquals("worker local: load thread brokerbench-load-0 died of NoClassDefFoundError:"
                + " org/example/client/MissingFromTheDriverJar", run.incompleteReason());
        assertTrue(run.totalSent() >= FaultInjectingDriver.HEALTHY_SENDS - 8, "what was sent before is kept: " + run.totalSent());
        assertTrue(listener.intervals().size() <= 2, "ended at the first snapshot, not after 60 s: " + listener.intervals());
    }

    private RunRecord run(Workload workload, Fault fault, RunControl control) {
        return run(workload, fault, control, new RunOptions(Duration.ofSeconds(10), Duration.ofSeconds(2), 10_000));
    }

    private RunRecord run(Workload workload, Fault fault, RunControl control, RunOptions options) {
        DriverSetup driver = TestFiles.faultyDriver(dir, fault);
        RunRecord record = new RunRecord(workload, "workload.yaml", driver, Instant.now());
        return new BenchmarkRun(record, Payloads.of(workload), List.of(new LocalWorker()), options, control, listener,
                RunClock.SYSTEM).execute();
    }
}

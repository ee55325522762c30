package io.brokerbench.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import io.brokerbench.testing.TestFiles;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each kind of workload, and the one shape it is decided to have. */
class RunShapeTest {

    @TempDir
    Path dir;

    @Test
    void aRateIsTimedAndZeroUnthrottledIsTimedAsFastAsPossible() {
        assertEquals(new RunShape.Timed(2000), TestFiles.workload(dir, "").shape());
        assertEquals(new RunShape.Timed(0), TestFiles.workload(dir, "producerRate: 0\nunthrottled: true\n").shape());
    }

    @Test
    void rateZeroSearchesWithTheWorkloadsWindowProbeAndObjectives() {
        RunShape shape = TestFiles.workload(dir, "producerRate: 0\nrateSearchWindowSeconds: 3\nrateSearchProbeSeconds: 7\n"
                + "rateSearchObjectives: {endToEndP99Millis: 20}\n").shape();
        RunShape.Searched search = assertInstanceOf(RunShape.Searched.class, shape);
        assertEquals(Duration.ofSeconds(3), search.window());
        assertEquals(Duration.ofSeconds(7), search.probe());
        assertEquals(10_000, search.startRate());
        assertEquals(Double.valueOf(20), search.objectives().endToEndP99Millis());
    }

    @Test
    void phasesAndARampArePhasedAndStartAtTheirFirstRate() {
        RunShape phases = TestFiles.workloadOf(dir, "phases: [{durationSeconds: 2, rate: 500}, {durationSeconds: 2, rate: 900}]\n")
                .shape();
        assertEquals(500, assertInstanceOf(RunShape.Phased.class, phases).startRate());
        RunShape ramp = TestFiles.workload(dir, "producerStartRate: 100\nproducerIncrementRate: 100\n"
                + "producerIncrementSeconds: 1\n").shape();
        assertEquals(100, assertInstanceOf(RunShape.Phased.class, ramp).startRate());
    }

    @Test
    void existingTopicsWithoutProducersAreReadUntilQuietWithinTheTestDurationAndWithoutWarmUp() {
        Workload workload = TestFiles.workload(dir, "topics: 0\npartitionsPerTopic: 0\nproducersPerTopic: 0\nproducerRate: 0\n"
                + "existingTopicList: [a, b]\ntestDurationSeconds: 30\n");
        assertEquals(new RunShape.ConsumerOnly(Duration.ofSeconds(30)), workload.shape());
        assertEquals(Duration.ZERO, workload.warmupDuration(), "every message read is measured");
        assertEquals(2, workload.topics());
        assertEquals(0, workload.partitionsPerTopic(), "the broker's counts are used");
    }

    @Test
    void noSubscriptionsIsAProducerOnlyRunOfTheUsualShape() {
        Workload workload = TestFiles.workload(dir, "subscriptionsPerTopic: 0\nconsumerPerSubscription: 0\n");
        assertEquals(new RunShape.Timed(2000), workload.shape());
        assertEquals(true, workload.isProducerOnly());
    }

    @Test
    void aMessageCountIsCountBoundedAlsoAtRateZero() {
        assertEquals(new RunShape.CountBounded(5000, 0), TestFiles.workload(dir, "producerRate: 0\ntestMessages: 5000\n").shape());
    }
}

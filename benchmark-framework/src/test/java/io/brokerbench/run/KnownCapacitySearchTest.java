package io.brokerbench.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerbench.driver.inmemory.capacity.CapacityModel;
import io.brokerbench.measurement.DiscoveredRate;
import io.brokerbench.measurement.RunRecord;
import io.brokerbench.testing.CollectingListener;
import io.brokerbench.testing.ManualClock;
import io.brokerbench.testing.SimulatedRuns;
import io.brokerbench.testing.SimulatedWorker;
import io.brokerbench.testing.TestFiles;
import java.nio.file.Path;
import java.util.Locale;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The max-rate search proven against a broker whose capacity is known: a {@link SimulatedWorker}
 * served by the in-memory driver's model ({@link CapacityModel}), whose acknowledgements and
 * deliveries follow it exactly. Whatever steps the search takes, the rate it returns must be the
 * capacity within 2 %: above it the broker publishes no more than its capacity (a full queue holds
 * the producer back), below it everything is acknowledged and delivered.
 */
class KnownCapacitySearchTest {

    /** The search's resolution (2 %) around the capacity. */
    private static final double WITHIN = 0.02;

    @TempDir
    Path dir;

    private final ManualClock clock = new ManualClock(1_000_000_000_000L);
    private final SimulatedWorker worker = new SimulatedWorker(clock);
    private final CollectingListener listener = new CollectingListener();

    @ParameterizedTest(name = "{0} msg/s, queue {1}, jitter {2}")
    @CsvSource({
        "37000, 100000, 0",
        "37000, 100000, 0.2",
        "200000, 100000, 0",
        "200000, 100000, 0.2",
        "200000, 1000, 0.5",
        "1000000, 100000, 0",
        "1000000, 100000, 0.2",
    })
    void theSearchFindsTheCapacity(double serviceRate, int queueLimit, double jitter) {
        worker.serveWith(new CapacityModel(serviceRate, queueLimit, jitter, 1));
        RunRecord run = SimulatedRuns.run(TestFiles.workload(dir, "producerRate: 0\nwarmupDurationSeconds: 0\n"
                + "testDurationSeconds: 4\nsubscriptionsPerTopic: 1\n"), worker, clock, listener);

        assertTrue(run.complete(), run.incompleteReason());
        DiscoveredRate found = run.discoveredRate();
        assertTrue(found.result().converged(), found.toString());
        double ratio = found.result().rate() / serviceRate;
        assertEquals(1, ratio, WITHIN, String.format(Locale.ROOT, "found %,.0f msg/s against a capacity of %,.0f; %s",
                found.result().rate(), serviceRate, listener.notes()));
    }
}

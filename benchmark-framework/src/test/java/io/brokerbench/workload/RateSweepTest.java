package io.brokerbench.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.brokerbench.config.ConfigException;
import io.brokerbench.testing.TestFiles;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RateSweepTest {

    @TempDir
    Path dir;

    @Test
    void ratesAreTheStepsInTheOrderGiven() {
        Workload workload = TestFiles.workload(dir, "sweep:\n  rates: [10000, 5000, 20000]\n");
        assertTrue(workload.sweep().wanted());
        assertEquals(List.of(10000.0, 5000.0, 20000.0), workload.sweep().targetRates());
    }

    @Test
    void percentagesAreOfTheMaximumRate() {
        Workload workload = TestFiles.workload(dir, "sweep:\n  percentOfMax: [10, 50, 100]\n  maxRate: 200000\n");
        assertEquals(List.of(20000.0, 100000.0, 200000.0), workload.sweep().targetRates());
        assertFalse(workload.sweep().discoversMaximum());
    }

    @Test
    void percentagesWithoutMaxRateAreOfAMaximumDiscoveredFirst() {
        RateSweep sweep = TestFiles.workload(dir, "sweep:\n  percentOfMax: [10, 50, 100]\n").sweep();
        assertTrue(sweep.discoversMaximum());
        assertEquals(3, sweep.steps());
        assertThrows(IllegalStateException.class, sweep::targetRates);
        RateSweep found = sweep.withMaximum(40000);
        assertFalse(found.discoversMaximum());
        assertEquals(List.of(4000.0, 20000.0, 40000.0), found.targetRates());
    }

    @Test
    void anAbsentSweepIsNoneAndIsNotWrittenBack() {
        Workload workload = TestFiles.workload(dir, "");
        assertFalse(workload.sweep().wanted());
        assertFalse(new ObjectMapper().valueToTree(workload).has("sweep"));
        assertTrue(new ObjectMapper().valueToTree(TestFiles.workload(dir, "sweep:\n  rates: [1]\n")).has("sweep"));
    }

    @Test
    void badSweepsAreOneLineErrorsNamingTheField() {
        assertError("sweep:\n  rates: [1000]\n  percentOfMax: [50]\n  maxRate: 10\n", "'sweep.percentOfMax'", "not both");
        assertError("sweep:\n  percentOfMax: [50]\nunthrottled: true\nproducerRate: 0\n", "'unthrottled'", "not both");
        assertError("sweep:\n  rates: []\n", "'sweep.rates'", "at least one step");
        assertError("sweep:\n  rates: [1000, 0]\n", "'sweep.rates'", "above 0");
        assertError("sweep:\n  percentOfMax: [50, 2000]\n  maxRate: 10\n", "'sweep.percentOfMax'", "at most 1000");
        assertError("sweep:\n  rates: [1000]\n  maxRate: 10\n", "'sweep.maxRate'", "only with 'percentOfMax'");
        assertError("sweep:\n  rates: [1000]\ntestMessages: 10\n", "'testMessages'", "not both");
    }

    private void assertError(String yaml, String... parts) {
        ConfigException error = assertThrows(ConfigException.class, () -> TestFiles.workload(dir, yaml));
        for (String part : parts) {
            assertTrue(error.getMessage().contains(part), error.getMessage());
        }
        assertFalse(error.getMessage().contains("\n"), error.getMessage());
    }
}

package io.brokerbench.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.brokerbench.measurement.RunRecord;
import io.brokerbench.testing.InProcessRuns;
import io.brokerbench.testing.StatsCountingDriver;
import io.brokerbench.testing.TestFiles;
import io.brokerbench.worker.LocalWorker;
import io.brokerbench.workload.Workload;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each interval of the result carries the load generator's JVM and the driver's BookKeeper stats:
 * an OMB-style driver (it counts only through the StatsLogger it is handed) sees its counter, op
 * stats and gauge in the result.
 */
class IntervalMetricsInResultTest {

    @TempDir
    Path dir;

    private JsonNode run(boolean recordMetrics) throws Exception {
        Workload workload = TestFiles.workload(dir, "warmupDurationSeconds: 1\ntestDurationSeconds: 2\n");
        RunRecord record = InProcessRuns.run(workload, TestFiles.driver(dir, StatsCountingDriver.class),
                new LocalWorker(recordMetrics));
        Path file = dir.resolve("r.json");
        new ResultWriter().write(record, file);
        return new ObjectMapper().readTree(file.toFile());
    }

    @Test
    void everyIntervalHasTheLoadGeneratorsJvmAndTheDriversStats() throws Exception {
        JsonNode json = run(true);
        assertTrue(json.get("complete").asBoolean(), json.toString());
        JsonNode intervals = json.get("intervals");
        assertEquals(3, intervals.size(), "1 s warm-up and 2 s measured, one interval per second");
        for (JsonNode interval : intervals) {
            JsonNode usage = interval.get("loadGenerators").get(0);
            assertEquals("local", usage.get("worker").asText());
            assertTrue(usage.get("cpuCores").asDouble() > 0, usage.toString());
            assertTrue(usage.get("heapUsedBytes").asLong() > 0, usage.toString());
            assertTrue(usage.get("heapCommittedBytes").asLong() >= usage.get("heapUsedBytes").asLong(), usage.toString());
            assertTrue(usage.get("gcPauses").asLong() >= 0 && usage.get("gcPauseMillis").asDouble() >= 0, usage.toString());
            assertTrue(usage.get("threads").asInt() > 0, usage.toString());
            assertFalse(interval.has("broker"), "no local broker in this run");
            assertFalse(interval.has("clientMetrics"), "the driver reports no client metrics");

            JsonNode stats = interval.get("driverStats");
            // the driver counts every send; the interval's publish rate counts the same sends. The
            // snapshot reads the driver's stats a moment after the load threads' counts, so an
            // interval's boundary differs by the sends of that moment: tens of ms on a loaded machine
            double publishRate = interval.get("publishRate").asDouble();
            assertEquals(publishRate, stats.get("counting.sends.perSecond").asDouble(), publishRate * 0.1 + 5, stats.toString());
            assertEquals(publishRate, stats.get("counting.send.successesPerSecond").asDouble(), publishRate * 0.1 + 5,
                    stats.toString());
            assertEquals(0, stats.get("counting.send.failuresPerSecond").asDouble(), stats.toString());
            assertEquals(StatsCountingDriver.SEND_MILLIS, stats.get("counting.send.mean").asDouble(), 1e-9, stats.toString());
            assertEquals(StatsCountingDriver.SEND_MILLIS, stats.get("counting.send.max").asDouble(), 1e-9, stats.toString());
            assertEquals(1, stats.get("counting.producers").asDouble(), stats.toString());
        }
        // what the sampling took is measured in the run: more than nothing, a small part of the client's CPU
        JsonNode load = json.get("loadGenerator");
        double recording = load.get("recordingCpuSeconds").asDouble();
        assertTrue(recording > 0 && recording < load.get("processCpuSeconds").asDouble(), load.toString());
        assertEquals(100 * recording / load.get("processCpuSeconds").asDouble(), load.get("recordingCpuPercent").asDouble(),
                0.01, load.toString());
        // the cores the client kept busy: its CPU seconds over the measured phase's seconds
        assertEquals(load.get("processCpuSeconds").asDouble() / json.get("measured").get("seconds").asDouble(),
                load.get("processCpuCores").asDouble(), 0.002, load.toString());
        long counted = intervals.get(intervals.size() - 1).get("driverStats").get("counting.sends.count").asLong();
        // the counter also counts the readiness probes, sent before the load started
        assertTrue(counted >= json.get("measured").get("messagesSent").asLong(), counted + " vs " + json.get("measured"));
    }

    @Test
    void withoutRecordingTheIntervalsHaveOnlyTheirMeasurements() throws Exception {
        JsonNode json = run(false);
        assertTrue(json.get("complete").asBoolean(), json.toString());
        for (JsonNode interval : json.get("intervals")) {
            assertTrue(interval.has("publishRate"), interval.toString());
            assertFalse(interval.has("loadGenerators"), interval.toString());
            assertFalse(interval.has("driverStats"), interval.toString());
        }
    }
}

package io.brokerbench.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.brokerbench.measurement.RunRecord;
import io.brokerbench.testing.FaultInjectingDriver.Fault;
import io.brokerbench.testing.InProcessRuns;
import io.brokerbench.testing.TestFiles;
import io.brokerbench.worker.LocalWorker;
import io.brokerbench.workload.Workload;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The result file carries every field of OMB's TestResult, with OMB's names, JSON types and units. */
class OmbResultFieldsTest {

    private static final List<String> OMB_SCALARS = List.of("workload", "driver", "messageSize", "topics", "partitions",
            "producersPerTopic", "consumersPerTopic");
    private static final List<String> OMB_SERIES = List.of("publishRate", "publishErrorRate", "consumeRate", "backlog");
    private static final List<String> SUFFIXES = List.of("Avg", "50pct", "75pct", "95pct", "99pct", "999pct", "9999pct",
            "99999pct", "Max");

    @TempDir
    Path dir;

    @Test
    void everyOmbFieldIsPresentWithOmbUnits() throws Exception {
        Workload workload = TestFiles.workload(dir, "testDurationSeconds: 2\n");
        RunRecord record = InProcessRuns.run(workload, TestFiles.faultyDriver(dir, Fault.NONE), new LocalWorker());
        Path file = dir.resolve("r.json");
        new ResultWriter().write(record, file);
        JsonNode json = new ObjectMapper().readTree(file.toFile());

        for (String field : OMB_SCALARS) {
            assertTrue(json.has(field), field);
        }
        int intervals = json.get("publishRate").size();
        assertEquals(2, intervals);
        for (String field : OMB_SERIES) {
            assertEquals(intervals, json.get(field).size(), field);
        }
        for (String metric : List.of("publishLatency", "publishDelayLatency", "endToEndLatency")) {
            String aggregated = "aggregated" + Character.toUpperCase(metric.charAt(0)) + metric.substring(1);
            for (String suffix : SUFFIXES) {
                assertEquals(intervals, json.get(metric + suffix).size(), metric + suffix);
                assertTrue(json.get(aggregated + suffix).isNumber(), aggregated + suffix);
            }
            assertTrue(json.get(aggregated + "Quantiles").size() > 0, aggregated + "Quantiles");
        }
        // OMB: publish delay in whole microseconds (long), the other latencies in milliseconds (double)
        assertTrue(json.get("aggregatedPublishDelayLatency50pct").isIntegralNumber());
        assertTrue(json.get("aggregatedEndToEndLatency50pct").isDouble());
        double p50 = json.get("aggregatedEndToEndLatency50pct").asDouble();
        double max = json.get("aggregatedEndToEndLatencyMax").asDouble();
        // in-memory delivery takes under a microsecond, so p50 may be 0; the max of a 2 s run is not hours
        assertTrue(p50 >= 0 && p50 <= max && max < 10_000, "milliseconds: " + p50 + " .. " + max);
        assertTrue(json.get("aggregatedEndToEndLatencyFromIntended99pct").isNumber());
    }

    @Test
    void aCountBoundedRunPublishesExactlyItsMessagesOverItsProducersAndWritesItsTimes() throws Exception {
        Workload workload = TestFiles.workload(dir, "producersPerTopic: 2\nproducerRate: 20000\ntestMessages: 3001\n");
        RunRecord record = InProcessRuns.run(workload, TestFiles.faultyDriver(dir, Fault.NONE), new LocalWorker());
        Path file = dir.resolve("counted.json");
        new ResultWriter().write(record, file);
        JsonNode counted = new ObjectMapper().readTree(file.toFile()).get("countBounded");

        assertEquals(3001, counted.get("testMessages").asLong());
        assertEquals(3001, counted.get("sent").asLong());
        assertEquals(3001, counted.get("received").asLong());
        assertTrue(counted.get("allConsumed").asBoolean());
        double publish = counted.get("publishSeconds").asDouble();
        assertTrue(publish > 0 && publish <= counted.get("consumeSeconds").asDouble(), counted.toString());
        assertTrue(record.deliveredCleanly(), record.verdicts().toString());
        assertEquals(3001, record.producers().due(), "nothing beyond the count was due");
    }
}

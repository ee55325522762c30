package io.brokerbench.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.brokerbench.measurement.RunRecord;
import io.brokerbench.stats.LatencyHistograms;
import io.brokerbench.stats.Metric;
import io.brokerbench.stats.Percentile;
import io.brokerbench.testing.FaultInjectingDriver.Fault;
import io.brokerbench.testing.InProcessRuns;
import io.brokerbench.testing.TestFiles;
import io.brokerbench.worker.LocalWorker;
import io.brokerbench.workload.Workload;
import java.io.File;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The histogram log beside a result, read back with HdrHistogram's own reader: its measured, drain
 * and censored entries merged give the result's aggregate percentiles exactly, and every interval of
 * every phase is there.
 */
class HistogramLogTest {

    @TempDir
    Path dir;

    @Test
    void theLoggedHistogramsGiveTheResultsPercentilesAgain() throws Exception {
        Workload workload = TestFiles.workload(dir, "warmupDurationSeconds: 1\ntestDurationSeconds: 2\nproducerRate: 2000\n");
        Path result = dir.resolve("r.json");
        RunRecord record;
        try (HistogramLog log = HistogramLog.open(result, "test")) {
            record = InProcessRuns.run(workload, TestFiles.faultyDriver(dir, Fault.NONE), new LocalWorker(), log);
        }
        new ResultWriter().write(record, result);
        JsonNode json = new ObjectMapper().readTree(result.toFile());
        assertEquals("r.hlog", json.get("histogramLog").asText());

        Map<Metric, Histogram> aggregate = new EnumMap<>(Metric.class);
        for (Metric metric : Metric.values()) {
            aggregate.put(metric, LatencyHistograms.newHistogram());
        }
        Set<String> phases = new HashSet<>();
        HistogramLogReader reader = new HistogramLogReader(new File(HistogramLog.pathFor(result).toString()));
        for (EncodableHistogram entry = reader.nextIntervalHistogram(); entry != null; entry = reader.nextIntervalHistogram()) {
            String[] tag = entry.getTag().split("\\.");
            phases.add(tag[0]);
            if (Set.of("measure", "drain", "censored").contains(tag[0])) {
                aggregate.get(Metric.ofResultName(tag[1])).add((Histogram) entry);
            }
        }
        assertTrue(phases.containsAll(Set.of("warm-up", "measure")), phases.toString());
        for (Metric metric : Metric.values()) {
            assertTrue(aggregate.get(metric).getTotalCount() > 0, metric.toString());
            for (Percentile percentile : Percentile.values()) {
                double micros = percentile.of(aggregate.get(metric));
                String name = ResultFigure.aggregated(metric, percentile).path();
                double expected = json.get(name).asDouble();
                double recomputed = metric.resultUnit() == Metric.ResultUnit.MICROSECONDS
                        ? (percentile == Percentile.AVG ? Math.round(micros * 1000.0) / 1000.0 : Math.round(micros))
                        : Math.round(micros) / 1000.0;
                assertEquals(expected, recomputed, 1e-9, name);
            }
        }
    }
}

package io.brokerbench.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.brokerbench.config.ConfigException;
import io.brokerbench.result.model.BenchmarkResult;
import io.brokerbench.stats.Metric;
import io.brokerbench.stats.Percentile;
import io.brokerbench.testing.ManualClock;
import io.brokerbench.testing.SimulatedRuns;
import io.brokerbench.testing.SimulatedWorker;
import io.brokerbench.testing.TestFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Result files read back into the typed result: ours field for field (nothing the writer wrote is
 * lost on the way back), OMB's with OMB's fields only, anything else refused in one line.
 */
class ResultReaderTest {

    /** Written by upstream OMB's bin/benchmark (commit 8559989) against a local Kafka; quantile maps thinned. */
    private static final Path OMB_RESULT = Path.of("src/test/resources/omb/kafka-fixed-rate.json");

    private final ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {
        "producerRate: 0\nwarmupDurationSeconds: 10\ntestDurationSeconds: 20\nreportingIntervalSeconds: 10\n",
        "phases: [{durationSeconds: 20, rate: 1000}, {name: ramp, durationSeconds: 20, fromRate: 1000, toRate: 3000, "
                + "stepSeconds: 10}]\nreportingIntervalSeconds: 10\n",
        "producerRate: 5000\ntestMessages: 20000\nreportingIntervalSeconds: 1\n"})
    void ourFileReadBackAndWrittenAgainIsTheSameFile(String workload) throws Exception {
        ManualClock clock = new ManualClock(1_000_000_000_000L);
        SimulatedWorker worker = new SimulatedWorker(clock);
        worker.consumeRate = 37_000;
        Path file = dir.resolve("r.json");
        SimulatedRuns.runAndWrite(TestFiles.workloadOf(dir, workload), worker, clock, file);

        BenchmarkResult read = ResultReader.read(file);
        assertEquals(Files.readString(file), mapper.writeValueAsString(read));
    }

    @Test
    void anOmbFileLoadsWithOmbsFieldsOnly() {
        BenchmarkResult omb = ResultReader.read(OMB_RESULT);

        assertEquals("Kafka", omb.driver());
        assertEquals(100, omb.messageSize());
        assertEquals(6, omb.publishRate().size());
        assertEquals(6, omb.series(Metric.END_TO_END).p99().size());
        assertEquals(202.0, omb.aggregated(Metric.END_TO_END).get(Percentile.P99));
        assertEquals(113L, omb.aggregated(Metric.PUBLISH_DELAY).number(Percentile.P50).longValue(), "whole microseconds");
        assertEquals(253.0, omb.quantiles(Metric.END_TO_END).get("100.0").doubleValue());
        // what OMB does not write: its 99.999th percentile, latencies from the intended send time, our sections
        assertNull(omb.series(Metric.END_TO_END).p99999());
        assertTrue(Double.isNaN(omb.aggregated(Metric.END_TO_END_FROM_INTENDED).get(Percentile.P99)));
        assertNull(omb.complete());
        assertFalse(omb.completed());
        assertNull(omb.measured());
        assertNull(omb.verifiedMessages());
        assertNull(omb.intervals());
    }

    @Test
    void whatIsNotAResultIsRefusedInOneLineNamingTheFileAndTheField() throws Exception {
        Path sweep = Files.writeString(dir.resolve("sweep.json"), "{\"schema\": \"brokerbench-sweep/1\", \"steps\": []}");
        ConfigException notOne = assertThrows(ConfigException.class, () -> ResultReader.read(sweep));
        assertTrue(notOne.getMessage().contains(sweep.toString()) && notOne.getMessage().contains("'publishRate'"),
                notOne.getMessage());

        Path wrong = Files.writeString(dir.resolve("wrong.json"),
                "{\"publishRate\": [1.0], \"measured\": {\"seconds\": \"sixty\"}}");
        ConfigException badField = assertThrows(ConfigException.class, () -> ResultReader.read(wrong));
        assertTrue(badField.getMessage().contains("'measured.seconds'"), badField.getMessage());
        assertEquals(1, badField.getMessage().strip().lines().count(), badField.getMessage());

        Path truncated = Files.writeString(dir.resolve("cut.json"), "{\"publishRate\": [1.0, ");
        ConfigException cut = assertThrows(ConfigException.class, () -> ResultReader.read(truncated));
        assertTrue(cut.getMessage().contains("not valid JSON"), cut.getMessage());
    }
}

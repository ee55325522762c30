package io.brokerbench.study;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerbench.result.model.BenchmarkResult;
import io.brokerbench.testing.Results;
import io.brokerbench.yaml.FieldException;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Reading the compared metrics from a result document, and writing the paper's figures as published. */
class StudyMetricTest {

    private static BenchmarkResult result(String json) {
        return Results.bind(json);
    }

    @Test
    void minimumAndP90ComeFromTheQuantileMapOthersFromTheirFields() throws Exception {
        BenchmarkResult result = result("{\"measured\": {\"publishRate\": 996.5},"
                + "\"aggregatedEndToEndLatencyQuantiles\": {\"0.0\": 0.082, \"50.0\": 1.2, \"87.5\": 2.0, \"90.625\": 2.5, \"100.0\": 9.0}}");

        assertEquals(Optional.of(996.5), StudyMetric.PUBLISH_RATE.of(result));
        assertEquals(Optional.of(0.082), StudyMetric.END_TO_END_MIN.of(result));
        assertEquals(Optional.of(2.5), StudyMetric.END_TO_END_P90.of(result));
        assertEquals(Optional.empty(), StudyMetric.SUSTAINABLE_RATE.of(result), "no search, no value");
    }

    @Test
    void aProducerOnlyRunMeasuredNothingOnTheConsumerSide() throws Exception {
        BenchmarkResult result = result("{\"measured\": {\"publishRate\": 996.5, \"consumeRate\": 0.0},"
                + "\"aggregatedEndToEndLatencyAvg\": 0.0, \"messages\": {\"allAcknowledged\": true, \"verified\": false}}");

        assertEquals(Optional.of(996.5), StudyMetric.PUBLISH_RATE.of(result));
        assertEquals(Optional.empty(), StudyMetric.CONSUME_RATE.of(result));
        assertEquals(Optional.empty(), StudyMetric.END_TO_END_AVG.of(result));
    }

    @Test
    void aFigureReadsAsTheSourceWroteIt() {
        assertEquals("~1.85 s", new PaperFigure("publishLatencyAvg", 1.85, null, "s", true, null, null, null, null, null).text());
        assertEquals("35–129 ms (both sizes)", new PaperFigure("publishLatency99pct", 35, 129.0, "ms", false, "both sizes", null, null, null, null).text());
        assertEquals("137,676 msg/s", new PaperFigure("publishRate", 137676, null, "msg/s", false, null, null, null, null, null).text());
    }

    @Test
    void aFigureInAnUnknownUnitNamesTheChoices() {
        FieldException e = assertThrows(FieldException.class, () -> new PaperFigure("publishRate", 1, null, "rps", false, null, null, null, null, null));

        assertTrue(e.getMessage().contains("expected one of [msg/s"), e.getMessage());
    }

    @Test
    void aFigureWithNothingToCompareSaysWhy() {
        FieldException e = assertThrows(FieldException.class, () -> new PaperFigure(null, 1, null, "ms", false, null,
                "Table 1", "1 ms", "1 KB", null));

        assertTrue(e.getMessage().contains("says why it is not compared"), e.getMessage());
    }
}

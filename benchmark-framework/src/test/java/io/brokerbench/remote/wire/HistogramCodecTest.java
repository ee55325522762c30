package io.brokerbench.remote.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.brokerbench.metrics.JvmSample;
import io.brokerbench.metrics.MetricValue;
import io.brokerbench.metrics.WorkerSample;
import io.brokerbench.metrics.WorkerSnapshot;
import io.brokerbench.stats.LatencyHistograms;
import io.brokerbench.stats.Metric;
import java.util.Map;
import java.util.Random;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class HistogramCodecTest {

    @Test
    void roundTripKeepsEveryBucket() {
        Histogram original = LatencyHistograms.newHistogram();
        Random random = new Random(42);
        for (int i = 0; i < 100_000; i++) {
            original.recordValue((long) Math.abs(random.nextGaussian() * 5_000) + random.nextInt(3_600_000));
        }
        original.recordValue(3_600_000_000L); // an hour, to make the histogram grow

        Histogram decoded = HistogramCodec.decode(HistogramCodec.encode(original));

        assertEquals(original, decoded);
        assertEquals(original.getTotalCount(), decoded.getTotalCount());
        assertEquals(original.getValueAtPercentile(99.99), decoded.getValueAtPercentile(99.99));
    }

    @Test
    void mergingDecodedHistogramsEqualsRecordingInOne() {
        LatencyHistograms first = new LatencyHistograms();
        LatencyHistograms second = new LatencyHistograms();
        LatencyHistograms together = new LatencyHistograms();
        for (long v = 1; v < 20_000; v += 7) {
            first.get(Metric.END_TO_END).recordValue(v);
            together.get(Metric.END_TO_END).recordValue(v);
            second.get(Metric.END_TO_END).recordValue(v * 31);
            together.get(Metric.END_TO_END).recordValue(v * 31);
        }
        LatencyHistograms merged = new LatencyHistograms();
        merged.add(HistogramCodec.decode(HistogramCodec.encode(first)));
        merged.add(HistogramCodec.decode(HistogramCodec.encode(second)));

        for (Metric metric : Metric.values()) {
            assertEquals(together.get(metric), merged.get(metric), metric.name());
        }
    }

    @Test
    void snapshotSurvivesTheWireJson() throws Exception {
        LatencyHistograms interval = new LatencyHistograms();
        interval.get(Metric.PUBLISH_LATENCY).recordValue(1234);
        WorkerSample sample = new WorkerSample(true, new JvmSample(100, 200, 3, 250, 40),
                Map.of("kafka.producer.record-send-rate", new MetricValue(MetricValue.Kind.PER_SECOND, 1234, 1),
                        "kafka.producer.batch-size-avg", new MetricValue(MetricValue.Kind.MEAN, 512.5, 2)),
                Map.of("driver.sends.count", new MetricValue(MetricValue.Kind.SUM, 99, 1)), 0.125);
        WorkerSnapshot snapshot = new WorkerSnapshot(interval, 10, 6, 1, 8, 1.5, 0.5, sample,
                "load thread brokerbench-load-0 died of OutOfMemoryError: Java heap space", 3);

        byte[] json = WireJson.mapper().writeValueAsBytes(snapshot);
        WorkerSnapshot back = WireJson.mapper().readValue(json, WorkerSnapshot.class);

        assertEquals(snapshot.sentTotal(), back.sentTotal());
        assertEquals(snapshot.receivedTotal(), back.receivedTotal());
        assertEquals(interval.get(Metric.PUBLISH_LATENCY), back.interval().get(Metric.PUBLISH_LATENCY));
        assertEquals(sample, back.sample());
        assertEquals(snapshot.loadFailure(), back.loadFailure());
        assertEquals(3, back.abortedTotal(), "sends aborted on purpose travel with the snapshot");
    }

    @Test
    void garbageIsRefusedWithAReason() {
        assertThrows(IllegalArgumentException.class, () -> HistogramCodec.decode("not base64!"));
        assertThrows(IllegalArgumentException.class, () -> HistogramCodec.decode("AAAA"));
        assertThrows(IllegalArgumentException.class, () -> HistogramCodec.decode(Map.of("publishLatency", "AAAA")));
    }
}

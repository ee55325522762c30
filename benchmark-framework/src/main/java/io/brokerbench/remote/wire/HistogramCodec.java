package io.brokerbench.remote.wire;

import io.brokerbench.driver.support.OneLine;
import io.brokerbench.stats.LatencyHistograms;
import io.brokerbench.stats.Metric;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Base64;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;

/**
 * Histograms on the wire: HdrHistogram's own compressed encoding, base64. Every bucket count
 * travels, so merging on the coordinator gives exactly the histogram one JVM would have recorded
 * (percentiles are never averaged).
 */
public final class HistogramCodec {

    private HistogramCodec() {
    }

    public static String encode(Histogram histogram) {
        ByteBuffer buffer = ByteBuffer.allocate(histogram.getNeededByteBufferCapacity());
        int length = histogram.encodeIntoCompressedByteBuffer(buffer);
        return Base64.getEncoder().encodeToString(Arrays.copyOf(buffer.array(), length));
    }

    /** @throws IllegalArgumentException if {@code text} is not an encoded histogram */
    public static Histogram decode(String text) {
        byte[] bytes;
        try {
            bytes = Base64.getDecoder().decode(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("histogram is not base64: " + OneLine.message(e));
        }
        try {
            Histogram decoded = Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(bytes), 0);
            // the decoded histogram keeps the sender's range; merging into ours needs ours to grow
            Histogram histogram = LatencyHistograms.newHistogram();
            histogram.add(decoded);
            return histogram;
        } catch (DataFormatException | RuntimeException e) {
            throw new IllegalArgumentException("not an HdrHistogram compressed histogram: " + OneLine.of(e));
        }
    }

    /** Every metric's histogram, keyed by the metric's result name. */
    public static Map<String, String> encode(LatencyHistograms histograms) {
        Map<String, String> encoded = new LinkedHashMap<>();
        for (Metric metric : Metric.values()) {
            encoded.put(metric.resultName(), encode(histograms.get(metric)));
        }
        return encoded;
    }

    /** @throws IllegalArgumentException if a metric is missing, unknown or undecodable */
    public static LatencyHistograms decode(Map<String, String> encoded) {
        Map<String, Metric> byName = new HashMap<>();
        for (Metric metric : Metric.values()) {
            byName.put(metric.resultName(), metric);
        }
        EnumMap<Metric, Histogram> decoded = new EnumMap<>(Metric.class);
        for (Map.Entry<String, String> entry : encoded.entrySet()) {
            Metric metric = byName.get(entry.getKey());
            if (metric == null) {
                throw new IllegalArgumentException("unknown histogram '" + entry.getKey() + "'");
            }
            if (entry.getValue() == null) {
                throw new IllegalArgumentException("histogram '" + entry.getKey() + "' is null");
            }
            decoded.put(metric, decode(entry.getValue()));
        }
        LatencyHistograms histograms = new LatencyHistograms();
        for (Metric metric : Metric.values()) {
            Histogram histogram = decoded.get(metric);
            if (histogram == null) {
                throw new IllegalArgumentException("histogram '" + metric.resultName() + "' is missing");
            }
            histograms.add(metric, histogram);
        }
        return histograms;
    }
}

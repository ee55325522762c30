package io.brokerbench.remote.server;

import io.brokerbench.metrics.WorkerSnapshot;
import io.brokerbench.stats.Metric;
import io.brokerbench.stats.Percentile;
import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.core.metrics.Gauge;
import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.List;

/**
 * The worker's Prometheus metrics. They are fed from the snapshots the coordinator pulls, because a
 * snapshot swaps the recorders' histograms: a second reader would steal intervals from the run.
 * So values move once per reporting interval, and only while a coordinator runs a benchmark.
 */
public final class WorkerMetrics {

    private static final List<Percentile> QUANTILES = List.of(Percentile.P50, Percentile.P99, Percentile.P999, Percentile.MAX);

    private final PrometheusRegistry registry = new PrometheusRegistry();
    private final PrometheusTextFormatWriter writer = PrometheusTextFormatWriter.create();
    private final Counter sent = counter("brokerbench_messages_sent", "Messages handed to the driver by this worker's producers.");
    private final Counter acked = counter("brokerbench_messages_acked", "Messages the broker acknowledged.");
    private final Counter errors = counter("brokerbench_publish_errors", "Sends that failed.");
    private final Counter received = counter("brokerbench_messages_received", "Messages this worker's consumers received.");
    private final Gauge publishRate = gauge("brokerbench_publish_rate", "Messages sent per second over the last interval.");
    private final Gauge consumeRate = gauge("brokerbench_consume_rate", "Messages received per second over the last interval.");
    private final Gauge latency = Gauge.builder().name("brokerbench_latency_microseconds")
            .help("Latency statistics of the last interval, in microseconds (publishLatency, endToEndLatency, ...).")
            .labelNames("metric", "quantile").register(registry);
    private final SampleMetrics samples = new SampleMetrics(registry);
    private WorkerSnapshot previous;
    private long previousNanos;

    private Counter counter(String name, String help) {
        return Counter.builder().name(name).help(help).register(registry);
    }

    private Gauge gauge(String name, String help) {
        return Gauge.builder().name(name).help(help).register(registry);
    }

    /** Takes one snapshot's values; snapshots arrive in order from the one thread serving snapshots. */
    public synchronized void record(WorkerSnapshot snapshot, long nanoTime) {
        // totals restart with every run: a total below the previous one is a new run
        boolean newRun = previous == null || snapshot.sentTotal() < previous.sentTotal()
                || snapshot.receivedTotal() < previous.receivedTotal();
        long sentDelta = newRun ? snapshot.sentTotal() : snapshot.sentTotal() - previous.sentTotal();
        long receivedDelta = newRun ? snapshot.receivedTotal() : snapshot.receivedTotal() - previous.receivedTotal();
        sent.inc(sentDelta);
        received.inc(receivedDelta);
        acked.inc(newRun ? snapshot.ackedTotal() : Math.max(0, snapshot.ackedTotal() - previous.ackedTotal()));
        errors.inc(newRun ? snapshot.publishErrorsTotal()
                : Math.max(0, snapshot.publishErrorsTotal() - previous.publishErrorsTotal()));
        if (!newRun && nanoTime > previousNanos) {
            double seconds = (nanoTime - previousNanos) / 1e9;
            publishRate.set(sentDelta / seconds);
            consumeRate.set(receivedDelta / seconds);
        }
        for (Metric metric : Metric.values()) {
            for (Percentile percentile : QUANTILES) {
                latency.labelValues(metric.resultName(), quantileLabel(percentile))
                        .set(percentile.of(snapshot.interval().get(metric)));
            }
        }
        samples.record(snapshot, previous, newRun, (nanoTime - previousNanos) / 1e9);
        previous = snapshot;
        previousNanos = nanoTime;
    }

    private static String quantileLabel(Percentile percentile) {
        return switch (percentile) {
            case P50 -> "0.5";
            case P99 -> "0.99";
            case P999 -> "0.999";
            case MAX -> "1";
            default -> percentile.suffix();
        };
    }

    /** Where metrics of the same endpoint that are not fed from snapshots register. */
    PrometheusRegistry registry() {
        return registry;
    }

    /** The text exposition format. */
    public byte[] scrape() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        writer.write(out, registry.scrape());
        return out.toByteArray();
    }

    public String contentType() {
        return writer.getContentType();
    }
}

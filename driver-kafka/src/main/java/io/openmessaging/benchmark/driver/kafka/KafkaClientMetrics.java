package io.openmessaging.benchmark.driver.kafka;

import io.brokerbench.driver.ClientMetricSink;
import io.brokerbench.driver.ClientMetrics;
import java.util.Map;
import org.apache.kafka.common.Metric;
import org.apache.kafka.common.MetricName;

/**
 * Which of the Kafka clients' own metrics the result shows, and under which names: Kafka's names
 * with {@code kafka.producer.} or {@code kafka.consumer.} in front, but for {@code record-retry-total}, which
 * every driver names alike ({@link ClientMetrics#RETRIED_SENDS}). Rates come from Kafka's running
 * totals ({@code record-send-total} shows as {@code kafka.producer.record-send-rate}), so they are
 * exact per interval; averages and maxima are Kafka's own, over its sample window
 * ({@code metrics.sample.window.ms} × {@code metrics.num.samples}, 30–60 s by default). Only
 * client-wide metrics are read, not those per topic, partition or broker connection.
 */
final class KafkaClientMetrics {

    /** How one Kafka metric is reported. */
    private enum Report { PER_SECOND, SUM, MEAN, MAX }

    private record Shown(String name, Report report) {
    }

    /** Kafka's "group/name" to what the result shows. */
    private static final Map<String, Shown> SHOWN = Map.ofEntries(
            producer("record-send-total", "record-send-rate", Report.PER_SECOND),
            producer("record-error-total", "record-error-rate", Report.PER_SECOND),
            Map.entry("producer-metrics/record-retry-total", new Shown(ClientMetrics.RETRIED_SENDS, Report.PER_SECOND)),
            producer("outgoing-byte-total", "outgoing-byte-rate", Report.PER_SECOND),
            producer("request-total", "request-rate", Report.PER_SECOND),
            producer("buffer-exhausted-total", "buffer-exhausted-rate", Report.PER_SECOND),
            producer("batch-size-avg", "batch-size-avg", Report.MEAN),
            producer("batch-size-max", "batch-size-max", Report.MAX),
            producer("records-per-request-avg", "records-per-request-avg", Report.MEAN),
            producer("compression-rate-avg", "compression-rate-avg", Report.MEAN),
            producer("record-queue-time-avg", "record-queue-time-avg", Report.MEAN),
            producer("record-queue-time-max", "record-queue-time-max", Report.MAX),
            producer("request-latency-avg", "request-latency-avg", Report.MEAN),
            producer("request-latency-max", "request-latency-max", Report.MAX),
            producer("requests-in-flight", "requests-in-flight", Report.SUM),
            producer("buffer-available-bytes", "buffer-available-bytes", Report.SUM),
            producer("waiting-threads", "waiting-threads", Report.SUM),
            fetcher("records-consumed-total", "records-consumed-rate", Report.PER_SECOND),
            fetcher("bytes-consumed-total", "bytes-consumed-rate", Report.PER_SECOND),
            fetcher("fetch-total", "fetch-rate", Report.PER_SECOND),
            fetcher("records-lag-max", "records-lag-max", Report.MAX),
            fetcher("fetch-latency-avg", "fetch-latency-avg", Report.MEAN),
            fetcher("fetch-latency-max", "fetch-latency-max", Report.MAX),
            fetcher("fetch-size-avg", "fetch-size-avg", Report.MEAN),
            fetcher("records-per-request-avg", "records-per-request-avg", Report.MEAN),
            coordinator("commit-total", "commit-rate", Report.PER_SECOND),
            coordinator("commit-latency-avg", "commit-latency-avg", Report.MEAN),
            coordinator("rebalance-total", "rebalance-rate", Report.PER_SECOND));

    private KafkaClientMetrics() {
    }

    private static Map.Entry<String, Shown> producer(String kafkaName, String shownName, Report report) {
        return Map.entry("producer-metrics/" + kafkaName, new Shown("kafka.producer." + shownName, report));
    }

    private static Map.Entry<String, Shown> fetcher(String kafkaName, String shownName, Report report) {
        return Map.entry("consumer-fetch-manager-metrics/" + kafkaName, new Shown("kafka.consumer." + shownName, report));
    }

    private static Map.Entry<String, Shown> coordinator(String kafkaName, String shownName, Report report) {
        return Map.entry("consumer-coordinator-metrics/" + kafkaName, new Shown("kafka.consumer." + shownName, report));
    }

    /** Reports the shown metrics of one client; {@code client} identifies it from one interval to the next. */
    static void report(Object client, Map<MetricName, ? extends Metric> metrics, ClientMetricSink sink) {
        metrics.forEach((name, metric) -> {
            Shown shown = SHOWN.get(name.group() + "/" + name.name());
            // client-wide metrics carry the client-id tag only; per topic or partition ones carry more
            if (shown == null || name.tags().size() != 1 || !(metric.metricValue() instanceof Number number)) {
                return;
            }
            double value = number.doubleValue();
            switch (shown.report()) {
                case PER_SECOND -> sink.perSecond(shown.name(), client, value);
                case SUM -> sink.sum(shown.name(), value);
                case MEAN -> sink.mean(shown.name(), value);
                case MAX -> sink.max(shown.name(), value);
            }
        });
    }
}

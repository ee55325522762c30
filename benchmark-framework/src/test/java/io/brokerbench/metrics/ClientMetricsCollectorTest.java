package io.brokerbench.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.brokerbench.driver.ClientMetricSink;
import io.brokerbench.driver.ClientMetrics;
import io.brokerbench.metrics.MetricValue.Kind;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** How clients' statistics combine into one value per name, and how counts survive clients coming and going. */
class ClientMetricsCollectorTest {

    private final ClientMetricsCollector collector = new ClientMetricsCollector();
    private final Object first = new Object();
    private final Object second = new Object();

    @Test
    void countsGrowByWhatEachClientGainedEvenWhenClientsComeAndGo() {
        Map<String, MetricValue> start = collector.collect(sink -> {
            sink.perSecond("sent", first, 100);
            sink.perSecond("sent", second, 40);
        });
        assertEquals(new MetricValue(Kind.PER_SECOND, 140, 1), start.get("sent"));

        // the second client closed (no longer reported) and a third started with 5 sent
        Object third = new Object();
        Map<String, MetricValue> next = collector.collect(sink -> {
            sink.perSecond("sent", first, 150);
            sink.perSecond("sent", third, 5);
        });
        assertEquals(140 + 50 + 5, next.get("sent").value());

        // a client whose count went backwards (restarted) adds nothing until it grows again
        Map<String, MetricValue> after = collector.collect(sink -> {
            sink.perSecond("sent", first, 10);
            sink.perSecond("sent", third, 5);
        });
        assertEquals(195, after.get("sent").value());
    }

    @Test
    void levelsAddUpMeansAverageAndMaximaTakeTheLargest() {
        Map<String, MetricValue> values = collector.collect(sink -> {
            sink.sum("queued", 3);
            sink.sum("queued", 4);
            sink.mean("latency", 10);
            sink.mean("latency", 20);
            sink.max("lag", 7);
            sink.max("lag", 2);
            sink.mean("ignored", Double.NaN);
        });
        assertEquals(new MetricValue(Kind.SUM, 7, 1), values.get("queued"));
        assertEquals(new MetricValue(Kind.MEAN, 15, 2), values.get("latency"));
        assertEquals(new MetricValue(Kind.MAX, 7, 1), values.get("lag"));
        assertFalse(values.containsKey("ignored"), "NaN is the libraries' 'no sample yet'");
    }

    @Test
    void aDriverThatFailsPartWayKeepsWhatItReportedAndItsCounts() {
        collector.collect(sink -> sink.perSecond("sent", first, 10));
        ClientMetrics failing = sink -> {
            sink.sum("queued", 1);
            throw new IllegalStateException("client closed under us");
        };
        Map<String, MetricValue> values = collector.collect(failing);
        assertEquals(10, values.get("sent").value());
        assertEquals(1, values.get("queued").value());
    }

    @Test
    @Timeout(60)
    void aDriverMayReportFromThreadsOfItsOwnWhileTheCallLasts() {
        Map<String, MetricValue> values = collector.collect(sink ->
                IntStream.range(0, 1000).parallel().forEach(i -> sink.perSecond("sent", i, 1)));
        assertEquals(1000, values.get("sent").value());
    }

    @Test
    void aSinkKeptAfterItsReportIgnoresLateValues() {
        ClientMetricSink[] kept = new ClientMetricSink[1];
        collector.collect(sink -> kept[0] = sink);
        kept[0].sum("late", 1);
        kept[0].perSecond("late-count", first, 5);
        Map<String, MetricValue> values = collector.collect(sink -> { });
        assertFalse(values.containsKey("late"), values.toString());
        assertFalse(values.containsKey("late-count"), values.toString());
    }
}

package io.brokerbench.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerbench.metrics.MetricValue.Kind;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.bookkeeper.stats.Gauge;
import org.apache.bookkeeper.stats.OpStatsLogger;
import org.apache.bookkeeper.stats.StatsLogger;
import org.junit.jupiter.api.Test;

/** The StatsLogger drivers get: what each kind of statistic becomes in a snapshot, and how scopes name them. */
class DriverStatsTest {

    private final DriverStats stats = new DriverStats();
    private final StatsLogger root = stats.rootLogger();

    @Test
    void countersShowTheirValueAndTheirGrowth() {
        root.scope("driver").getCounter("published").addCount(5);
        root.scope("driver").getThreadScopedCounter("published").inc();

        Map<String, MetricValue> sample = stats.sample();
        assertEquals(new MetricValue(Kind.SUM, 6, 1), sample.get("driver.published.count"));
        assertEquals(new MetricValue(Kind.PER_SECOND, 6, 1), sample.get("driver.published.perSecond"));
    }

    @Test
    void opStatsMeanAndMaxCoverOnlyTheEventsSinceThePreviousSample() {
        OpStatsLogger send = root.getOpStatsLogger("send");
        send.registerSuccessfulEvent(2, TimeUnit.MILLISECONDS);
        send.registerSuccessfulEvent(4000, TimeUnit.MICROSECONDS);
        send.registerFailedEvent(1, TimeUnit.SECONDS);
        Map<String, MetricValue> first = stats.sample();
        assertEquals(new MetricValue(Kind.MEAN, 3, 2), first.get("send.mean"));
        assertEquals(new MetricValue(Kind.MAX, 4, 1), first.get("send.max"));
        assertEquals(2, first.get("send.successesPerSecond").value());
        assertEquals(1, first.get("send.failuresPerSecond").value());

        send.registerSuccessfulValue(10);
        Map<String, MetricValue> second = stats.sample();
        assertEquals(new MetricValue(Kind.MEAN, 10, 1), second.get("send.mean"));
        assertEquals(10, second.get("send.max").value());
        assertEquals(3, second.get("send.successesPerSecond").value());
        assertEquals(3, send.toOpStatsData().getNumSuccessfulEvents());

        Map<String, MetricValue> idle = stats.sample();
        assertFalse(idle.containsKey("send.mean"), "no events, no mean");
        assertFalse(idle.containsKey("send.max"), "no events, no maximum");
    }

    @Test
    void aSampleTakenWhileEventsArriveNeverSplitsAnEventsCountFromItsValue() throws Exception {
        OpStatsLogger send = root.getOpStatsLogger("send");
        Thread registering = new Thread(() -> {
            for (int i = 0; i < 2_000_000; i++) {
                send.registerSuccessfulEvent(2, TimeUnit.MILLISECONDS);
            }
        });
        registering.start();
        int means = 0;
        while (registering.isAlive()) {
            MetricValue mean = stats.sample().get("send.mean");
            if (mean != null) {
                assertEquals(2, mean.value(), "every event took 2 ms, so every interval's mean is 2 ms");
                means++;
            }
        }
        registering.join();
        assertTrue(means > 0, "sampled while events arrived");
    }

    @Test
    void gaugesAreSampledUntilUnregistered() {
        Gauge<Long> pending = new Gauge<>() {
            @Override
            public Long getDefaultValue() {
                return 0L;
            }

            @Override
            public Long getSample() {
                return 42L;
            }
        };
        StatsLogger scope = root.scope("client");
        scope.registerGauge("pending", pending);
        assertEquals(new MetricValue(Kind.SUM, 42, 1), stats.sample().get("client.pending"));
        scope.unregisterGauge("pending", pending);
        assertFalse(stats.sample().containsKey("client.pending"));
    }

    @Test
    void scopesAndLabelsMakeTheName() {
        root.scope("a").scope("b").scopeLabel("topic", "t1").scopeLabel("partition", "0").getCounter("sent").inc();
        assertEquals(1, stats.sample().get("a.b.sent{partition=0,topic=t1}.count").value());
    }
}

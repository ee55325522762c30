package io.brokerbench.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerbench.localbroker.BrokerNode;
import io.brokerbench.metrics.MetricValue.Kind;
import io.brokerbench.stats.LatencyHistograms;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The coordinator's per-interval values: growth of totals per second, levels as they are, workers combined. */
class MetricSeriesTest {

    private static WorkerSnapshot snapshot(double cpuSeconds, long gcPauses, long gcMillis, double sent, double lagMax) {
        WorkerSample sample = new WorkerSample(true, new JvmSample(10, 20, gcPauses, gcMillis, 30),
                Map.of("sent-rate", MetricValue.of(Kind.PER_SECOND, sent), "lag-max", MetricValue.of(Kind.MAX, lagMax)),
                Map.of("d.count", MetricValue.of(Kind.SUM, sent)), 0.001 * sent);
        return new WorkerSnapshot(new LatencyHistograms(), 0, 0, 0, 0, cpuSeconds, 0, sample, "", 0);
    }

    @Test
    void anIntervalShowsWhatGrewSinceThePreviousOneAcrossWorkers() {
        MetricSeries series = new MetricSeries();
        series.observe("a", snapshot(1.0, 2, 10, 100, 0));
        series.observe("b", snapshot(5.0, 0, 0, 1000, 0));
        series.observe("a", snapshot(2.0, 3, 15, 300, 7));
        series.observe("b", snapshot(5.5, 0, 0, 1400, 3));
        series.closeInterval(2.0);

        IntervalMetrics interval = series.intervals().get(0);
        assertEquals(List.of(new LoadGeneratorUsage("a", 0.5, 10, 20, 1, 5, 30),
                new LoadGeneratorUsage("b", 0.25, 10, 20, 0, 0, 30)), interval.loadGenerators());
        assertEquals((200 + 400) / 2.0, interval.clientMetrics().get("sent-rate"), 1e-9);
        assertEquals(7, interval.clientMetrics().get("lag-max"));
        assertEquals(300 + 1400, interval.driverStats().get("d.count"));
        assertTrue(interval.broker().isEmpty(), "no broker watched");

        series.observe("a", snapshot(2.0, 3, 15, 300, 0));
        series.observe("b", snapshot(5.5, 0, 0, 1400, 0));
        series.closeInterval(1.0);
        assertEquals(0, series.intervals().get(1).clientMetrics().get("sent-rate"));
    }

    @Test
    void workersThatRecordNothingAddNothing() {
        MetricSeries series = new MetricSeries();
        WorkerSnapshot silent = new WorkerSnapshot(new LatencyHistograms(), 0, 0, 0, 0, 1, 0, WorkerSample.NOT_RECORDED, "", 0);
        series.observe("local", silent);
        series.observe("local", silent);
        series.closeInterval(1);
        IntervalMetrics interval = series.intervals().get(0);
        assertTrue(interval.loadGenerators().isEmpty() && interval.clientMetrics().isEmpty()
                && interval.driverStats().isEmpty(), interval.toString());
    }

    @Test
    void theSeriesCountsTheCpuItsOwnWorkTakes() {
        MetricSeries series = new MetricSeries();
        series.watchBroker(() -> List.of(new BrokerNode("broker", ProcessHandle.current())));
        assertEquals(0, series.cpuSecondsTotal());
        double before = 0;
        for (int i = 0; i < 20; i++) {
            series.observe("a", snapshot(i, 0, 0, i, 0));
            series.closeInterval(1);
            // the broker's /proc reads and the arithmetic take CPU: the total grows, never shrinks
            assertTrue(series.cpuSecondsTotal() >= before, series.cpuSecondsTotal() + " < " + before);
            before = series.cpuSecondsTotal();
        }
        assertTrue(before > 0, "20 intervals took no CPU");
    }

    @Test
    void eachNodeOfAClusterIsShownAndTheirSumIsTheBrokers() {
        MetricSeries series = new MetricSeries();
        // two names for this JVM: both nodes are real processes with CPU spent and memory resident
        series.watchBroker(() -> List.of(new BrokerNode("n-1", ProcessHandle.current()), new BrokerNode("n-2", ProcessHandle.current())));
        series.observe("local", snapshot(0, 0, 0, 0, 0));
        burnCpu();
        series.closeInterval(1);
        BrokerUsage usage = series.intervals().get(0).broker().orElseThrow();
        assertEquals(List.of("n-1", "n-2"), usage.nodes().stream().map(BrokerUsage.NodeUsage::node).toList());
        assertTrue(usage.nodes().stream().allMatch(node -> node.cpuCores() > 0 && node.residentBytes() > 0), usage.toString());
        assertEquals(usage.nodes().stream().mapToDouble(BrokerUsage.NodeUsage::cpuCores).sum(), usage.cpuCores(), 1e-9);
        assertEquals(usage.nodes().stream().mapToLong(BrokerUsage.NodeUsage::residentBytes).sum(), usage.residentBytes());
    }

    @Test
    void aNodeThatHasExitedIsLeftOutWhileTheOthersAreShown() throws Exception {
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        MetricSeries series = new MetricSeries();
        series.watchBroker(() -> List.of(new BrokerNode("alive", ProcessHandle.current()), new BrokerNode("gone", gone.toHandle())));
        series.observe("local", snapshot(0, 0, 0, 0, 0));
        series.closeInterval(1);
        BrokerUsage usage = series.intervals().get(0).broker().orElseThrow();
        // one node left: it is the whole broker, not a cluster of one
        assertTrue(usage.nodes().isEmpty(), usage.toString());
        assertTrue(usage.residentBytes() > 0, usage.toString());
    }

    @Test
    void aNodeRestartedAsANewProcessIsFollowedAndItsCpuCounted() throws Exception {
        Process first = burner();
        List<BrokerNode> nodes = new ArrayList<>(List.of(new BrokerNode("n-1", first.toHandle()),
                new BrokerNode("n-2", ProcessHandle.current())));
        MetricSeries series = new MetricSeries();
        series.watchBroker(() -> List.copyOf(nodes));
        try {
            series.observe("local", snapshot(0, 0, 0, 0, 0));
            spent(first);
            series.closeInterval(1);
            first.destroyForcibly().waitFor();
            series.closeInterval(1);
            // the fault's restart: the same node, a new process
            Process second = burner();
            try {
                nodes.set(0, new BrokerNode("n-1", second.toHandle()));
                spent(second);
                series.closeInterval(1);
            } finally {
                second.destroyForcibly().waitFor();
            }
        } finally {
            first.destroyForcibly().waitFor();
        }
        List<IntervalMetrics> intervals = series.intervals();
        assertEquals(List.of("n-1", "n-2"), nodeNames(intervals.get(0)));
        // down at the second interval's end: left out, not shown idle
        assertEquals(List.of(), nodeNames(intervals.get(1)), "one node left is the whole broker");
        BrokerUsage.NodeUsage restarted = intervals.get(2).broker().orElseThrow().nodes().get(0);
        assertEquals("n-1", restarted.node());
        assertTrue(restarted.cpuCores() > 0, restarted.toString());
    }

    private static List<String> nodeNames(IntervalMetrics interval) {
        return interval.broker().orElseThrow().nodes().stream().map(BrokerUsage.NodeUsage::node).toList();
    }

    /** A process that keeps a core busy until destroyed. */
    private static Process burner() throws Exception {
        return new ProcessBuilder("sh", "-c", "while :; do :; done").start();
    }

    /** Waits until {@code process} has used CPU time the kernel shows (ticks of several milliseconds). */
    private static void spent(Process process) throws InterruptedException {
        while (process.toHandle().info().totalCpuDuration().orElse(Duration.ZERO).toMillis() < 20) {
            Thread.sleep(5);
        }
    }

    @Test
    void aWatchedProcessShowsItsCpuAndMemory() {
        MetricSeries series = new MetricSeries();
        series.watchBroker(() -> List.of(new BrokerNode("broker", ProcessHandle.current())));
        series.observe("local", snapshot(0, 0, 0, 0, 0));
        burnCpu();
        series.closeInterval(1);
        BrokerUsage usage = series.intervals().get(0).broker().orElseThrow();
        assertTrue(usage.cpuCores() > 0, usage.toString());
        assertTrue(usage.residentBytes() > 0, usage.toString());
    }

    /** Works until the kernel's CPU accounting (in ticks of several milliseconds) shows this process used more. */
    private static void burnCpu() {
        Duration start = cpuTime();
        double x = 0;
        while (cpuTime().minus(start).toMillis() < 50) {
            for (int i = 0; i < 100_000; i++) {
                x += Math.sqrt(x + i);
            }
        }
        assertTrue(x > 0);
    }

    private static Duration cpuTime() {
        return ProcessHandle.current().info().totalCpuDuration().orElseThrow();
    }
}

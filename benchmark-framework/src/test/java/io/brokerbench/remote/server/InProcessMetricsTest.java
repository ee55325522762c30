package io.brokerbench.remote.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerbench.localbroker.BrokerNode;
import io.brokerbench.measurement.RunRecord;
import io.brokerbench.testing.InProcessRuns;
import io.brokerbench.testing.StatsCountingDriver;
import io.brokerbench.testing.TestFiles;
import io.brokerbench.worker.LocalWorker;
import io.brokerbench.workload.Workload;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** An in-process run's /metrics: the worker's metric names, fed by the run's own snapshots. */
class InProcessMetricsTest {

    @TempDir
    Path dir;

    @Test
    void anInProcessRunServesTheWorkersMetrics() throws Exception {
        Workload workload = TestFiles.workload(dir, "testDurationSeconds: 2\n");
        try (InProcessMetrics metrics = InProcessMetrics.start("127.0.0.1", 0)) {
            RunRecord record = InProcessRuns.run(workload, TestFiles.driver(dir, StatsCountingDriver.class),
                    metrics.exporting(new LocalWorker()));
            assertTrue(record.complete(), record.incompleteReason());

            String text = scrape(metrics.port());
            // what every worker serves, counted here as the run counted it
            assertEquals(record.totalSent(), value(text, "brokerbench_messages_sent_total"), text);
            assertEquals(record.totalReceived(), value(text, "brokerbench_messages_received_total"), text);
            assertTrue(value(text, "brokerbench_latency_microseconds{metric=\"endToEndLatency\",quantile=\"0.99\"}") >= 0, text);
            // and the load generator's JVM and the driver's stats
            assertTrue(value(text, "brokerbench_process_cpu_seconds_total") > 0, text);
            assertTrue(value(text, "brokerbench_jvm_heap_used_bytes") > 0, text);
            assertTrue(value(text, "brokerbench_jvm_threads") > 0, text);
            assertTrue(value(text, "brokerbench_jvm_gc_pauses_total") >= 0, text);
            assertEquals(1, value(text, "brokerbench_driver_stat{name=\"counting.producers\"}"), text);
            assertEquals(StatsCountingDriver.SEND_MILLIS, value(text, "brokerbench_driver_stat{name=\"counting.send.mean\"}"), text);
            assertTrue(value(text, "brokerbench_driver_stat{name=\"counting.sends.count\"}") >= record.totalSent(), text);
        }
    }

    @Test
    void theLocalBrokersCpuAndMemoryAreServedOnceThereIsOne() throws Exception {
        try (InProcessMetrics metrics = InProcessMetrics.start("127.0.0.1", 0)) {
            assertFalse(scrape(metrics.port()).contains("brokerbench_broker_"), "no broker, no sample");
            // this JVM stands in for two nodes of a cluster: CPU spent and memory resident, both real
            metrics.watchBroker(() -> List.of(new BrokerNode("kafka-1", ProcessHandle.current()),
                    new BrokerNode("kafka-2", ProcessHandle.current())));
            String text = scrape(metrics.port());
            for (String node : List.of("kafka-1", "kafka-2")) {
                assertTrue(value(text, "brokerbench_broker_cpu_seconds_total{node=\"" + node + "\"}") > 0, text);
                assertTrue(value(text, "brokerbench_broker_resident_bytes{node=\"" + node + "\"}") > 1 << 20, text);
            }
        }
    }

    private static String scrape(int port) throws Exception {
        HttpResponse<String> response = HttpClient.newHttpClient().send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/metrics")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, response.statusCode(), response.body());
        return response.body();
    }

    /** The value of one sample line, e.g. {@code name{label="x"} 12.0}. */
    static double value(String text, String sample) {
        Matcher m = Pattern.compile("(?m)^" + Pattern.quote(sample) + " (\\S+)$").matcher(text);
        assertTrue(m.find(), "no sample " + sample);
        return Double.parseDouble(m.group(1));
    }
}

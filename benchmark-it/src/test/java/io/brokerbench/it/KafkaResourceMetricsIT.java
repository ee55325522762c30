package io.brokerbench.it;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.brokerbench.localbroker.LocalBrokers;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An in-process run against a real Kafka broker the harness starts: every interval of the result
 * shows the load generator's JVM, the broker process's CPU and memory, and the Kafka clients' own
 * metrics, which agree with what the harness counted; the report charts them; {@code --metrics-port}
 * serves them to Prometheus while the run goes.
 */
class KafkaResourceMetricsIT {

    @Test
    void aKafkaRunRecordsTheLoadGeneratorTheBrokerAndTheKafkaClients(@TempDir Path dir) throws Exception {
        Path resultFile = dir.resolve("result.json");
        InProcessRun run = new InProcessRun(resultFile);
        CompletableFuture<Integer> exit = run.start("--metrics-port", "0",
                "--drivers", LocalBrokers.home().resolve("driver-kafka/kafka-local.yaml").toString(),
                Workloads.write(dir, 2, 1, 1, 4).toString());

        // while the run goes: the same names as a worker's stats port, fed from the run's snapshots
        await().atMost(Duration.ofMinutes(3)).pollInterval(Duration.ofMillis(500)).ignoreExceptions().until(() -> {
            String metrics = run.scrapeMetrics();
            return PrometheusText.value(metrics, "brokerbench_client_metric{name=\"kafka.producer.record-send-rate\"}") > 0
                    && PrometheusText.value(metrics, "brokerbench_jvm_heap_used_bytes") > 0
                    && PrometheusText.value(metrics, "brokerbench_messages_sent_total") > 0
                    && PrometheusText.value(metrics, "brokerbench_broker_cpu_seconds_total{node=\"kafka\"}") > 0
                    && PrometheusText.value(metrics, "brokerbench_broker_resident_bytes{node=\"kafka\"}") > 64L << 20;
        });
        assertEquals(0, exit.get(5, TimeUnit.MINUTES), run.console());

        JsonNode result = run.result();
        double sent = 0;
        double recordsSent = 0;
        double received = 0;
        double recordsConsumed = 0;
        for (JsonNode interval : result.get("intervals")) {
            JsonNode usage = interval.get("loadGenerators").get(0);
            assertEquals("local", usage.get("worker").asText());
            assertTrue(usage.get("cpuCores").asDouble() > 0, usage.toString());
            assertTrue(usage.get("heapUsedBytes").asLong() > 0 && usage.get("threads").asInt() > 0, usage.toString());
            assertTrue(usage.has("gcPauses") && usage.has("gcPauseMillis"), usage.toString());

            JsonNode broker = interval.get("broker");
            assertTrue(broker.get("cpuCores").asDouble() > 0, "a broker serving 2,000 msg/s uses CPU: " + broker);
            assertTrue(broker.get("residentBytes").asLong() > 64L << 20, "a Kafka broker's JVM: " + broker);

            JsonNode client = interval.get("clientMetrics");
            for (String name : new String[] {"kafka.producer.batch-size-avg", "kafka.producer.request-latency-avg",
                    "kafka.consumer.records-lag-max", "kafka.consumer.fetch-latency-avg"}) {
                assertTrue(client.has(name), name + " in " + client);
            }
            double seconds = interval.get("seconds").asDouble();
            sent += interval.get("publishRate").asDouble() * seconds;
            received += interval.get("consumeRate").asDouble() * seconds;
            recordsSent += client.get("kafka.producer.record-send-rate").asDouble() * seconds;
            recordsConsumed += client.get("kafka.consumer.records-consumed-rate").asDouble() * seconds;
        }
        // Kafka counts a record when its batch goes out, the harness when it is handed over: close, not equal
        assertEquals(sent, recordsSent, sent * 0.1, "records Kafka sent vs messages the harness sent");
        assertEquals(received, recordsConsumed, received * 0.1, "records Kafka consumed vs messages the harness received");

        // the run measured what taking all of the above cost it: some CPU, a small part of the client's
        JsonNode load = result.get("loadGenerator");
        assertTrue(load.get("recordingCpuSeconds").asDouble() > 0, load.toString());
        assertTrue(load.get("recordingCpuPercent").asDouble() < 50, load.toString());

        String report = Files.readString(dir.resolve("result.html"));
        assertTrue(report.contains("<h3>Load generator and broker</h3>"), "load generator and broker charts");
        assertTrue(report.contains("<figcaption>Broker resident memory</figcaption>"));
        assertTrue(report.contains("<figcaption>kafka.producer.record-send-rate</figcaption>"));
        assertTrue(report.contains("recording the metrics, share of client CPU (%)"), "the recording cost in the details");
    }
}

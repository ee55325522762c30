package io.brokerbench.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.brokerbench.localbroker.LocalBrokers;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Three worker JVMs on loopback and a real Kafka broker (started by the coordinator through the
 * driver file's localBroker: kafka, i.e. LocalBrokers): the merged result counts what the workers
 * counted, and every message arrives exactly once across workers. Each worker's JVM is in every
 * interval of the result and on its stats port.
 */
class DistributedKafkaIT {

    @Test
    void threeWorkersSplitProducersAndConsumersAndTheMergedCountsAddUp(@TempDir Path dir) throws Exception {
        List<WorkerProcess> workers = new ArrayList<>();
        try {
            for (int i = 0; i < 3; i++) {
                workers.add(WorkerProcess.start());
            }
            Coordinator coordinator = new Coordinator(dir.resolve("result.json"));
            int exit = coordinator.start(workers.stream().map(w -> w.url().toString()).toList(),
                    "--drivers", LocalBrokers.home().resolve("driver-kafka/kafka-local.yaml").toString(),
                    Workloads.write(dir, 4, 2, 2, 4).toString()).get(5, TimeUnit.MINUTES);
            assertEquals(0, exit, coordinator.console());

            JsonNode result = coordinator.result();
            assertTrue(result.get("complete").asBoolean(), coordinator.console());
            JsonNode messages = result.get("messages");
            assertTrue(messages.get("sent").asLong() > 0, coordinator.console());
            assertEquals(0, messages.get("lost").asLong());
            assertEquals(0, messages.get("duplicated").asLong());
            assertEquals(messages.get("sent").asLong(), messages.get("received").asLong());

            long sentByWorkers = 0;
            long receivedByWorkers = 0;
            for (WorkerProcess worker : workers) {
                sentByWorkers += (long) worker.metric("brokerbench_messages_sent_total");
                receivedByWorkers += (long) worker.metric("brokerbench_messages_received_total");
            }
            assertEquals(messages.get("sent").asLong(), sentByWorkers);
            assertEquals(messages.get("received").asLong(), receivedByWorkers);

            JsonNode listed = result.get("workers");
            assertEquals(3, listed.size());
            assertEquals(List.of("producer", "consumer", "consumer"),
                    List.of(listed.get(0).get("role").asText(), listed.get(1).get("role").asText(),
                            listed.get(2).get("role").asText()));
            for (int i = 0; i < 3; i++) {
                assertEquals(workers.get(i).url().toString(), listed.get(i).get("id").asText());
                assertTrue(listed.get(i).has("clockOffsetMicros"), listed.toString());
            }
            // the producing worker sent everything, the consuming ones received everything
            assertEquals(sentByWorkers, (long) workers.get(0).metric("brokerbench_messages_sent_total"));
            assertEquals(0, (long) workers.get(0).metric("brokerbench_messages_received_total"));

            // every interval shows each worker's JVM, and the Kafka clients of all workers together
            for (JsonNode interval : result.get("intervals")) {
                JsonNode usage = interval.get("loadGenerators");
                assertEquals(3, usage.size(), interval.toString());
                for (int i = 0; i < 3; i++) {
                    assertEquals(workers.get(i).url().toString(), usage.get(i).get("worker").asText());
                    assertTrue(usage.get(i).get("cpuCores").asDouble() > 0, usage.toString());
                }
                assertTrue(interval.get("clientMetrics").has("kafka.producer.record-send-rate"), interval.toString());
                assertTrue(interval.get("clientMetrics").has("kafka.consumer.records-consumed-rate"), interval.toString());
                assertTrue(interval.get("broker").get("cpuCores").asDouble() > 0, "the coordinator's local broker");
            }
            // the workers' samplers measured their own cost and sent it with their snapshots
            assertTrue(result.get("loadGenerator").get("recordingCpuSeconds").asDouble() > 0,
                    result.get("loadGenerator").toString());
            for (WorkerProcess worker : workers) {
                assertTrue(worker.metric("brokerbench_jvm_heap_used_bytes") > 0, worker.metrics());
                assertTrue(worker.metric("brokerbench_process_cpu_seconds_total") > 0, worker.metrics());
            }
            assertTrue(workers.get(0).metric("brokerbench_client_metric{name=\"kafka.producer.batch-size-avg\"}") > 0,
                    "the producing worker's Kafka producer");
        } finally {
            for (WorkerProcess worker : workers) {
                worker.close();
            }
        }
    }
}

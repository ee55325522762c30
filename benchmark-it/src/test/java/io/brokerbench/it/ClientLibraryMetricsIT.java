package io.brokerbench.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.brokerbench.localbroker.LocalBrokers;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The client metrics of the drivers' libraries other than Kafka's (KafkaResourceMetricsIT) in a real
 * run: Pulsar's producer and consumer statistics, what jnats counts on the NATS driver's connection,
 * and jedis' connection pool; and the broker process's CPU and memory beside them.
 */
class ClientLibraryMetricsIT {

    @Test
    void pulsarProducerAndConsumerStatisticsFollowTheMessages(@TempDir Path dir) throws Exception {
        JsonNode result = run(dir, "driver-pulsar/pulsar-local.yaml", 8);
        // the client refreshes its statistics once a second on a timer of its own, not at our interval
        // boundaries, so single intervals may carry two refreshes or none: compare over the phase
        double published = 0;
        double consumed = 0;
        double sentByClient = 0;
        double receivedByClient = 0;
        double acksReceived = 0;
        for (JsonNode interval : measured(result)) {
            JsonNode client = interval.get("clientMetrics");
            published += interval.get("publishRate").asDouble();
            consumed += interval.get("consumeRate").asDouble();
            sentByClient += client.get("pulsar.producer.msgs-sent-rate").asDouble();
            receivedByClient += client.get("pulsar.consumer.msgs-received-rate").asDouble();
            acksReceived += client.get("pulsar.producer.acks-received-rate").asDouble();
            assertEquals(0, client.get("pulsar.producer.send-failed-rate").asDouble(), client.toString());
            assertTrue(client.has("pulsar.producer.send-latency-ms-p99"), client.toString());
            assertBrokerSampled(interval);
        }
        assertTrue(published > 0 && consumed > 0, result.get("intervals").toString());
        assertTrue(Math.abs(sentByClient - published) <= published * 0.3,
                "the client sent " + sentByClient + " msg/s summed over the intervals, we published " + published);
        assertTrue(Math.abs(receivedByClient - consumed) <= consumed * 0.3,
                "the client received " + receivedByClient + " msg/s summed over the intervals, we consumed " + consumed);
        assertTrue(acksReceived > 0, "no acknowledgement counted");
    }

    @Test
    void natsConnectionStatisticsFollowThePublishedMessages(@TempDir Path dir) throws Exception {
        JsonNode result = run(dir, "driver-nats/nats-local.yaml", 3);
        for (JsonNode interval : measured(result)) {
            JsonNode client = interval.get("clientMetrics");
            double published = interval.get("publishRate").asDouble();
            // every message goes out once; JetStream acknowledgements and pulls add more, never fewer
            assertTrue(client.get("nats.connection.out-msgs-rate").asDouble() >= published * 0.9, client.toString());
            assertTrue(client.get("nats.connection.in-msgs-rate").asDouble() >= interval.get("consumeRate").asDouble() * 0.9,
                    client.toString());
            assertTrue(client.get("nats.connection.out-bytes-rate").asDouble() >= published * 256 * 0.9, client.toString());
            assertEquals(0, client.get("nats.connection.reconnect-rate").asDouble(), client.toString());
            assertBrokerSampled(interval);
        }
    }

    @Test
    void jedisPoolHoldsAConnectionPerProducerAndConsumer(@TempDir Path dir) throws Exception {
        JsonNode result = run(dir, "driver-redis/redis-local.yaml", 3);
        for (JsonNode interval : measured(result)) {
            JsonNode client = interval.get("clientMetrics");
            assertTrue(client.get("jedis.pool.active").asDouble() >= 2, "1 producer and 1 consumer: " + client);
            assertEquals(0, client.get("jedis.pool.waiters").asDouble(), client.toString());
            assertTrue(client.has("jedis.pool.borrow-wait-max-ms"), client.toString());
            assertBrokerSampled(interval);
        }
    }

    private static JsonNode run(Path dir, String driver, int testSeconds) throws Exception {
        InProcessRun run = new InProcessRun(dir.resolve("result.json"));
        int exit = run.start("--drivers", LocalBrokers.home().resolve(driver).toString(),
                Workloads.write(dir, 2, 1, 1, testSeconds).toString()).get(5, TimeUnit.MINUTES);
        assertEquals(0, exit, run.console());
        return run.result();
    }

    private static Iterable<JsonNode> measured(JsonNode result) {
        return () -> java.util.stream.StreamSupport.stream(result.get("intervals").spliterator(), false)
                .filter(interval -> interval.get("phase").asText().equals("measure")).iterator();
    }

    private static void assertBrokerSampled(JsonNode interval) {
        JsonNode broker = interval.get("broker");
        assertTrue(broker.get("cpuCores").asDouble() > 0 && broker.get("residentBytes").asLong() > 0, broker.toString());
    }
}

package io.openmessaging.benchmark.driver.rabbitmq;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RabbitMqConfigTest {

    @TempDir
    Path dir;

    @Test
    void readsOmbsFileAsOmbWroteIt() throws IOException {
        RabbitMqConfig config = RabbitMqConfig.read(file("""
                name: RabbitMQ
                driverClass: io.openmessaging.benchmark.driver.rabbitmq.RabbitMqBenchmarkDriver
                producerCreationDelay: 100
                producerCreationBatchSize: 5
                consumerCreationDelay: 100
                consumerCreationBatchSize: 5
                amqpUris:
                  - amqp://localhost
                messagePersistence: false
                queueType: QUORUM
                """));
        assertEquals(List.of("amqp://localhost"), config.amqpUris());
        assertEquals(RabbitMqConfig.QueueType.QUORUM, config.queueType());
        assertEquals(100, config.producerCreationDelay());
        assertEquals(5, config.consumerCreationBatchSize());
    }

    @Test
    void omittedKeysTakeOmbsDefaultsAndTheStreamAddressFollowsTheAmqpOne() throws IOException {
        RabbitMqConfig classic = RabbitMqConfig.read(file("messagePersistence: true\n"));
        assertEquals(List.of("amqp://localhost"), classic.amqpUris());
        assertEquals(RabbitMqConfig.QueueType.CLASSIC, classic.queueType());
        assertEquals(1000, classic.prefetchCount());

        RabbitMqConfig stream = RabbitMqConfig.read(file("amqpUris: [amqp://bench:secret@10.0.0.7:5673/perf]\n"
                + "queueType: stream\n"));
        assertEquals(List.of("rabbitmq-stream://bench:secret@10.0.0.7:5552/perf"), stream.streamUris());
    }

    @Test
    void anUnknownKeyIsNamedWithItsFileAndValue() throws IOException {
        File file = file("queueType: CLASSIC\nprefetch: 10\n");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> RabbitMqConfig.read(file));
        assertEquals(file + ": field 'prefetch' = 10: unknown key (known: amqpUris, connectTimeoutMs, "
                + "consumerCreationBatchSize, consumerCreationDelay, maxInFlightPublishes, messagePersistence, "
                + "prefetchCount, producerCreationBatchSize, producerCreationDelay, queueType, streamMaxLengthBytes, streamUris)",
                e.getMessage());
    }

    @Test
    void aBadValueIsNamedWithItsFileKeyAndValue() throws IOException {
        File type = file("queueType: lazy\n");
        assertEquals(type + ": field 'queueType' = 'lazy': must be one of CLASSIC, QUORUM, STREAM",
                assertThrows(IllegalArgumentException.class, () -> RabbitMqConfig.read(type)).getMessage());
        File uri = file("amqpUris: [localhost:5672]\n");
        assertEquals(uri + ": field 'amqpUris' = 'localhost:5672': expected amqp or amqps://host[:port]",
                assertThrows(IllegalArgumentException.class, () -> RabbitMqConfig.read(uri)).getMessage());
        File streamOnly = file("streamUris: [rabbitmq-stream://127.0.0.1:5552]\n");
        assertEquals(streamOnly + ": field 'streamUris' = [rabbitmq-stream://127.0.0.1:5552]: is used only with"
                + " queueType: STREAM, not CLASSIC",
                assertThrows(IllegalArgumentException.class, () -> RabbitMqConfig.read(streamOnly)).getMessage());
        File accounts = file("amqpUris: [amqp://bb:pw@127.0.0.1:5672/, amqp://other:pw@127.0.0.1:5673/]\n");
        assertEquals(accounts + ": field 'amqpUris' = 'amqp://other:pw@127.0.0.1:5673/': differs from"
                + " amqp://bb:pw@127.0.0.1:5672/ in more than host and port: one connection fails over between the"
                + " addresses with one scheme, user, password and virtual host",
                assertThrows(IllegalArgumentException.class, () -> RabbitMqConfig.read(accounts)).getMessage());
        File retention = file("queueType: QUORUM\nstreamMaxLengthBytes: 2147483648\n");
        assertEquals(retention + ": field 'streamMaxLengthBytes' = 2147483648: is used only with queueType: STREAM, not QUORUM",
                assertThrows(IllegalArgumentException.class, () -> RabbitMqConfig.read(retention)).getMessage());
        File tiny = file("queueType: STREAM\nstreamMaxLengthBytes: 1000\n");
        assertTrue(assertThrows(IllegalArgumentException.class, () -> RabbitMqConfig.read(tiny)).getMessage()
                .startsWith(tiny + ": field 'streamMaxLengthBytes' = 1000: must be between 4000000 and"));
        File prefetch = file("prefetchCount: 0\n");
        assertEquals(prefetch + ": field 'prefetchCount' = 0: must be between 1 and 65535",
                assertThrows(IllegalArgumentException.class, () -> RabbitMqConfig.read(prefetch)).getMessage());
    }

    @Test
    void theShippedDriverFilesAreValid() throws IOException {
        for (String name : new String[] {"rabbitmq.yaml", "rabbitmq-classic.yaml", "rabbitmq-quorum.yaml",
                "rabbitmq-stream.yaml", "rabbitmq-cluster-quorum.yaml", "rabbitmq-cluster-stream.yaml"}) {
            String text = Files.readString(Path.of(name))
                    .replace("${localBroker.amqpUris}", "[amqp://guest:guest@127.0.0.1:5672, amqp://guest:guest@127.0.0.1:5673]")
                    .replace("${localBroker.streamUris}",
                            "[rabbitmq-stream://guest:guest@127.0.0.1:5552, rabbitmq-stream://guest:guest@127.0.0.1:5553]")
                    .replace("${localBroker.amqpUri}", "amqp://guest:guest@127.0.0.1:5672")
                    .replace("${localBroker.streamUri}", "rabbitmq-stream://guest:guest@127.0.0.1:5552");
            RabbitMqConfig config = RabbitMqConfig.read(file(text));
            if (name.contains("cluster")) {
                // the endpoint, a YAML flow list, puts every node's address in the list
                assertEquals(List.of("amqp://guest:guest@127.0.0.1:5672", "amqp://guest:guest@127.0.0.1:5673"),
                        config.amqpUris(), name);
            }
        }
    }

    private File file(String text) throws IOException {
        Path file = Files.createTempFile(dir, "rabbitmq-", ".yaml");
        Files.writeString(file, text);
        return file.toFile();
    }
}

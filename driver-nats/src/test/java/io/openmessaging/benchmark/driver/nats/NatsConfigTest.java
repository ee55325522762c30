package io.openmessaging.benchmark.driver.nats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.nats.client.api.StorageType;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NatsConfigTest {

    @TempDir
    Path dir;

    @Test
    void readsOmbKeysAndOursAndIgnoresFrameworkKeys() throws IOException {
        NatsConfig config = NatsConfig.read(file("""
                name: NATS
                driverClass: io.openmessaging.benchmark.driver.nats.NatsBenchmarkDriver
                localBroker: nats
                natsHostUrl: nats://127.0.0.1:4333
                replicationFactor: 3
                storageType: memory
                maxBytes: 1073741824
                consumerMode: PUSH
                maxInFlightPublishes: 500
                pullBatchSize: 64
                """));
        assertEquals("nats://127.0.0.1:4333", config.natsHostUrl());
        assertEquals(3, config.replicationFactor());
        assertEquals(StorageType.Memory, config.storageType());
        assertEquals(1_073_741_824L, config.maxBytes());
        assertEquals(NatsConfig.ConsumerMode.PUSH, config.consumerMode());
        assertEquals(500, config.maxInFlightPublishes());
        assertEquals(64, config.pullBatchSize());
    }

    @Test
    void omittedKeysTakeDefaults() throws IOException {
        NatsConfig config = NatsConfig.read(file("natsHostUrl: nats://127.0.0.1:4222\n"));
        assertEquals(1, config.replicationFactor());
        assertEquals(StorageType.File, config.storageType());
        assertEquals(-1L, config.maxBytes());
        assertEquals(NatsConfig.ConsumerMode.PULL, config.consumerMode());
    }

    @Test
    void anUnknownKeyIsNamedWithItsFileAndValue() throws IOException {
        File file = file("natsHostUrl: nats://127.0.0.1:4222\nreplication: 3\n");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> NatsConfig.read(file));
        assertEquals(file + ": field 'replication' = 3: unknown key (known: ackWaitMs, connectTimeoutMs, consumerMode, "
                + "maxAckPending, maxBytes, maxInFlightPublishes, natsHostUrl, pullBatchSize, pullWaitMs, "
                + "replicationFactor, storageType)", e.getMessage());
    }

    @Test
    void aBadValueIsNamedWithItsFileKeyAndValue() throws IOException {
        File storage = file("storageType: disk\n");
        assertEquals(storage + ": field 'storageType' = 'disk': must be one of File, Memory",
                assertThrows(IllegalArgumentException.class, () -> NatsConfig.read(storage)).getMessage());
        File mode = file("consumerMode: poll\n");
        assertEquals(mode + ": field 'consumerMode' = 'poll': must be one of pull, push (did you mean 'pull'?)",
                assertThrows(IllegalArgumentException.class, () -> NatsConfig.read(mode)).getMessage());
        File replicas = file("replicationFactor: 6\n");
        assertEquals(replicas + ": field 'replicationFactor' = 6: must be between 1 and 5",
                assertThrows(IllegalArgumentException.class, () -> NatsConfig.read(replicas)).getMessage());
        File zero = file("maxBytes: 0\n");
        assertEquals(zero + ": field 'maxBytes' = 0: must be -1 (no limit) or a positive number of bytes",
                assertThrows(IllegalArgumentException.class, () -> NatsConfig.read(zero)).getMessage());
    }

    @Test
    void theShippedDriverFilesAreValid() throws IOException {
        for (String name : new String[] {"nats.yaml", "nats-local.yaml", "nats-local-memory.yaml", "nats-local-push.yaml",
                "nats-cluster-r1.yaml", "nats-cluster-r3.yaml"}) {
            String text = Files.readString(Path.of(name))
                    .replace("${localBroker.url}", "nats://127.0.0.1:4333,nats://127.0.0.1:4334,nats://127.0.0.1:4335");
            NatsConfig.read(file(text));
        }
    }

    private File file(String text) throws IOException {
        Path file = Files.createTempFile(dir, "nats-", ".yaml");
        Files.writeString(file, text);
        return file.toFile();
    }
}

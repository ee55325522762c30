package io.openmessaging.benchmark.driver.redis;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;

/**
 * How a benchmark topic maps onto Redis keys: partition {@code i} of topic {@code T} is the stream
 * {@code T:i}, and {@code T:partitions} holds the partition count so that producers and consumers
 * created by other workers find the same streams.
 */
final class RedisTopic {

    /** The single field of every stream entry; its value is the payload, byte for byte. */
    static final byte[] PAYLOAD_FIELD = {'p'};

    final String name;
    final byte[][] streams;
    private final AtomicLong roundRobin = new AtomicLong();

    RedisTopic(String name, int partitions) {
        this.name = name;
        this.streams = new byte[partitions][];
        for (int i = 0; i < partitions; i++) {
            streams[i] = (name + ":" + i).getBytes(StandardCharsets.UTF_8);
        }
    }

    /** The streams' keys as strings. */
    List<String> streamNames() {
        List<String> names = new ArrayList<>(streams.length);
        for (byte[] stream : streams) {
            names.add(new String(stream, StandardCharsets.UTF_8));
        }
        return names;
    }

    static String partitionCountKey(String topic) {
        return topic + ":partitions";
    }

    /**
     * A key always picks the same stream (String.hashCode is specified, so every JVM agrees), which
     * keeps a key's messages in order; without a key the producer goes round robin.
     */
    byte[] streamFor(Optional<String> key) {
        int index = key.isPresent()
                ? Math.floorMod(key.get().hashCode(), streams.length)
                : (int) Math.floorMod(roundRobin.getAndIncrement(), (long) streams.length);
        return streams[index];
    }
}

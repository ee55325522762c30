package io.openmessaging.benchmark.driver.nats;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;

/**
 * How a benchmark topic maps onto JetStream: one stream per topic, named after the topic, whose
 * subjects {@code <topic>.0 .. <topic>.N-1} are its partitions. Characters JetStream does not allow
 * in stream names or subject tokens become {@code _}. Public for the local broker's report of the
 * run's streams.
 */
public final class NatsTopic {

    final String stream;
    final List<String> subjects;
    private final AtomicLong roundRobin = new AtomicLong();

    NatsTopic(String topic, int partitions) {
        this.stream = safeName(topic);
        List<String> names = new ArrayList<>(partitions);
        for (int i = 0; i < partitions; i++) {
            names.add(stream + "." + i);
        }
        this.subjects = List.copyOf(names);
    }

    /** Stream, consumer and subject-token names may not hold '.', '*', '>', path separators or spaces. */
    public static String safeName(String name) {
        return name.replaceAll("[^A-Za-z0-9_-]", "_");
    }

    /**
     * A key always picks the same subject (String.hashCode is specified, so every JVM agrees), which
     * keeps a key's messages in order; without a key the producer goes round robin.
     */
    String subjectFor(Optional<String> key) {
        int index = key.isPresent()
                ? Math.floorMod(key.get().hashCode(), subjects.size())
                : (int) Math.floorMod(roundRobin.getAndIncrement(), (long) subjects.size());
        return subjects.get(index);
    }
}

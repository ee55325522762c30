package io.brokerbench.testing;

import io.brokerbench.driver.inmemory.InMemoryBenchmarkDriver;
import io.openmessaging.benchmark.driver.BenchmarkConsumer;
import io.openmessaging.benchmark.driver.BenchmarkDriver;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import io.openmessaging.benchmark.driver.ConsumerCallback;
import java.io.File;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.bookkeeper.stats.StatsLogger;

/**
 * The in-memory driver with a broker fault in front of every consumer or producer, chosen by the
 * YAML key {@code fault: DROP | DUPLICATE | REORDER | SILENT | FAIL_SENDS | HANG | SLOW | LATE_ACKS | CRASH}: proof that
 * delivery verification, the readiness probe and the fault accounting catch what they claim to.
 */
public final class FaultInjectingDriver implements BenchmarkDriver {

    /**
     * What goes wrong. Consumer faults affect every 97th message, so a few probes always get through.
     * Producer faults start after {@link #HEALTHY_SENDS} sends (probes included): FAIL_SENDS fails
     * every send from then on (a broker that refuses connections), HANG leaves them incomplete
     * and undelivered (a broker that died with the connection still open), SLOW holds the sending
     * thread for {@link #SLOW_SEND_MILLIS} per send and then delivers it (a broker pushing back: the
     * producer falls behind its schedule, nothing is lost), LATE_ACKS delivers each message at once
     * and acknowledges it {@link #LATE_ACK_MILLIS} later (consumers hear of a message before its
     * producer does, as on a real broker), CRASH throws an {@link Error} out of the send (a driver jar
     * missing a class, a heap exhausted), which ends the load thread that called it.
     */
    public enum Fault {
        NONE, DROP, DUPLICATE, REORDER, SILENT, FAIL_SENDS, HANG, SLOW, LATE_ACKS, CRASH
    }

    public static final int HEALTHY_SENDS = 1_000;
    public static final long SLOW_SEND_MILLIS = 2;
    public static final long LATE_ACK_MILLIS = 300;

    private static final Pattern FAULT = Pattern.compile("(?m)^fault:\\s*(\\w+)");
    private static final int EVERY = 97;

    private final InMemoryBenchmarkDriver delegate = new InMemoryBenchmarkDriver();
    private Fault fault = Fault.NONE;

    @Override
    public void initialize(File configurationFile, StatsLogger statsLogger) throws IOException {
        Matcher m = FAULT.matcher(Files.readString(configurationFile.toPath()));
        if (m.find()) {
            fault = Fault.valueOf(m.group(1));
        }
        // the file carries this driver's own keys, which the in-memory driver's strict reading would reject
        delegate.initialize(null, statsLogger);
    }

    @Override
    public String getTopicNamePrefix() {
        return "faulty";
    }

    @Override
    public CompletableFuture<Void> createTopic(String topic, int partitions) {
        return delegate.createTopic(topic, partitions);
    }

    @Override
    public CompletableFuture<BenchmarkProducer> createProducer(String topic) {
        if (fault == Fault.NONE || fault == Fault.DROP || fault == Fault.DUPLICATE || fault == Fault.REORDER
                || fault == Fault.SILENT) {
            return delegate.createProducer(topic);
        }
        return delegate.createProducer(topic).thenApply(producer -> new FaultyProducer(producer, fault));
    }

    @Override
    public CompletableFuture<BenchmarkConsumer> createConsumer(String topic, String subscription, ConsumerCallback callback) {
        return delegate.createConsumer(topic, subscription, new FaultyCallback(callback, fault));
    }

    @Override
    public void close() {
        delegate.close();
    }

    private static final class FaultyProducer implements BenchmarkProducer {
        private final BenchmarkProducer target;
        private final Fault fault;
        private long count;

        FaultyProducer(BenchmarkProducer target, Fault fault) {
            this.target = target;
            this.fault = fault;
        }

        @Override
        public CompletableFuture<Void> sendAsync(Optional<String> key, byte[] payload) {
            if (++count <= HEALTHY_SENDS) {
                return target.sendAsync(key, payload);
            }
            if (fault == Fault.LATE_ACKS) {
                return target.sendAsync(key, payload).thenRunAsync(() -> { },
                        CompletableFuture.delayedExecutor(LATE_ACK_MILLIS, TimeUnit.MILLISECONDS));
            }
            if (fault == Fault.CRASH) {
                throw new NoClassDefFoundError("org/example/client/MissingFromTheDriverJar");
            }
            if (fault == Fault.SLOW) {
                try {
                    Thread.sleep(SLOW_SEND_MILLIS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return target.sendAsync(key, payload);
            }
            return fault == Fault.FAIL_SENDS
                    ? CompletableFuture.failedFuture(new IllegalStateException("connection refused"))
                    : new CompletableFuture<>();
        }

        @Override
        public void close() throws Exception {
            target.close();
        }
    }

    private static final class FaultyCallback implements ConsumerCallback {
        private final ConsumerCallback target;
        private final Fault fault;
        private long count;
        private byte[] held;

        FaultyCallback(ConsumerCallback target, Fault fault) {
            this.target = target;
            this.fault = fault;
        }

        @Override
        public synchronized void messageReceived(byte[] payload, long publishTimestamp) {
            count++;
            boolean affected = count % EVERY == 0;
            switch (fault) {
                case SILENT:
                    return;
                case DROP:
                    if (!affected) {
                        target.messageReceived(payload, publishTimestamp);
                    }
                    return;
                case DUPLICATE:
                    target.messageReceived(payload, publishTimestamp);
                    if (affected) {
                        target.messageReceived(payload, publishTimestamp);
                    }
                    return;
                case REORDER:
                    if (affected && held == null) {
                        held = payload.clone(); // the producer reuses its buffer
                        return;
                    }
                    target.messageReceived(payload, publishTimestamp);
                    if (held != null) {
                        target.messageReceived(held, publishTimestamp);
                        held = null;
                    }
                    return;
                default:
                    target.messageReceived(payload, publishTimestamp);
            }
        }

        @Override
        public void messageReceived(ByteBuffer payload, long publishTimestamp) {
            byte[] bytes = new byte[payload.remaining()];
            payload.duplicate().get(bytes);
            messageReceived(bytes, publishTimestamp);
        }
    }
}

package io.brokerbench.testing;

import static org.awaitility.Awaitility.await;

import io.openmessaging.benchmark.driver.ConsumerCallback;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/** Keeps every payload a consumer received, in arrival order, and notices concurrent calls. */
public final class RecordingCallback implements ConsumerCallback {

    private final List<byte[]> payloads = new ArrayList<>();
    private final List<Long> publishTimestamps = new ArrayList<>();
    private final AtomicInteger inside = new AtomicInteger();
    private volatile boolean concurrent;

    @Override
    public void messageReceived(byte[] payload, long publishTimestamp) {
        if (inside.incrementAndGet() > 1) {
            concurrent = true;
        }
        synchronized (this) {
            payloads.add(payload);
            publishTimestamps.add(publishTimestamp);
        }
        inside.decrementAndGet();
    }

    @Override
    public void messageReceived(ByteBuffer payload, long publishTimestamp) {
        byte[] bytes = new byte[payload.remaining()];
        payload.get(bytes);
        messageReceived(bytes, publishTimestamp);
    }

    public synchronized List<byte[]> payloads() {
        return new ArrayList<>(payloads);
    }

    public synchronized List<Long> publishTimestamps() {
        return new ArrayList<>(publishTimestamps);
    }

    public boolean calledConcurrently() {
        return concurrent;
    }

    public synchronized int count() {
        return payloads.size();
    }

    /** Waits until the callbacks together received {@code total} messages; fails when they have not within {@code timeout}. */
    public static void awaitTotal(List<RecordingCallback> callbacks, int total, Duration timeout) {
        await(total + " messages received").atMost(timeout)
                .until(() -> callbacks.stream().mapToInt(RecordingCallback::count).sum() >= total);
    }

    /** A payload carrying a message number and a tag, padded to {@code size} bytes. */
    public static byte[] payload(long number, int tag, int size) {
        ByteBuffer buffer = ByteBuffer.allocate(Math.max(size, 12));
        buffer.putLong(number).putInt(tag);
        return buffer.array();
    }

    public static long number(byte[] payload) {
        return ByteBuffer.wrap(payload).getLong(0);
    }

    public static int tag(byte[] payload) {
        return ByteBuffer.wrap(payload).getInt(8);
    }
}

package io.brokerbench.testing;

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
            notifyAll();
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

    /** Waits until the callbacks together received {@code total} messages or {@code timeout} passed. */
    public static void awaitTotal(List<RecordingCallback> callbacks, int total, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            int sum = 0;
            for (RecordingCallback c : callbacks) {
                sum += c.count();
            }
            if (sum >= total) {
                return;
            }
            Thread.sleep(20);
        }
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

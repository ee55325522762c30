package io.brokerbench.driver.inmemory;

import io.brokerbench.driver.inmemory.capacity.CapacityModel;
import io.brokerbench.driver.inmemory.capacity.ServiceQueue;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.LongSupplier;

/**
 * The in-memory driver's broker of known capacity: every message of every topic passes through one
 * {@link ServiceQueue}, and a delivery thread hands each to its consumers and completes its
 * acknowledgement once the clock reaches the time the queue says it is served. The thread parks
 * until the next completion and then takes every message due at once, so a late wake-up (a park
 * overshoots by tens of microseconds) delays messages without lowering the rate they are served at.
 */
final class CapacityServer implements AutoCloseable {

    /** How long the delivery thread sleeps with nothing queued, before it looks whether it was closed. */
    private static final long IDLE_PARK_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

    private final ServiceQueue queue;
    private final LongSupplier nanoClock;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition room = lock.newCondition();
    /** The messages {@link #queue} holds, in the same order. Guarded by {@link #lock}. */
    private final ArrayDeque<Pending> pending = new ArrayDeque<>();
    private final Thread deliveryThread;
    private volatile boolean closed;

    /** @param nanoClock {@link System#nanoTime} but in tests */
    CapacityServer(CapacityModel model, LongSupplier nanoClock) {
        this.queue = new ServiceQueue(model);
        this.nanoClock = nanoClock;
        this.deliveryThread = new Thread(this::deliver, "inmemory-capacity-server");
        deliveryThread.setDaemon(true);
        deliveryThread.start();
    }

    /**
     * Queues a message; the future completes once it is served, after its consumers received it.
     *
     * <p>A full queue blocks the caller until there is room, as a Kafka producer blocks on its full
     * buffer (and Pulsar's with blockIfQueueFull). The producer then publishes no faster than the
     * server frees room: above the capacity it falls behind its schedule, which the max-rate search
     * sees as a rate not held, and the run stays clean. Failing the send instead would also hold the
     * acknowledgements to the capacity, but every window above it would end in failed sends, which
     * the harness reports as a broker fault (exit code 3), and the producers would stay on schedule
     * whatever the capacity, so the publish delay and the search's restart of the schedule after an
     * overrun, which it meets against real brokers, would go untested.
     */
    CompletableFuture<Void> submit(InMemoryTopic topic, int partition, byte[] payload) {
        CompletableFuture<Void> acknowledgement = new CompletableFuture<>();
        boolean wasIdle;
        lock.lock();
        try {
            while (queue.full() && !closed) {
                room.await();
            }
            if (closed) {
                return CompletableFuture.failedFuture(new IllegalStateException("the in-memory driver was closed"));
            }
            wasIdle = queue.held() == 0;
            queue.admit(nanoClock.getAsLong());
            pending.add(new Pending(topic, partition, payload, MillisecondTicker.now(), acknowledgement));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return CompletableFuture.failedFuture(e);
        } finally {
            lock.unlock();
        }
        if (wasIdle) {
            // it parks for as long as nothing is queued; with something queued it wakes for that anyway
            LockSupport.unpark(deliveryThread);
        }
        return acknowledgement;
    }

    private void deliver() {
        List<Pending> due = new ArrayList<>();
        while (!closed) {
            long nextNanos;
            long now;
            lock.lock();
            try {
                now = nanoClock.getAsLong();
                int served = queue.release(now);
                for (int i = 0; i < served; i++) {
                    due.add(pending.poll());
                }
                if (served > 0) {
                    room.signalAll();
                }
                nextNanos = queue.nextCompletionNanos();
            } finally {
                lock.unlock();
            }
            if (!due.isEmpty()) {
                for (Pending message : due) {
                    // received before acknowledged: the harness's backlog (acknowledged, not received)
                    // never counts a message this server has served, so it measures the queue alone
                    message.topic.deliver(message.partition, message.payload, message.publishTimestamp);
                    message.acknowledgement.complete(null);
                }
                due.clear();
            } else {
                LockSupport.parkNanos(nextNanos == Long.MAX_VALUE ? IDLE_PARK_NANOS : nextNanos - now);
            }
        }
    }

    /** Stops serving: what is still queued fails, and senders waiting for room return failed. */
    @Override
    public void close() {
        closed = true;
        LockSupport.unpark(deliveryThread);
        try {
            deliveryThread.join(TimeUnit.SECONDS.toMillis(5));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        List<Pending> unserved;
        lock.lock();
        try {
            unserved = new ArrayList<>(pending);
            pending.clear();
            room.signalAll();
        } finally {
            lock.unlock();
        }
        IllegalStateException notServed = new IllegalStateException("the in-memory driver was closed before serving it");
        unserved.forEach(message -> message.acknowledgement.completeExceptionally(notServed));
    }

    private record Pending(InMemoryTopic topic, int partition, byte[] payload, long publishTimestamp,
                           CompletableFuture<Void> acknowledgement) {
    }
}

package io.brokerbench.driver.inmemory.capacity;

/**
 * The arithmetic of a single FIFO server with a bounded queue: when each message is served,
 * {@code completion_i = max(arrival_i, completion_{i-1}) + serviceTime_i}, and when there is room
 * for the next one. Pure: it reads no clock, the caller passes every time (nanoseconds on one
 * clock of its choosing: {@link System#nanoTime} in the driver, a manual clock in tests), so the same
 * class drives the in-memory driver's server and the framework's simulated broker, and both follow
 * the model exactly. Not thread-safe: the driver guards it with its lock.
 *
 * <p>A message holds its place from its arrival until it is {@linkplain #release released}, which
 * the caller does once its completion time has been reached (the driver's delivery thread, when it
 * hands the message on). Room is what has not been released.
 */
public final class ServiceQueue {

    private final ServiceTimes serviceTimes;
    /** Completion times of the messages held, oldest first, in a ring. */
    private final long[] completions;
    private int head;
    private int held;
    private long lastCompletionNanos = Long.MIN_VALUE;
    private long lastReleasedNanos = Long.MIN_VALUE;
    private long admitted;
    private long released;

    /** A queue of the model's {@code queueLimit}. */
    public ServiceQueue(CapacityModel model) {
        this(model, model.queueLimit());
    }

    /**
     * A queue holding at most {@code limit} messages: less than the model's when something in front
     * of it bounds the messages in flight more tightly (a producer's limit of messages awaiting
     * acknowledgement, which with this model are the messages held).
     */
    public ServiceQueue(CapacityModel model, int limit) {
        if (limit < 1 || limit > model.queueLimit()) {
            throw new IllegalArgumentException("limit must be between 1 and the model's queueLimit "
                    + model.queueLimit() + ", not " + limit);
        }
        this.serviceTimes = new ServiceTimes(model);
        this.completions = new long[limit];
    }

    /** Whether every place is taken: the next message must wait for {@link #roomAtNanos()}. */
    public boolean full() {
        return held == completions.length;
    }

    /** When a full queue has room again: when the oldest message held is served. */
    public long roomAtNanos() {
        if (!full()) {
            throw new IllegalStateException("there is room now");
        }
        return completions[head];
    }

    /**
     * Takes a message that arrives at {@code arrivalNanos} (no earlier than any before it); returns
     * when it will have been served. Release what was served by its arrival first, or its place may
     * still look taken.
     *
     * @throws IllegalStateException when the queue is {@link #full()}
     */
    public long admit(long arrivalNanos) {
        if (full()) {
            throw new IllegalStateException("the queue is full until " + completions[head]);
        }
        long start = Math.max(arrivalNanos, lastCompletionNanos);
        long completion = start + serviceTimes.next();
        int tail = head + held;
        completions[tail >= completions.length ? tail - completions.length : tail] = completion;
        held++;
        admitted++;
        lastCompletionNanos = completion;
        return completion;
    }

    /** Frees the places of the messages served by {@code nowNanos}, oldest first; returns how many. */
    public int release(long nowNanos) {
        int count = 0;
        while (held > 0 && completions[head] <= nowNanos) {
            lastReleasedNanos = completions[head];
            head = head + 1 == completions.length ? 0 : head + 1;
            held--;
            count++;
        }
        released += count;
        return count;
    }

    /** When the oldest message held is served; {@link Long#MAX_VALUE} when none is held. */
    public long nextCompletionNanos() {
        return held == 0 ? Long.MAX_VALUE : completions[head];
    }

    /** When the last message admitted is (or was) served; {@link Long#MIN_VALUE} before the first. */
    public long lastCompletionNanos() {
        return lastCompletionNanos;
    }

    /** When the last message released was served; {@link Long#MIN_VALUE} before the first. */
    public long lastReleasedNanos() {
        return lastReleasedNanos;
    }

    /** Messages admitted and not yet released. */
    public int held() {
        return held;
    }

    public long admitted() {
        return admitted;
    }

    public long released() {
        return released;
    }
}

package io.brokerbench.driver.inmemory.capacity;

/**
 * A broker of known capacity, as a test device for the harness itself: one FIFO server that serves
 * {@code serviceRate} messages a second, with at most {@code queueLimit} messages in it (waiting or
 * being served). A search for the highest sustainable rate run against it must find
 * {@code serviceRate}; anything else is the harness's error.
 *
 * @param serviceRate       messages served per second; the mean service time is its inverse
 * @param queueLimit        messages the broker holds at most; a send beyond it waits for room
 * @param serviceTimeJitter each service time is drawn uniformly from mean × (1 ± this fraction), so
 *                          the mean, and with it the capacity, stays what {@code serviceRate} says
 * @param seed              of the service times' random draws, so that a run can be repeated exactly
 */
public record CapacityModel(double serviceRate, int queueLimit, double serviceTimeJitter, long seed) {

    /**
     * The most messages held: every one is remembered (its payload and its acknowledgement) until
     * served, and the worker's heap must hold them. The harness's own in-flight limit (10,000 per
     * producer by default) is usually reached long before.
     */
    public static final int MAX_QUEUE_LIMIT = 1_000_000;
    /** Service times under a nanosecond would all round to the same clock reading. */
    public static final double MAX_SERVICE_RATE = 1e9;

    public CapacityModel {
        if (!(serviceRate > 0) || serviceRate > MAX_SERVICE_RATE) {
            throw new IllegalArgumentException("serviceRate must be above 0 and at most " + MAX_SERVICE_RATE + ", not "
                    + serviceRate);
        }
        if (queueLimit < 1 || queueLimit > MAX_QUEUE_LIMIT) {
            throw new IllegalArgumentException("queueLimit must be between 1 and " + MAX_QUEUE_LIMIT + ", not " + queueLimit);
        }
        if (!(serviceTimeJitter >= 0 && serviceTimeJitter <= 1)) {
            throw new IllegalArgumentException("serviceTimeJitter must be between 0 and 1, not " + serviceTimeJitter);
        }
    }

    /** The mean time to serve one message. */
    public double meanServiceNanos() {
        return 1e9 / serviceRate;
    }
}

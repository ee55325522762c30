package io.openmessaging.benchmark.driver;

import java.nio.ByteBuffer;

/**
 * What a driver calls for every message a consumer receives (one of the two variants).
 *
 * <p>Threading contract: a driver may call one callback from any of its threads, and from several
 * threads at once (a client with one thread per partition or per connection does); the framework's
 * callbacks are safe for that. A driver must not call it after the consumer's {@code close()}
 * returned. A callback may take a lock, so a driver should not hold its own locks while calling it.
 */
public interface ConsumerCallback {

    /**
     * @param payload the message payload as published
     * @param publishTimestamp the broker's or producer's publish time in epoch milliseconds, as OMB
     *     defines it; the framework prefers the microsecond time stamped into the payload and uses
     *     this only for payloads too small to carry that header
     */
    void messageReceived(byte[] payload, long publishTimestamp);

    /** As {@link #messageReceived(byte[], long)}, for drivers that hold the payload in a buffer. */
    void messageReceived(ByteBuffer payload, long publishTimestamp);
}

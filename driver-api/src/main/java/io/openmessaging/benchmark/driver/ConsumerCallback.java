package io.openmessaging.benchmark.driver;

import java.nio.ByteBuffer;

/** What a driver calls for every message a consumer receives (one of the two variants). */
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

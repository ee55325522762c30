package io.openmessaging.benchmark.driver;

/** The callback of the older API copy: byte arrays only, no ByteBuffer overload. */
public interface ConsumerCallback {

    void messageReceived(byte[] payload, long publishTimestamp);
}

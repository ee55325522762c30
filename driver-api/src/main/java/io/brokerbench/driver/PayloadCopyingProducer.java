package io.brokerbench.driver;

import io.openmessaging.benchmark.driver.BenchmarkProducer;

/**
 * Optional capability of a {@link BenchmarkProducer}: its {@code sendAsync} has copied the payload
 * bytes by the time it returns (Kafka's producer appends them to its batch buffer inside
 * {@code send}).
 *
 * <p>The framework writes a per-message header into every payload. For producers without this
 * marker it hands each message a fresh array, because a driver may still hold the previous one
 * (Pulsar wraps the array until the broker acknowledges); for producers with it, it reuses one array
 * and so allocates no payload array per message (what the driver and its client allocate is theirs).
 * OMB drivers do not know this type and get the safe path.
 */
public interface PayloadCopyingProducer {
}

package io.brokerbench.driver;

import io.openmessaging.benchmark.driver.BenchmarkDriver;

/**
 * Optional capability of a {@link BenchmarkDriver}: whether its consumers promise to read only
 * committed data (Kafka's {@code isolation.level=read_committed}). The delivery verifier fails a
 * subscription of such consumers that received a message of an aborted transaction ({@link
 * AbortedSend}); consumers of drivers without this capability may receive aborted messages.
 */
public interface CommittedReads {

    /** True when every consumer this driver creates reads only committed data. */
    boolean consumersReadCommittedOnly();
}

package io.brokerbench.driver;

import io.openmessaging.benchmark.driver.BenchmarkProducer;

/**
 * What a {@link BenchmarkProducer}'s future fails with when the driver aborted the message on
 * purpose, as when the driver file asks for a fraction of transactions to be aborted. The framework
 * then counts the message as aborted, not as a failed send: it is not expected at consumers that read
 * only committed data, and one that reaches such a consumer fails the run ({@link CommittedReads}).
 * A future failing with anything else is a send failure, as before.
 */
public final class AbortedSend extends RuntimeException {

    public AbortedSend(String message) {
        super(message, null, false, false);
    }
}

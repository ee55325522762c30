package io.openmessaging.benchmark.driver.kafka;

import io.brokerbench.yaml.FieldException;
import io.brokerbench.yaml.Range;

/**
 * The driver file's transaction keys, beside OMB's Kafka keys. {@code requestsPerTransaction} is the
 * key of the Redpanda fork of OMB's transactional Kafka driver, so its files work unchanged.
 *
 * @param requestsPerTransaction send in transactions of this many messages (the transaction size);
 *     absent: plain producers, as in OMB's Kafka driver
 * @param abortFraction the share of transactions the producer aborts instead of committing, from 0 to 1,
 *     spread evenly (with 0.1, every tenth); absent: 0. Needs {@code requestsPerTransaction}
 */
public record TransactionSettings(@Range(min = 1) Integer requestsPerTransaction, @Range(min = 0, max = 1) Double abortFraction) {

    public TransactionSettings {
        if (abortFraction != null && requestsPerTransaction == null) {
            throw new FieldException("abortFraction", abortFraction,
                    "needs requestsPerTransaction: only messages sent in transactions can be aborted");
        }
    }

    /** Messages per transaction, or 0 for plain (non-transactional) producers. */
    int messagesPerTransaction() {
        return requestsPerTransaction == null ? 0 : requestsPerTransaction;
    }

    double abortShare() {
        return abortFraction == null ? 0 : abortFraction;
    }

    /**
     * Whether transaction {@code index} (0-based, per producer) is to be aborted: exactly
     * floor(n × abortFraction) of the first n transactions are, for every n, so even a short run aborts
     * its share and a verdict never depends on chance.
     */
    boolean aborts(long index) {
        double share = abortShare();
        return Math.floor((index + 1) * share) > Math.floor(index * share);
    }
}

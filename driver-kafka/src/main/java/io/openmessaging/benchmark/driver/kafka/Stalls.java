package io.openmessaging.benchmark.driver.kafka;

import java.time.Duration;

/**
 * When one share consumer stalls: after every {@code every}-th poll that returned records, for {@code
 * length}, before it hands them on and acknowledges them. A consumer that holds its records longer than
 * the acquisition lock lasts loses them to another member, which is what the driver file's {@code
 * stallEveryPolls}/{@code stallMs} provoke on purpose. Counted, not random, so that a run's stalls do not
 * depend on chance. Used by one consumer thread.
 */
final class Stalls {

    private final int every;
    private final Duration length;
    private long pollsWithRecords;

    Stalls(int every, Duration length) {
        this.every = every;
        this.length = length;
    }

    /** How long to stall after this poll, which returned records: {@link Duration#ZERO} but on every n-th. */
    Duration afterPollWithRecords() {
        pollsWithRecords++;
        return pollsWithRecords % every == 0 ? length : Duration.ZERO;
    }
}

package io.brokerbench.measurement;

import io.brokerbench.delivery.ProducerTally;
import java.util.List;

/**
 * What all producers together were due to send and what became of it, over the whole run.
 *
 * @param due messages whose intended send time had come while the load ran
 * @param sent handed to the driver
 * @param failed sends whose future failed
 * @param unacknowledged sends whose future never completed
 */
public record ProducerTotals(long due, long sent, long failed, long unacknowledged) {

    public static final ProducerTotals NONE = new ProducerTotals(0, 0, 0, 0);

    public static ProducerTotals of(List<ProducerTally> tallies) {
        long due = 0;
        long sent = 0;
        long failed = 0;
        long unacknowledged = 0;
        for (ProducerTally tally : tallies) {
            due += tally.due();
            sent += tally.sent();
            failed += tally.failed();
            unacknowledged += tally.unacknowledged();
        }
        return new ProducerTotals(due, sent, failed, unacknowledged);
    }

    /** Messages due that were never handed to the driver (the load generator was held back). */
    public long unsent() {
        return Math.max(0, due - sent);
    }

    /** Every due message was sent and acknowledged. */
    public boolean complete() {
        return unsent() == 0 && settled();
    }

    /** Every message sent was acknowledged: none failed and none was left waiting (unsent ones aside). */
    public boolean settled() {
        return failed == 0 && unacknowledged == 0;
    }
}

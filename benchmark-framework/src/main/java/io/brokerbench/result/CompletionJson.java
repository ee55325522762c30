package io.brokerbench.result;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.brokerbench.run.BacklogDrain;
import io.brokerbench.run.CountedCompletion;
import io.brokerbench.run.RunRecord;

/**
 * The result's {@code countBounded} section (a run of {@code testMessages}: how long publishing and
 * consuming took) and {@code backlogDrain} section (how fast the consumer backlog was worked off);
 * each only when the run had one.
 */
final class CompletionJson {

    private CompletionJson() {
    }

    static void write(ObjectNode root, RunRecord run) {
        CountedCompletion completion = run.completion();
        if (completion != null) {
            ObjectNode node = root.putObject("countBounded");
            node.put("testMessages", completion.messages());
            node.put("sent", completion.sent());
            node.put("expectedDeliveries", completion.expectedDeliveries());
            node.put("received", completion.received());
            node.put("allConsumed", completion.allConsumed());
            node.put("publishSeconds", ResultNumbers.round3OrNull(completion.publishSeconds()));
            node.put("consumeSeconds", ResultNumbers.round3OrNull(completion.consumeSeconds()));
            node.put("publishRate", ResultNumbers.round3OrNull(completion.publishRate()));
            node.put("consumeRate", ResultNumbers.round3OrNull(completion.consumeRate()));
        }
        BacklogDrain drain = run.backlogDrain();
        if (drain != null) {
            ObjectNode node = root.putObject("backlogDrain");
            node.put("drained", drain.drained());
            node.put("backlogAtStart", drain.backlogAtStart());
            node.put("backlogAtEnd", drain.backlogAtEnd());
            node.put("seconds", ResultNumbers.round3OrNull(drain.seconds()));
            node.put("consumed", drain.consumed());
            node.put("consumeRate", ResultNumbers.round3OrNull(drain.consumeRate()));
            node.put("consumeMBps", ResultNumbers.round3OrNull(drain.consumeMBps()));
            node.put("netDrainRate", ResultNumbers.round3OrNull(drain.netDrainRate()));
            // timed per message: microseconds kept
            node.put("backlogReadSeconds", ResultNumbers.round6OrNull(drain.backlogReadSeconds()));
            node.put("backlogReadRate", ResultNumbers.round3OrNull(drain.backlogReadRate()));
            node.put("backlogReadMBps", ResultNumbers.round3OrNull(drain.backlogReadMBps()));
        }
    }
}

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
            putNumber(node, "publishSeconds", completion.publishSeconds());
            putNumber(node, "consumeSeconds", completion.consumeSeconds());
            putNumber(node, "publishRate", completion.publishRate());
            putNumber(node, "consumeRate", completion.consumeRate());
        }
        BacklogDrain drain = run.backlogDrain();
        if (drain != null) {
            ObjectNode node = root.putObject("backlogDrain");
            node.put("drained", drain.drained());
            node.put("backlogAtStart", drain.backlogAtStart());
            node.put("backlogAtEnd", drain.backlogAtEnd());
            putNumber(node, "seconds", drain.seconds());
            node.put("consumed", drain.consumed());
            putNumber(node, "consumeRate", drain.consumeRate());
            putNumber(node, "consumeMBps", drain.consumeMBps());
            putNumber(node, "netDrainRate", drain.netDrainRate());
            // timed per message: microseconds kept
            putMicros(node, "backlogReadSeconds", drain.backlogReadSeconds());
            putNumber(node, "backlogReadRate", drain.backlogReadRate());
            putNumber(node, "backlogReadMBps", drain.backlogReadMBps());
        }
    }

    /** Seconds to the microsecond; null when not measured. */
    private static void putMicros(ObjectNode node, String field, double seconds) {
        if (Double.isFinite(seconds)) {
            node.put(field, Math.round(seconds * 1e6) / 1e6);
        } else {
            node.putNull(field);
        }
    }

    /** Three decimals; a value that could not be measured (nothing sent, no time passed) is null. */
    private static void putNumber(ObjectNode node, String field, double value) {
        if (Double.isFinite(value)) {
            node.put(field, Math.round(value * 1000.0) / 1000.0);
        } else {
            node.putNull(field);
        }
    }
}

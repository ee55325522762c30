package io.brokerbench.result.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.brokerbench.delivery.WindowDelivery;

/**
 * One fault of the workload as it happened ({@code "faults"}): where it hit, what the broker reported
 * about leadership, and what the clients saw — times in seconds, counted from the fault's start unless
 * named otherwise; absent where it did not happen (docs/faults.md, "What a fault's result says").
 *
 * @param clients an isolation that cut the node from the clients too
 * @param millis a delay's hold on each packet the node sent
 * @param percent a loss's share of the packets the node sent that were dropped
 * @param atSeconds when it was planned, from the start of the measured phase
 * @param startedAtSeconds when it was taken, from the start of the measured phase
 * @param notApplied why it was not taken (the broker named no leader, the run ended first)
 * @param command a command fault's command, as the workload gave it
 * @param undo its undo, as the workload gave it
 * @param undoFailed how the undo failed ("exited with code 1: …"); absent if it ran or there was none
 * @param endedAfterSeconds when the paused node resumed, the restarted one started again, the network was healed
 *     or a command's undo ran
 * @param leaderMovedAfterSeconds when the broker first reported another leader of the partition
 * @param noticedAfterSeconds when the clients first saw it: acknowledgements below half the rate while
 *     sends await one, or a failed send (to the end of the first snapshot that showed it)
 * @param unavailableSeconds the longest stretch with acknowledgements below a tenth of the rate
 * @param unavailableFromSeconds when that stretch began
 * @param recoveredAfterSeconds when the rate held again with the backlog and the publish delay back near
 *     where they were before the fault; absent if that did not happen before the measured phase ended
 * @param delivery what became of the messages intended from the fault's start to the recovery (to the
 *     end of the measured phase without one), exactly per message; absent where messages cannot be placed
 *     in time (an unpaced producer, a rate that changed) or delivery was not verified
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record FaultOutcome(
        int index,
        String action,
        String target,
        Integer topic,
        Integer partition,
        Integer seconds,
        Boolean clients,
        Integer millis,
        Integer percent,
        String command,
        String undo,
        double atSeconds,
        boolean applied,
        String notApplied,
        String undoFailed,
        String node,
        String role,
        Double startedAtSeconds,
        Double endedAfterSeconds,
        String leaderBefore,
        String leaderAfter,
        Double leaderMovedAfterSeconds,
        Double noticedAfterSeconds,
        Double unavailableSeconds,
        Double unavailableFromSeconds,
        Double recoveredAfterSeconds,
        Latency before,
        Latency during,
        Latency after,
        WindowDelivery delivery) {

    /** This outcome with what became of the messages intended in its window. */
    public FaultOutcome withDelivery(WindowDelivery judged) {
        return new FaultOutcome(index, action, target, topic, partition, seconds, clients, millis, percent, command, undo,
                atSeconds, applied, notApplied, undoFailed, node, role, startedAtSeconds, endedAfterSeconds, leaderBefore,
                leaderAfter, leaderMovedAfterSeconds, noticedAfterSeconds, unavailableSeconds, unavailableFromSeconds,
                recoveredAfterSeconds, before, during, after, judged);
    }

    /**
     * Publish and end-to-end latency from the intended send time over a stretch of the measured phase
     * (ms): before the fault, from it to the recovery, and after; the stretch's runs' histograms merged.
     *
     * @param messages sends handed to the driver in the stretch
     * @param retried sends the client libraries retried on their own in the stretch (Kafka's
     *     {@code record-retry-total}); absent where the clients do not count them
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Latency(double seconds, long messages, Long retried, Double publishP50, Double publishP99, Double publishMax,
            Double endToEndP50, Double endToEndP99, Double endToEndMax) {
    }
}

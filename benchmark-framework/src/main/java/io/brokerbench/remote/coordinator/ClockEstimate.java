package io.brokerbench.remote.coordinator;

import java.util.List;

/**
 * A worker's clock relative to the coordinator's, from NTP-style exchanges: the coordinator notes
 * its time t0, the worker answers with its time tw, the coordinator notes t1. If the reply was
 * taken halfway through the round trip, offset = tw − (t0 + t1) / 2; wherever it was taken, the
 * truth is within half the round trip of that. The exchange with the shortest round trip bounds it
 * best, so that one is kept.
 *
 * @param offsetMicros the worker's clock minus the coordinator's
 * @param uncertaintyMicros the offset is within ± this (half the shortest round trip)
 */
public record ClockEstimate(long offsetMicros, long uncertaintyMicros) {

    /** One exchange, all in epoch microseconds. */
    public record Exchange(long coordinatorSentMicros, long workerMicros, long coordinatorReceivedMicros) {

        long roundTripMicros() {
            return coordinatorReceivedMicros - coordinatorSentMicros;
        }
    }

    public static ClockEstimate of(List<Exchange> exchanges) {
        if (exchanges.isEmpty()) {
            throw new IllegalArgumentException("no clock exchanges");
        }
        Exchange best = exchanges.get(0);
        for (Exchange exchange : exchanges) {
            if (exchange.roundTripMicros() < best.roundTripMicros()) {
                best = exchange;
            }
        }
        long roundTrip = Math.max(0, best.roundTripMicros());
        // floorDiv keeps the midpoint exact for negative epochs in tests and odd sums alike
        long midpoint = best.coordinatorSentMicros() + Math.floorDiv(roundTrip, 2);
        return new ClockEstimate(best.workerMicros() - midpoint, (roundTrip + 1) / 2);
    }
}

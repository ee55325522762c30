package io.brokerbench.run;

import io.brokerbench.measurement.RunTotals;
import java.util.ArrayList;
import java.util.List;

/**
 * Notices, interval by interval, when publishing or consuming stops making progress, and says so
 * once per episode: one line when it starts (with what is waiting), one when it ends (with how long
 * it lasted), instead of a client library's warning every second or silence. Pure: fed the run's
 * totals, it reads no clock.
 */
final class StallWatch {

    private final int subscriptionsPerTopic;
    private RunTotals previous;
    private double publishStalledSince = Double.NaN;
    private double failingSince = Double.NaN;
    private double consumeStalledSince = Double.NaN;

    StallWatch(int subscriptionsPerTopic) {
        this.subscriptionsPerTopic = subscriptionsPerTopic;
    }

    /**
     * @param totals the run's totals now
     * @param seconds seconds since the load started, for the messages
     * @param consumersOpen false while consumers are closed on purpose (building a backlog)
     * @return lines to tell the user, often none
     */
    List<String> observe(RunTotals totals, double seconds, boolean consumersOpen) {
        List<String> notes = new ArrayList<>();
        if (previous != null) {
            RunTotals delta = totals.minus(previous);
            long awaiting = totals.unacknowledged();
            watchAcknowledgements(notes, delta, awaiting, seconds);
            watchFailures(notes, delta, seconds);
            long outstanding = totals.acked() * subscriptionsPerTopic - totals.received();
            watchConsumers(notes, delta, outstanding, seconds, consumersOpen && subscriptionsPerTopic > 0);
        }
        previous = totals;
        return notes;
    }

    private void watchAcknowledgements(List<String> notes, RunTotals delta, long awaiting, double seconds) {
        boolean stalled = delta.acked() == 0 && awaiting > 0;
        if (stalled && Double.isNaN(publishStalledSince)) {
            publishStalledSince = seconds - delta.seconds();
            notes.add(String.format("publishing stalled: no acknowledgement for %.1f s while %,d message(s) await one"
                    + " (is the broker down or paused?)", delta.seconds(), awaiting));
        } else if (!stalled && !Double.isNaN(publishStalledSince) && delta.acked() > 0) {
            notes.add(String.format("publishing resumed after %.1f s without acknowledgements", seconds - publishStalledSince));
            publishStalledSince = Double.NaN;
        }
    }

    private void watchFailures(List<String> notes, RunTotals delta, double seconds) {
        if (delta.publishErrors() > 0 && Double.isNaN(failingSince)) {
            failingSince = seconds - delta.seconds();
            notes.add(String.format("sends failing: %,d failed in the last %.1f s", delta.publishErrors(), delta.seconds()));
        } else if (delta.publishErrors() == 0 && !Double.isNaN(failingSince)) {
            notes.add(String.format("sends no longer failing, after %.1f s", seconds - failingSince));
            failingSince = Double.NaN;
        }
    }

    private void watchConsumers(List<String> notes, RunTotals delta, long outstanding, double seconds, boolean watched) {
        boolean stalled = watched && delta.received() == 0 && outstanding > 0;
        if (stalled && Double.isNaN(consumeStalledSince)) {
            consumeStalledSince = seconds - delta.seconds();
            notes.add(String.format("consumers stalled: nothing received for %.1f s while %,d acknowledged message(s)"
                    + " are not yet received", delta.seconds(), outstanding));
        } else if (!stalled && !Double.isNaN(consumeStalledSince) && delta.received() > 0) {
            notes.add(String.format("consumers resumed after %.1f s without messages", seconds - consumeStalledSince));
            consumeStalledSince = Double.NaN;
        }
    }
}

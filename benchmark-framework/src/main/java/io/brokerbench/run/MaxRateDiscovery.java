package io.brokerbench.run;

import io.brokerbench.capacity.MaxRateSearch;
import io.brokerbench.capacity.RateWindow;
import io.brokerbench.capacity.SearchSettings;
import io.brokerbench.capacity.SearchStep;
import io.brokerbench.capacity.SustainableRate;
import io.brokerbench.run.IntervalPoint.Phase;
import io.brokerbench.stats.Metric;
import io.brokerbench.stats.Percentile;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * OMB's {@code producerRate: 0}: the search phase of a run. Drives a {@link MaxRateSearch} with
 * windows measured from the run's snapshots (one interval point per window), changes the producers'
 * rate on every worker as the search asks, pauses them while a window's backlog drains, and says on
 * the console what it does as it goes. Every rate it sets starts from the producers' next unsent
 * message ({@link LoadRate#restart}): a window does not inherit what the one before it could not send.
 *
 * <p>After each change of rate, the window waits for the messages in flight to settle first: at a
 * higher rate more messages are on their way at any moment (rate × end-to-end latency), and counting
 * that one-off rise as backlog growth would fail a rate the broker sustains.
 */
final class MaxRateDiscovery {

    private final LoadRate rate;
    private final RunMeter meter;
    private final IntervalLoop windows;
    private final RunListener listener;
    private final RunRecord record;
    private final int subscriptions;
    private final Duration window;
    private final List<DiscoveredRate.Window> observed = new ArrayList<>();

    /**
     * @param windows an interval loop whose interval is the search window
     * @param subscriptions subscriptions per topic: each receives every message of its topic, so
     *     received ÷ subscriptions compares with published
     */
    MaxRateDiscovery(LoadRate rate, RunMeter meter, IntervalLoop windows, RunListener listener, RunRecord record,
            int subscriptions, Duration window) {
        this.rate = rate;
        this.meter = meter;
        this.windows = windows;
        this.listener = listener;
        this.record = record;
        this.subscriptions = subscriptions;
        this.window = window;
    }

    /**
     * Searches from {@code startRate} (the rate the load was started at) until the search ends; leaves
     * the producers publishing at the rate found.
     *
     * @throws RunFailure when no rate held, or a backlog stops draining
     */
    DiscoveredRate search(double startRate) throws InterruptedException {
        MaxRateSearch search = new MaxRateSearch(SearchSettings.defaults(startRate));
        SearchStep step = search.start();
        while (true) {
            if (step instanceof SearchStep.Measure measure) {
                note(measure.why());
                listener.searchProgress(search.progress());
                rate.restart(measure.rate());
                settle();
                RateWindow measured = measure(measure.rate());
                boolean held = search.holds(measured);
                step = search.next(measured);
                observed.add(new DiscoveredRate.Window(measured, held, describe(step)));
            } else if (step instanceof SearchStep.Drain drain) {
                note(drain.why() + String.format(Locale.ROOT, ": pausing until at most %,d are", drain.backlogAtMost()));
                rate.restart(0);
                drain(drain.backlogAtMost());
                step = search.drained();
            } else {
                SustainableRate found = ((SearchStep.Done) step).result();
                if (found.rate() <= 0) {
                    throw new RunFailure(String.format(Locale.ROOT,
                            "max-rate search: no rate held, down to %,.0f msg/s", found.upperBound()));
                }
                note(found.describe());
                rate.restart(found.rate());
                return new DiscoveredRate(found, observed);
            }
        }
    }

    /** One window at {@code rate}: what was acknowledged and received meanwhile, and how the backlog moved. */
    private RateWindow measure(double rate) throws InterruptedException {
        RunTotals before = meter.totals();
        long backlogBefore = backlogPerSubscription();
        windows.run(Phase.SEARCH, window, () -> true);
        RunTotals delta = meter.totals().minus(before);
        double seconds = Math.max(delta.seconds(), 1e-9);
        long backlogAfter = backlogPerSubscription();
        double consumed = subscriptions == 0 ? delta.acked() : delta.received() / (double) subscriptions;
        return new RateWindow(rate, delta.acked() / seconds, consumed / seconds, backlogAfter - backlogBefore,
                backlogAfter, seconds);
    }

    /**
     * Lets the in-flight messages settle at a new rate for the latest end-to-end p99 latency, at most
     * one window; reported as an interval of the search of its own.
     */
    private void settle() throws InterruptedException {
        List<IntervalPoint> points = record.intervals();
        if (points.isEmpty()) {
            return;
        }
        long p99Micros = (long) points.get(points.size() - 1).latency().micros(Metric.END_TO_END, Percentile.P99);
        long settleNanos = Math.min(window.toNanos(), p99Micros * 1_000);
        if (settleNanos > 0) {
            windows.run(Phase.SEARCH, Duration.ofNanos(settleNanos), () -> true);
        }
    }

    /**
     * Window by window until the backlog is down to {@code atMost}. The pause forgets what was due and
     * unsent, but a send already inside the driver (blocked on its buffer) still completes, so the
     * backlog need not fall in every window; a window in which consumers received nothing fails the
     * search.
     */
    private void drain(long atMost) throws InterruptedException {
        while (backlogPerSubscription() > atMost) {
            long received = meter.totals().received();
            windows.run(Phase.SEARCH, window, () -> true);
            if (meter.totals().received() == received && backlogPerSubscription() > atMost) {
                throw new RunFailure(String.format(Locale.ROOT,
                        "max-rate search: consumers stopped draining, %,d messages still queued after %d s paused",
                        backlogPerSubscription(), window.toSeconds()));
            }
        }
    }

    private long backlogPerSubscription() {
        return subscriptions == 0 ? 0 : meter.backlog() / subscriptions;
    }

    private void note(String text) {
        listener.note("rate search: " + text);
    }

    private static String describe(SearchStep step) {
        if (step instanceof SearchStep.Measure measure) {
            return String.format(Locale.ROOT, "measure %.0f msg/s", measure.rate());
        }
        if (step instanceof SearchStep.Drain drain) {
            return String.format(Locale.ROOT, "drain to %d", drain.backlogAtMost());
        }
        return "done";
    }
}

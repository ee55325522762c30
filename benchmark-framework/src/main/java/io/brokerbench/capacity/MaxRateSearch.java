package io.brokerbench.capacity;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.NavigableSet;
import java.util.TreeSet;

/**
 * Finds the highest publish rate a broker sustains: the rate at which producers keep to their schedule
 * and consumers keep up, so the backlog stays bounded.
 *
 * <p>The search doubles the rate until a window fails, bisects between the highest rate that held and the
 * lowest that failed until they are within the resolution, then holds the lower bound for a few windows
 * to confirm it. A window that overran leaves a backlog; the search has it drained before measuring the
 * next rate, so each window starts from an empty queue. A failure at a rate invalidates every success at
 * or above it: one lucky window cannot lift the answer above a rate that later failed. The first time a
 * rate fails after it (or a higher one) held, or fails an objective right after a window at a higher
 * rate failed (whose latency spills into it), it is measured once more before the failure counts: one slow moment of the
 * broker's would otherwise restart the search far below what it sustains. Before the answer is
 * confirmed, the upper bound is measured once more if it fell short on throughput (not on an
 * objective): a broker and client warm up for a minute or more, and a rate that fell short early
 * may hold later, which lifts the bound. The
 * first failure while doubling, if it missed by little, is looked past once: twice its rate is
 * measured before it counts. A client and broker whose requests carry more messages at higher rates
 * can fall just short at a low rate and hold one far above it; without the look-ahead the search
 * would report the low one.
 *
 * <p>With {@link SearchObjectives}, a window holds only when it also meets every objective (latency
 * percentiles, backlog, failed sends), and the result says which criterion failed at the upper bound.
 * A broken objective is never looked past: latency rises with the rate, it does not dip.
 *
 * <p>Pure decision logic, no clock and no threads: the run measures each window and reports it with
 * {@link #next}. Not thread-safe; one run thread drives it.
 */
public final class MaxRateSearch {

    /** A failure this close to holding (published and backlog growth, as a fraction) may be looked past. */
    static final double NARROW_MISS = 0.05;
    /**
     * The lowest rate worth measuring: once 1 msg/s failed with nothing held, halving on would only measure
     * a broker that takes nothing (a node gone, a store refusing writes) down to zero, window after window.
     */
    static final double LOWEST_RATE = 1;

    private final SearchSettings settings;
    private final NavigableSet<Double> held = new TreeSet<>();
    private final NavigableSet<Double> failed = new TreeSet<>();
    /** Rates measured again after a failure that contradicted an earlier success; each only once. */
    private final NavigableSet<Double> rechecked = new TreeSet<>();
    /** Why each failed rate failed, the last time it did. */
    private final Map<Double, String> failures = new HashMap<>();
    /** The failed rates that failed on throughput (published short or backlog grew), not only on an objective. */
    private final NavigableSet<Double> fellShort = new TreeSet<>();
    /** The rate of the window before this one when that window failed; NaN when it held. */
    private double previousFailure = Double.NaN;
    private int windows;
    private int confirmations;
    private SearchStep.Measure pending;
    /** The first failure's observed throughput, a better next guess than the midpoint; used once. */
    private double capacityHint = Double.NaN;
    /** The narrow failure being looked past while twice its rate is measured; null otherwise. */
    private RateWindow lookedPast;
    private boolean lookedAhead;
    /**
     * How much the next raise adds while nothing has failed: {@code growth − 1} at first, twice as
     * much after each raise that held, up to doubling. A start near the capacity (a probe's) moves
     * in small steps there, and a start that turns out far below it still gets up in a few windows.
     */
    private double raise;

    public MaxRateSearch(SearchSettings settings) {
        this.settings = settings;
        this.raise = settings.growth() - 1;
    }

    public SearchStep start() {
        pending = new SearchStep.Measure(settings.initialRate(), "start at " + rate(settings.initialRate()));
        return pending;
    }

    /** The window asked for by the last {@link SearchStep.Measure} ended with what {@code window} observed. */
    public SearchStep next(RateWindow window) {
        windows++;
        double rate = window.targetRate();
        boolean holds = holds(window);
        boolean lookAhead = !holds && !lookedAhead && failed.isEmpty() && held.ceiling(rate) == null
                && missedNarrowly(window) && settings.objectives().broken(window).isEmpty();
        // failed on an objective alone right after a window at a higher rate failed: the latency that
        // window built up may have spilled into this one (a backlog it left is drained before, not this)
        boolean afterOverrun = previousFailure > rate && published(window) && consumed(window);
        boolean recheck = !holds && !lookAhead && (held.ceiling(rate) != null || afterOverrun) && rechecked.add(rate);
        RateWindow lookedPastBefore = lookedPast;
        lookedPast = null;
        if (lookAhead) {
            lookedAhead = true;
            lookedPast = window;
        } else if (holds) {
            held.add(rate);
        } else if (!recheck) {
            // a look-ahead that failed too: the failure it looked past counts after all, as the lowest
            RateWindow lowest = lookedPastBefore != null ? lookedPastBefore : window;
            boolean first = failed.isEmpty();
            failed.add(lowest.targetRate());
            failed.add(rate);
            failures.put(lowest.targetRate(), whyFailed(lowest));
            failures.put(rate, whyFailed(window));
            if (!(published(lowest) && consumed(lowest))) {
                fellShort.add(lowest.targetRate());
            }
            if (!(published(window) && consumed(window))) {
                fellShort.add(rate);
            }
            if (first && !(published(lowest) && consumed(lowest))) {
                // an objective's failure (latency) says nothing of the throughput the broker can take
                capacityHint = Math.min(lowest.publishRate(), lowest.consumeRate());
            }
        }
        previousFailure = holds ? Double.NaN : rate;
        if (holds && failed.remove(rate)) {
            // the upper bound measured again (below) held this time: the broker sustains more now
            fellShort.remove(rate);
            failures.remove(rate);
        }
        double lo = lowerBound();
        double hi = upperBound();
        confirmations = holds && rate == lo && closeEnough(lo, hi) ? confirmations + 1 : 0;
        if (confirmations >= settings.confirmWindows()) {
            return new SearchStep.Done(result(true));
        }
        if (windows >= settings.maxWindows() || (lo == 0 && hi <= LOWEST_RATE)) {
            return new SearchStep.Done(result(false));
        }
        if (lookAhead) {
            double ahead = settings.growth() * rate;
            pending = new SearchStep.Measure(ahead, String.format(Locale.ROOT,
                    "%s: only %.1f %% short; a broker can hold more at a higher rate, trying %s before counting it",
                    outcome(window, false), 100 * shortfall(window), rate(ahead)));
        } else if (recheck) {
            pending = new SearchStep.Measure(rate, outcome(window, false) + (held.ceiling(rate) != null
                    ? ": it held before, measuring it again"
                    : ": right after a higher rate failed, whose latency may have spilled into this window, measuring it again"));
        } else if (closeEnough(lo, hi) && fellShort.contains(hi) && rechecked.add(hi)) {
            pending = new SearchStep.Measure(hi, String.format(Locale.ROOT, "%s: measuring the upper bound %s again before"
                    + " confirming, as it fell short while the broker may still have been warming up",
                    outcome(window, holds), rate(hi)));
        } else {
            pending = nextMeasure(window, holds, lo, hi);
        }
        long allowed = allowedBacklog(pending.rate());
        if (window.backlogAtEnd() > allowed) {
            return new SearchStep.Drain(allowed, String.format(Locale.ROOT, "%s left %,d messages queued",
                    rate(rate), window.backlogAtEnd()));
        }
        return pending;
    }

    /**
     * What the search has found so far: the final result once it is {@link SearchStep.Done}, or, for a
     * search stopped early (a run interrupted), the bounds of the windows measured until then.
     */
    public SustainableRate result(boolean converged) {
        double hi = upperBound();
        return new SustainableRate(lowerBound(), hi, converged, windows, Double.isInfinite(hi) ? null : failures.get(hi));
    }

    /** The backlog fell to what the last {@link SearchStep.Drain} asked for. */
    public SearchStep drained() {
        if (pending == null) {
            throw new IllegalStateException("drained() before start()");
        }
        return pending;
    }

    /** Where the search is, for the window the last step asked to measure. */
    public SearchProgress progress() {
        return new SearchProgress(windows + 1, settings.maxWindows(), lowerBound(), upperBound());
    }

    /**
     * Whether the window kept to its rate: publishers on schedule, the backlog not growing, and every
     * objective met.
     */
    public boolean holds(RateWindow window) {
        return published(window) && consumed(window) && settings.objectives().broken(window).isEmpty();
    }

    private boolean published(RateWindow window) {
        return window.publishRate() >= (1 - settings.tolerance()) * window.targetRate();
    }

    private boolean consumed(RateWindow window) {
        return window.backlogGrowth() <= settings.tolerance() * window.publishRate() * window.seconds();
    }

    /** What a failed window missed, each criterion with what was measured. */
    private String whyFailed(RateWindow window) {
        List<String> why = new ArrayList<>();
        if (!published(window)) {
            why.add(String.format(Locale.ROOT, "published %s (%.1f %% short)", rate(window.publishRate()),
                    100 * (1 - window.publishRate() / window.targetRate())));
        }
        if (!consumed(window)) {
            why.add(String.format(Locale.ROOT, "backlog grew by %,d messages", window.backlogGrowth()));
        }
        why.addAll(settings.objectives().broken(window));
        return String.join(", ", why);
    }

    private static boolean missedNarrowly(RateWindow window) {
        return shortfall(window) <= NARROW_MISS;
    }

    /** How far the window fell short: of its target in publishing, or of what it published in consuming. */
    private static double shortfall(RateWindow window) {
        double published = 1 - window.publishRate() / window.targetRate();
        double grew = window.backlogGrowth() / Math.max(1, window.publishRate() * window.seconds());
        return Math.max(published, grew);
    }

    private String outcome(RateWindow window, boolean holds) {
        List<String> broken = settings.objectives().broken(window);
        return String.format(Locale.ROOT, "%s %s (published %s, consumed %s%s)", rate(window.targetRate()),
                holds ? "held" : "failed", rate(window.publishRate()), rate(window.consumeRate()),
                broken.isEmpty() ? "" : "; " + String.join(", ", broken));
    }

    private SearchStep.Measure nextMeasure(RateWindow window, boolean holds, double lo, double hi) {
        String outcome = outcome(window, holds);
        if (Double.isInfinite(hi)) {
            if (lo == 0) {
                return new SearchStep.Measure(settings.initialRate(), outcome);
            }
            double step = raise;
            raise = Math.min(1, 2 * raise);
            return new SearchStep.Measure(lo * (1 + step), outcome + (step >= 1 ? ": doubling"
                    : String.format(Locale.ROOT, ": raising by %.0f %%", 100 * step)));
        }
        if (lo == 0) {
            double hinted = hint();
            if (hinted > 0 && hinted < hi) {
                capacityHint = Double.NaN;
                return new SearchStep.Measure(hinted, outcome + ": nothing held yet, trying just under the throughput seen");
            }
            return new SearchStep.Measure(hi / 2, outcome + ": halving, nothing held yet");
        }
        if (closeEnough(lo, hi)) {
            return new SearchStep.Measure(lo, outcome + String.format(Locale.ROOT, ": confirming %s (%d of %d)",
                    rate(lo), confirmations + 1, settings.confirmWindows()));
        }
        double guess = Math.sqrt(lo * hi);
        String how = "midway";
        double hinted = hint();
        if (hinted > lo && hinted < hi) {
            capacityHint = Double.NaN;
            guess = hinted;
            how = "just under the throughput seen";
        }
        return new SearchStep.Measure(guess, String.format(Locale.ROOT, "%s: between %s and %s, trying %s",
                outcome, rate(lo), rate(hi), how));
    }

    /**
     * Just under what the first overrun delivered, roughly the broker's capacity, until it is used
     * once; 0 when used or unknown.
     */
    private double hint() {
        return Double.isNaN(capacityHint) ? 0 : capacityHint * (1 - settings.resolution());
    }

    private double lowerBound() {
        Double below = held.lower(upperBound());
        return below == null ? 0 : below;
    }

    private double upperBound() {
        return failed.isEmpty() ? Double.POSITIVE_INFINITY : failed.first();
    }

    private boolean closeEnough(double lo, double hi) {
        return lo > 0 && (hi - lo) <= settings.resolution() * lo;
    }

    /** A window may start with at most what the tolerance lets it grow by in one second of the next rate. */
    private long allowedBacklog(double nextRate) {
        return Math.max(1, (long) (settings.tolerance() * nextRate));
    }

    private static String rate(double messagesPerSecond) {
        return String.format(Locale.ROOT, "%,.0f msg/s", messagesPerSecond);
    }
}

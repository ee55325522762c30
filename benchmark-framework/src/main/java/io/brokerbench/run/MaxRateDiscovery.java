package io.brokerbench.run;

import io.brokerbench.capacity.MaxRateSearch;
import io.brokerbench.capacity.RateWindow;
import io.brokerbench.capacity.SearchObjectives;
import io.brokerbench.capacity.SearchSettings;
import io.brokerbench.capacity.SearchStep;
import io.brokerbench.capacity.SustainableRate;
import io.brokerbench.measurement.DiscoveredRate;
import io.brokerbench.measurement.IntervalPoint.Phase;
import io.brokerbench.measurement.IntervalPoint;
import io.brokerbench.measurement.RunRecord;
import io.brokerbench.measurement.RunTotals;
import io.brokerbench.stats.LatencySummary;
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
 * <p>The search starts with a probe: the producers publish as fast as they can for a while. A broker
 * and a client started a minute ago are not yet what they will be: against a local Kafka, the most
 * an unthrottled producer published rose from 1.1 to 1.9 million msg/s over its first 50 s at full
 * speed, whether or not a minute at 10,000 msg/s came first (docs/throughput.md). A search that doubles
 * up from a low rate measures its high rates during that climb and answers low. The probe heats both
 * up at their ceiling and measures it, and the search starts there.
 *
 * <p>After each change of rate, the window waits for the messages in flight to settle first: at a
 * higher rate more messages are on their way at any moment (rate × end-to-end latency), and counting
 * that one-off rise as backlog growth would fail a rate the broker sustains.
 *
 * <p>If the run is stopped during the search, the windows measured so far are kept in the record,
 * marked incomplete: what was measured is not thrown away.
 */
final class MaxRateDiscovery {

    /**
     * The probe's rate: far above anything a broker takes, so the producers are always behind and
     * publish as fast as the client and their in-flight limit let them, as unthrottled ones do.
     */
    static final double PROBE_RATE = 1e9;
    /** The probe's last windows whose throughput is averaged into the search's starting rate. */
    static final int PROBE_WINDOWS_AVERAGED = 3;

    private final LoadRate rate;
    private final RunMeter meter;
    private final IntervalLoop windows;
    private final RunListener listener;
    private final RunRecord record;
    private final int subscriptions;
    private final Duration window;
    private final List<DiscoveredRate.Window> observed = new ArrayList<>();
    private double probedRate = Double.NaN;

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
     * Probes for {@code probe} (none when zero), then searches from the probe's throughput, or from
     * {@code startRate} without a probe, until the search ends; leaves the producers publishing at
     * the rate found, which is also in the record.
     *
     * @throws RunFailure when no rate held, or a backlog stops draining
     */
    DiscoveredRate search(double startRate, Duration probe, SearchObjectives objectives) throws InterruptedException {
        MaxRateSearch search = null;
        try {
            SearchSettings settings = SearchSettings.defaults(startRate).withObjectives(objectives);
            if (!probe.isZero()) {
                probedRate = probe(probe);
                settings = SearchSettings.fromProbe(probedRate, objectives);
            }
            if (objectives.any()) {
                note("objectives: " + objectives.describe());
            }
            search = new MaxRateSearch(settings);
            DiscoveredRate found = run(search);
            record.discoveredRate(found);
            return found;
        } catch (RunInterrupted e) {
            if (search != null && !observed.isEmpty()) {
                record.discoveredRate(new DiscoveredRate(search.result(false), observed, false, probedRate));
            }
            throw e;
        }
    }

    private DiscoveredRate run(MaxRateSearch search) throws InterruptedException {
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
                rate.restart(found.rate());
                return new DiscoveredRate(found, observed, true, probedRate);
            }
        }
    }

    /**
     * Publishes as fast as the producers can for {@code probe}, window by window, and returns the
     * throughput of its last windows: the most published that the consumers also took. A window
     * that ends with more queued than the consumers took in it is followed by one at the rate they
     * took, so the probe heats the broker up without piling up a backlog the search would have to
     * drain (a backlog that a window's consuming clears is a consumer starting up, and no reason to
     * slow down); what is queued at the end is drained before the search starts.
     */
    private double probe(Duration probe) throws InterruptedException {
        note(String.format(Locale.ROOT, "probing the ceiling: publishing as fast as possible for %d s, which warms"
                + " the broker and the client up, then searching from there", probe.toSeconds()));
        List<Double> throughputs = new ArrayList<>();
        double probeRate = PROBE_RATE;
        long end = meter.totals().nanoTime() + probe.toNanos();
        rate.restart(probeRate);
        do {
            RateWindow measured = measure(probeRate);
            double throughput = Math.min(measured.publishRate(), measured.consumeRate());
            throughputs.add(throughput);
            double next = measured.backlogAtEnd() > measured.consumeRate() * measured.seconds()
                    ? Math.max(1, measured.consumeRate()) : PROBE_RATE;
            if (next != probeRate) {
                probeRate = next;
                rate.restart(probeRate);
            }
        } while (meter.totals().nanoTime() < end);
        double found = throughputs.subList(Math.max(0, throughputs.size() - PROBE_WINDOWS_AVERAGED), throughputs.size())
                .stream().mapToDouble(Double::doubleValue).average().orElse(0);
        if (!(found >= 1)) {
            throw new RunFailure("max-rate search: nothing was published and consumed while probing at full speed");
        }
        long allowed = Math.max(1, (long) (0.01 * found));
        if (backlogPerSubscription() > allowed) {
            note(String.format(Locale.ROOT, "the probe left %,d messages queued: pausing until at most %,d are",
                    backlogPerSubscription(), allowed));
            rate.restart(0);
            drain(allowed);
        }
        note(String.format(Locale.ROOT, "the probe published and delivered %,.0f msg/s", found));
        return found;
    }

    /** One window at {@code rate}: what was acknowledged and received meanwhile, how the backlog moved, and the latencies. */
    private RateWindow measure(double rate) throws InterruptedException {
        RunTotals before = meter.totals();
        long backlogBefore = backlogPerSubscription();
        windows.run(Phase.SEARCH, window, () -> true);
        RunTotals delta = meter.totals().minus(before);
        double seconds = Math.max(delta.seconds(), 1e-9);
        long backlogAfter = backlogPerSubscription();
        // a send the driver aborted on purpose (a transaction it was asked to abort) went through the broker
        // as fast as an acknowledged one: the rate it held counts both
        long completed = delta.acked() + delta.aborted();
        double consumed = subscriptions == 0 ? completed : delta.received() / (double) subscriptions;
        List<IntervalPoint> points = record.intervals();
        LatencySummary latency = points.get(points.size() - 1).latency();
        return new RateWindow(rate, completed / seconds, consumed / seconds, backlogAfter - backlogBefore,
                backlogAfter, seconds, millis(latency, Metric.END_TO_END_FROM_INTENDED, Percentile.P99),
                millis(latency, Metric.END_TO_END_FROM_INTENDED, Percentile.P999),
                millis(latency, Metric.PUBLISH_LATENCY_FROM_INTENDED, Percentile.P99), delta.publishErrors());
    }

    /** A window's percentile in milliseconds; NaN when the window recorded no sample of the metric. */
    private static double millis(LatencySummary latency, Metric metric, Percentile percentile) {
        return latency.count(metric) == 0 ? Double.NaN : latency.micros(metric, percentile) / 1_000;
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

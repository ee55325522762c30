package io.brokerbench.report;

import io.brokerbench.delivery.SubscriptionVerdict;
import io.brokerbench.run.ProducerTotals;
import io.brokerbench.run.IntervalPoint;
import io.brokerbench.run.RunListener;
import io.brokerbench.run.RunRecord;
import io.brokerbench.stats.LatencySummary;
import io.brokerbench.stats.Metric;
import io.brokerbench.stats.Percentile;
import java.io.PrintStream;
import java.util.List;

/**
 * One line per interval that can be read at a glance, in the manner of brokers' own perf tools:
 * rates, backlog, then publish and end-to-end latency percentiles in milliseconds. Printed, not
 * logged, deliberately: these lines are the command's output, read by the user, and must not carry
 * a log prefix or depend on a log level.
 */
public final class ConsoleReporter implements RunListener {

    private static final List<Percentile> SHOWN = List.of(Percentile.P50, Percentile.P99, Percentile.P999, Percentile.MAX);
    private static final double MB = 1024.0 * 1024.0;

    private final PrintStream out;

    public ConsoleReporter(PrintStream out) {
        this.out = out;
    }

    @Override
    public void note(String message) {
        out.println("  " + message);
    }

    @Override
    public void interval(IntervalPoint p) {
        StringBuilder line = new StringBuilder();
        line.append(String.format("[%-7s %6.1fs] pub %,10.0f msg/s %7.2f MB/s", p.phase().label(), p.elapsedSeconds(),
                p.publishRate(), p.publishBytesRate() / MB));
        if (p.publishErrorRate() > 0) {
            line.append(String.format(" (errors %,.0f/s)", p.publishErrorRate()));
        }
        line.append(String.format(" | cons %,10.0f msg/s %7.2f MB/s | backlog %,d", p.consumeRate(),
                p.consumeBytesRate() / MB, p.backlog()));
        appendLatency(line, "pub", Metric.PUBLISH_LATENCY, p.latency());
        appendLatency(line, "e2e", Metric.END_TO_END, p.latency());
        out.println(line);
    }

    @Override
    public void finished(RunRecord run) {
        double seconds = run.measuredSeconds();
        out.println();
        out.println(String.format("%s on %s: %s", run.workload().name(), run.driver().name(),
                run.complete() ? "completed" : "INCOMPLETE (" + run.incompleteReason() + ")"));
        if (seconds > 0) {
            out.println(String.format("  measured %.1f s: pub %,.0f msg/s %.2f MB/s | cons %,.0f msg/s %.2f MB/s",
                    seconds, run.measuredSent() / seconds, run.measuredSent() * (double) run.workload().messageSize() / seconds / MB,
                    run.measuredReceived() / seconds,
                    run.measuredReceived() * (double) run.workload().messageSize() / seconds / MB));
        }
        LatencySummary total = LatencySummary.of(run.aggregated());
        for (Metric metric : Metric.values()) {
            StringBuilder line = new StringBuilder(String.format("  %-30s", label(metric)));
            if (total.count(metric) == 0) {
                line.append("no samples");
            } else {
                for (Percentile percentile : List.of(Percentile.AVG, Percentile.P50, Percentile.P99, Percentile.P999,
                        Percentile.P9999, Percentile.MAX)) {
                    line.append(String.format(" %s %s", percentile.suffix().replace("pct", ""),
                            formatMillis(total.micros(metric, percentile))));
                }
                line.append(" ms");
            }
            out.println(line);
        }
        if (run.measuredSent() > 0) {
            out.println(String.format("  load generator: %.3f µs CPU per message on its load threads, %.2f µs for the whole client process",
                    run.measuredLoadThreadCpuSeconds() * 1e6 / run.measuredSent(),
                    run.measuredProcessCpuSeconds() * 1e6 / run.measuredSent()));
        }
        printVerdicts(run);
    }

    private void printVerdicts(RunRecord run) {
        printProducers(run);
        if (run.verdicts().isEmpty()) {
            if (run.complete()) {
                out.println("  delivery: not verified (no header in messages this small, or nothing consumed)");
            }
            return;
        }
        long lost = run.verdicts().stream().mapToLong(SubscriptionVerdict::lost).sum();
        long duplicated = run.verdicts().stream().mapToLong(SubscriptionVerdict::duplicated).sum();
        long reordered = run.verdicts().stream().mapToLong(SubscriptionVerdict::reordered).sum();
        long neverReceived = run.verdicts().stream().mapToLong(SubscriptionVerdict::neverReceived).sum();
        boolean judged = run.verdicts().stream().allMatch(SubscriptionVerdict::orderingJudged);
        out.println(String.format("  delivery: sent %,d, received %,d over %d subscription(s): lost %,d, duplicated %,d, reordered %s%s",
                run.totalSent(), run.totalReceived(), run.verdicts().size(), lost, duplicated,
                judged ? String.format("%,d", reordered) : "not judged (no order promised across partitions)",
                neverReceived > lost ? String.format(", never received %,d (failed sends included)", neverReceived) : ""));
        for (SubscriptionVerdict verdict : run.verdicts()) {
            if (!verdict.clean()) {
                out.println(String.format("    %s/%s: expected %,d, received %,d, lost %,d, duplicated %,d, reordered %,d,"
                        + " send failures %,d, never received %,d",
                        verdict.topic(), verdict.subscription(), verdict.expected(), verdict.received(), verdict.lost(),
                        verdict.duplicated(), verdict.reordered(), verdict.sendFailures(), verdict.neverReceived()));
            }
        }
    }

    /** Only when something did not complete: what producers were due to send and what became of it. */
    private void printProducers(RunRecord run) {
        ProducerTotals producers = run.producers();
        if (producers.complete()) {
            return;
        }
        out.println(String.format("  NOT DELIVERED: %,d message(s) were due; %,d never sent (the load generator was held back),"
                + " %,d send(s) failed, %,d never acknowledged; %,d censored sample(s) added to the latencies from intended time",
                producers.due(), producers.unsent(), producers.failed(), producers.unacknowledged(), run.censoredSamples()));
    }

    private static void appendLatency(StringBuilder line, String label, Metric metric, LatencySummary summary) {
        line.append(" | ").append(label).append(" ms");
        for (Percentile percentile : SHOWN) {
            line.append(' ').append(percentile == Percentile.MAX ? "max" : "p" + percentile.suffix().replace("pct", ""))
                    .append(' ').append(formatMillis(summary.micros(metric, percentile)));
        }
    }

    private static String label(Metric metric) {
        return switch (metric) {
            case PUBLISH_LATENCY -> "publish latency";
            case PUBLISH_DELAY -> "publish delay (behind schedule)";
            case END_TO_END -> "end-to-end latency";
            case PUBLISH_LATENCY_FROM_INTENDED -> "publish from intended time";
            case END_TO_END_FROM_INTENDED -> "end-to-end from intended time";
        };
    }

    /** Milliseconds with microsecond resolution where it matters, fewer digits where it does not. */
    static String formatMillis(double micros) {
        double millis = micros / 1000.0;
        if (millis < 10) {
            return String.format("%.3f", millis);
        }
        if (millis < 1000) {
            return String.format("%.1f", millis);
        }
        return String.format("%,.0f", millis);
    }

}

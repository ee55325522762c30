package io.brokerbench.report;

import io.brokerbench.capacity.RateWindow;
import io.brokerbench.delivery.PhaseVerdict;
import io.brokerbench.delivery.QueueVerdict;
import io.brokerbench.delivery.SubscriptionVerdict;
import io.brokerbench.delivery.WindowDelivery;
import io.brokerbench.measurement.BacklogDrain;
import io.brokerbench.measurement.BacklogRead;
import io.brokerbench.measurement.CountedCompletion;
import io.brokerbench.measurement.DiscoveredRate;
import io.brokerbench.measurement.IntervalPoint;
import io.brokerbench.measurement.ProducerTotals;
import io.brokerbench.measurement.RatePhaseSummary;
import io.brokerbench.measurement.RunRecord;
import io.brokerbench.metrics.BrokerCost;
import io.brokerbench.result.model.FaultOutcome;
import io.brokerbench.result.model.LatencyStats;
import io.brokerbench.run.RunListener;
import io.brokerbench.stats.LatencySummary;
import io.brokerbench.stats.Metric;
import io.brokerbench.stats.Percentile;
import java.io.PrintStream;
import java.util.ArrayList;
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
                    seconds, run.measuredSent() / seconds, run.measuredSent() * run.workload().meanMessageSize() / seconds / MB,
                    run.measuredReceived() / seconds,
                    run.measuredReceived() * run.workload().meanMessageSize() / seconds / MB));
        }
        printCompletion(run);
        printRateSearch(run);
        printRatePhases(run);
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
        BrokerCost.of(run).ifPresent(cost -> out.println("  " + brokerCostLine(cost)));
        if (run.measuredRecordingCpuPercent() > 0) {
            out.println(String.format("  recording the metrics took %.1f ms CPU, %.3f %% of the client's",
                    run.measuredRecordingCpuSeconds() * 1e3, run.measuredRecordingCpuPercent()));
        }
        printFaults(run);
        printVerdicts(run);
    }

    /** One line per fault of the workload: where it hit and what the clients saw (docs/faults.md). */
    private void printFaults(RunRecord run) {
        if (run.faults() == null) {
            return;
        }
        for (FaultOutcome fault : run.faults()) {
            out.println("  " + faultLine(fault));
        }
    }

    static String faultLine(FaultOutcome fault) {
        StringBuilder line = new StringBuilder(String.format("fault %d: %s %s", fault.index(), fault.action(), fault.target()));
        if (!fault.applied()) {
            return line.append(" not applied: ").append(fault.notApplied()).toString();
        }
        line.append(String.format(" hit %s (%s) at %.1f s", fault.node(), fault.role(), fault.startedAtSeconds()));
        line.append(fault.noticedAfterSeconds() == null ? "; the clients saw nothing"
                : String.format("; noticed after %.2f s", fault.noticedAfterSeconds()));
        if (fault.unavailableSeconds() != null && fault.unavailableSeconds() > 0) {
            line.append(String.format(", acknowledgements stopped for %.2f s", fault.unavailableSeconds()));
        }
        if (fault.noticedAfterSeconds() != null) {
            line.append(fault.recoveredAfterSeconds() == null ? ", not recovered before the measured phase ended"
                    : String.format(", recovered after %.2f s", fault.recoveredAfterSeconds()));
        }
        if (fault.leaderMovedAfterSeconds() != null) {
            line.append(String.format("; leader %s → %s after %.2f s", fault.leaderBefore(), fault.leaderAfter(),
                    fault.leaderMovedAfterSeconds()));
        }
        line.append("; end-to-end p99 from intended ").append(p99(fault.before())).append(" ms before, ")
                .append(p99(fault.during())).append(" during");
        if (fault.after() != null) {
            line.append(", ").append(p99(fault.after())).append(" after");
        }
        if (fault.during() != null && fault.during().retried() != null) {
            line.append(String.format("; the clients retried %,d sends", fault.during().retried()));
        }
        if (fault.delivery() != null) {
            line.append("; ").append(deliveryPart(fault.delivery()));
        }
        return line.toString();
    }

    /** "of 5,000 messages intended in its window: 0 failed (12 arrived anyway), 3 never received, 0 duplicated, 0 reordered". */
    static String deliveryPart(WindowDelivery delivery) {
        return String.format("of %,d messages intended in its window: %,d failed (%,d arrived anyway), %,d never received, %s duplicated, %s reordered",
                delivery.intended(), delivery.failed(), delivery.failedButReceived(), delivery.neverReceived(),
                delivery.duplicated() < 0 ? "?" : String.format("%,d", delivery.duplicated()),
                delivery.reordered() < 0 ? "?" : String.format("%,d", delivery.reordered()));
    }

    private static String p99(FaultOutcome.Latency latency) {
        return latency == null || latency.endToEndP99() == null ? "-" : formatMillis(latency.endToEndP99() * 1000);
    }

    /** "local broker: 2.41 cores, 8.03 µs CPU per message, RSS up to 2.9 GiB (kafka-1 0.95 cores, ...)". */
    static String brokerCostLine(BrokerCost cost) {
        StringBuilder line = new StringBuilder(String.format("local broker: %.2f cores, %.2f µs CPU per message",
                cost.total().cpuCores(), cost.total().cpuMicrosPerMessage()));
        if (cost.total().residentBytesMax() >= 0) {
            line.append(String.format(", RSS up to %.1f GiB", cost.total().residentBytesMax() / (double) (1L << 30)));
        }
        if (!cost.nodes().isEmpty()) {
            line.append(" (");
            for (int i = 0; i < cost.nodes().size(); i++) {
                BrokerCost.NodeCost node = cost.nodes().get(i);
                line.append(i == 0 ? "" : ", ").append(String.format("%s %.2f cores, %.2f µs/msg", node.node(),
                        node.usage().cpuCores(), node.usage().cpuMicrosPerMessage()));
            }
            line.append(')');
        }
        return line.toString();
    }

    /** A count-bounded run's times and a consumer backlog's drain, when the run had them. */
    private void printCompletion(RunRecord run) {
        CountedCompletion completion = run.completion();
        if (completion != null && run.workload().isProducerOnly()) {
            out.println(String.format("  %,d message(s): published in %.3f s (%,.0f msg/s), no subscription to consume them",
                    completion.sent(), completion.publishSeconds(), completion.publishRate()));
        } else if (completion != null) {
            out.println(String.format("  %,d message(s): published in %.3f s (%,.0f msg/s), all consumed %s",
                    completion.sent(), completion.publishSeconds(), completion.publishRate(),
                    completion.allConsumed()
                            ? String.format("after %.3f s (%,.0f deliveries/s)", completion.consumeSeconds(), completion.consumeRate())
                            : String.format("NOT: %,d of %,d deliveries", completion.received(), completion.expectedDeliveries())));
        }
        BacklogRead read = run.backlogRead();
        if (read != null) {
            out.println(String.format("  consumer-only: read %,d message(s), %,d bytes, %s", read.messages(), read.bytes(),
                    read.messages() == 0 ? "nothing arrived"
                            : String.format("the last after %.3f s: %,.0f msg/s %.2f MB/s%s", read.seconds(), read.rate(),
                                    read.mebibytesPerSecond(), read.quiet() ? "" : " (the test duration ended the read)")));
        }
        BacklogDrain drain = run.backlogDrain();
        if (drain != null) {
            out.println(String.format("  backlog of %,d message(s) %s %.1f s: consumers took %,.0f msg/s %.2f MB/s,"
                    + " the backlog shrank by %,.0f msg/s", drain.backlogAtStart(),
                    drain.drained() ? "drained in" : "NOT drained after", drain.seconds(), drain.consumeRate(),
                    drain.consumeMBps(), drain.netDrainRate()));
            if (Double.isFinite(drain.backlogReadSeconds())) {
                out.println(String.format("  its last message arrived %.6f s after the reopening: %,.0f msg/s %.2f MB/s",
                        drain.backlogReadSeconds(), drain.backlogReadRate(), drain.backlogReadMBps()));
            }
        }
    }

    /** The max-rate search, when the run had one: what it found, then each window it measured. */
    private void printRateSearch(RunRecord run) {
        DiscoveredRate found = run.discoveredRate();
        if (found == null) {
            return;
        }
        out.println((found.complete() ? "  rate search: " : "  rate search (stopped before it ended; so far): ")
                + found.result().describe());
        if (!Double.isNaN(found.probedRate())) {
            out.println(String.format("    probed first at full speed: %,.0f msg/s published and delivered", found.probedRate()));
        }
        out.println(String.format("    %6s %12s %12s %12s %14s %12s %7s  %s", "window", "target/s", "published/s",
                "consumed/s", "backlog growth", "e2e p99 ms", "verdict", "then"));
        int index = 0;
        for (DiscoveredRate.Window window : found.windows()) {
            RateWindow observed = window.observed();
            out.println(String.format("    %6d %,12.0f %,12.0f %,12.0f %,14d %12s %7s  %s", ++index, observed.targetRate(),
                    observed.publishRate(), observed.consumeRate(), observed.backlogGrowth(),
                    Double.isNaN(observed.endToEndP99Millis()) ? "-" : formatMillis(observed.endToEndP99Millis() * 1_000),
                    window.held() ? "held" : "failed", window.next()));
        }
    }

    /** The rate phases, when the workload had them: each phase's rates, backlog and latencies on its own line. */
    private void printRatePhases(RunRecord run) {
        if (run.ratePhases().isEmpty()) {
            return;
        }
        out.println(String.format("  %-26s %15s %7s %12s %12s %12s | %9s %9s | %9s    | %s", "rate phase", "target/s",
                "seconds", "published/s", "consumed/s", "backlog", "e2e p50", "e2e p99", "pub p99", "delivery"));
        for (RatePhaseSummary phase : run.ratePhases()) {
            double seconds = Math.max(phase.seconds(), 1e-9);
            String target = phase.fromRate() == phase.toRate() ? String.format("%,.0f", phase.fromRate())
                    : String.format("%,.0f-%,.0f", phase.fromRate(), phase.toRate());
            LatencySummary latency = phase.latency();
            out.println(String.format("  %-26s %15s %7.1f %,12.0f %,12.0f %,12d | %9s %9s | %9s ms | %s", phase.name(),
                    target, phase.seconds(), phase.sent() / seconds, phase.received() / seconds, phase.backlogAtEnd(),
                    formatMillis(latency.micros(Metric.END_TO_END, Percentile.P50)),
                    formatMillis(latency.micros(Metric.END_TO_END, Percentile.P99)),
                    formatMillis(latency.micros(Metric.PUBLISH_LATENCY, Percentile.P99)), phaseDelivery(phase.delivery())));
        }
    }

    /** "clean", or what went wrong with the phase's messages; "not judged" for a run never judged. */
    static String phaseDelivery(PhaseVerdict verdict) {
        if (verdict == null) {
            return "not judged";
        }
        if (verdict.clean()) {
            return verdict.orderingJudged() ? "clean" : "clean (order not judged)";
        }
        List<String> faults = new ArrayList<>();
        if (verdict.unsent() > 0) {
            faults.add(String.format("unsent %,d", verdict.unsent()));
        }
        if (verdict.neverReceived() > 0) {
            faults.add(String.format("never received %,d", verdict.neverReceived()));
        }
        if (verdict.duplicated() > 0) {
            faults.add(String.format("duplicated %,d", verdict.duplicated()));
        }
        if (verdict.reordered() > 0) {
            faults.add(String.format("reordered %,d", verdict.reordered()));
        }
        if (!verdict.anomaliesAttributed()) {
            faults.add("duplicates and reorderings too many to attribute");
        }
        return String.join(", ", faults);
    }

    private void printVerdicts(RunRecord run) {
        printProducers(run);
        if (run.verdicts().isEmpty()) {
            if (!run.complete()) {
                return;
            }
            if (run.workload().isProducerOnly()) {
                ProducerTotals producers = run.producers();
                out.println(String.format("  delivery: producer-only, judged by acknowledgements alone: sent %,d,"
                        + " acknowledged %,d, failed %,d, unacknowledged %,d (no subscription saw them arrive)",
                        producers.sent(), producers.sent() - producers.failed() - producers.unacknowledged(),
                        producers.failed(), producers.unacknowledged()));
            } else if (run.workload().isConsumerOnly()) {
                out.println("  delivery: not verified (consumer-only: the messages read are not this run's)");
            } else {
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
                judged ? String.format("%,d", reordered) : run.verdicts().stream().anyMatch(v -> v.queue() != null)
                        ? "not judged (a queue promises no order)" : "not judged (no order promised across partitions)",
                neverReceived > lost ? String.format(", never received %,d (failed sends included)", neverReceived) : ""));
        long aborted = run.verdicts().stream().mapToLong(SubscriptionVerdict::aborted).sum();
        if (aborted > 0) {
            out.println(String.format("  aborted transactions: %,d message(s) aborted on purpose (counted once per subscription),"
                    + " %,d seen by consumers, %,d of those by consumers reading only committed data",
                    aborted, run.verdicts().stream().mapToLong(SubscriptionVerdict::abortedSeen).sum(),
                    run.verdicts().stream().mapToLong(SubscriptionVerdict::abortedReadCommitted).sum()));
        }
        for (SubscriptionVerdict verdict : run.verdicts()) {
            QueueVerdict queue = verdict.queue();
            if (queue != null) {
                LatencyStats redelivered = queue.redeliveredEndToEndLatency();
                out.println(String.format("  queue %s/%s: released %,d deliveries, redelivered %,d (%,d without a release:"
                        + " a lock timed out or its holder left), accepted again %,d, rejected %,d, archived %,d;"
                        + " settled per delivery attempt %s%s",
                        verdict.topic(), verdict.subscription(), queue.released(), queue.redelivered(),
                        queue.redeliveredUnreleased(), queue.acceptedAgain(), queue.rejected(), queue.archived(), attempts(queue.settledOnAttempt()),
                        redelivered == null ? "" : String.format("; redelivered end-to-end ms p50 %s p99 %s max %s",
                                formatMillis(redelivered.get(Percentile.P50) * 1000),
                                formatMillis(redelivered.get(Percentile.P99) * 1000),
                                formatMillis(redelivered.get(Percentile.MAX) * 1000))));
            }
            if (!verdict.clean()) {
                out.println(String.format("    %s/%s: expected %,d (acknowledged), received %,d, lost %,d, duplicated %,d,"
                        + " reordered %,d, send failures %,d, failed but received %,d (ambiguous), never received %,d,"
                        + " aborted read as committed %,d",
                        verdict.topic(), verdict.subscription(), verdict.expected(), verdict.received(), verdict.lost(),
                        verdict.duplicated(), verdict.reordered(), verdict.sendFailures(), verdict.failedButReceived(),
                        verdict.neverReceived(), verdict.abortedReadCommitted()));
            }
        }
    }

    /** Only when something did not complete: what producers were due to send and what became of it. */
    private void printProducers(RunRecord run) {
        ProducerTotals producers = run.producers();
        if (producers.complete()) {
            return;
        }
        if (run.sentDeliveredCleanly()) {
            out.println(String.format("  RATE NOT HELD: %,d message(s) were due; %,d never sent (the producers fell behind their"
                    + " schedule), everything sent was delivered; %,d censored sample(s) added to the latencies from intended time",
                    producers.due(), producers.unsent(), run.censoredSamples()));
            return;
        }
        long arrivedAnyway = run.verdicts().stream().mapToLong(SubscriptionVerdict::failedButReceived).max().orElse(0);
        out.println(String.format("  NOT DELIVERED: %,d message(s) were due; %,d never sent (the load generator was held back),"
                + " %,d send(s) failed%s, %,d never acknowledged; %,d censored sample(s) added to the latencies from intended time",
                producers.due(), producers.unsent(), producers.failed(),
                arrivedAnyway > 0 ? String.format(" (%,d of them arrived all the same: ambiguous outcomes)", arrivedAnyway) : "",
                producers.unacknowledged(), run.censoredSamples()));
    }

    private static void appendLatency(StringBuilder line, String label, Metric metric, LatencySummary summary) {
        line.append(" | ").append(label).append(" ms");
        for (Percentile percentile : SHOWN) {
            line.append(' ').append(percentile == Percentile.MAX ? "max" : "p" + percentile.suffix().replace("pct", ""))
                    .append(' ').append(formatMillis(summary.micros(metric, percentile)));
        }
    }

    /** "1: 9,000, 2: 900, 3: 100": the attempts on which messages were settled, up to the last used. */
    private static String attempts(long[] settledOnAttempt) {
        List<String> parts = new ArrayList<>();
        for (int i = 0; i < settledOnAttempt.length; i++) {
            if (settledOnAttempt[i] > 0) {
                parts.add(String.format("%d%s: %,d", i + 1, i == settledOnAttempt.length - 1 ? "+" : "", settledOnAttempt[i]));
            }
        }
        return parts.isEmpty() ? "(none)" : String.join(", ", parts);
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

package io.brokerbench.report.html;

import io.brokerbench.result.ResultReader;
import io.brokerbench.result.model.BenchmarkResult;
import io.brokerbench.result.model.IntervalOutcome;
import io.brokerbench.result.model.LatencySeries;
import io.brokerbench.result.model.LatencyStats;
import io.brokerbench.result.model.MessageTotals;
import io.brokerbench.result.model.MetricLatencies;
import io.brokerbench.stats.Metric;
import io.brokerbench.stats.Percentile;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A result file as the report reads it. Our files and OMB's share the TestResult fields; everything
 * only ours carry (intervals with phases, delivery verdicts, environment) is optional here, so an
 * OMB file gives a report with fewer sections rather than an error. Missing numbers are NaN.
 */
final class RunResult {

    /** Whether the run finished; OMB's files do not say. */
    enum Status { COMPLETE, INCOMPLETE, NOT_RECORDED }

    /**
     * One reporting interval. {@code x} is seconds since the load started, or the interval's number
     * when the file has no times; {@code outcome} is the interval's entry in the file (null for OMB's).
     */
    record Interval(String phase, double x, double publishRate, double consumeRate, double publishErrorRate,
            double backlog, MetricLatencies latency, IntervalOutcome outcome) {

        boolean measured() {
            return IntervalOutcome.MEASURE.equals(phase);
        }

        /** In the metric's unit in result files (µs for the publish delay, ms for the rest). */
        double latency(Metric metric, Percentile percentile) {
            LatencyStats stats = latency == null ? null : latency.get(metric);
            return stats == null ? Double.NaN : stats.get(percentile);
        }
    }

    /** The whole run's delivery verdict, as the report's tiles and tables show it. */
    record Delivery(MessageTotals messages) {

        boolean clean() {
            return messages.lost() == 0 && messages.duplicated() == 0 && messages.reordered() == 0
                    && messages.foreign() == 0 && messages.undelivered() == 0;
        }

        long sent() {
            return messages.sent();
        }

        long received() {
            return messages.received();
        }

        /** One line of what went wrong, for a report cell. */
        String problems() {
            StringBuilder line = new StringBuilder();
            line.append(Numbers.count(messages.lost())).append(" lost · ").append(Numbers.count(messages.duplicated()))
                    .append(" duplicated · ").append(Numbers.count(messages.reordered())).append(" reordered");
            if (messages.foreign() > 0) {
                line.append(" · ").append(Numbers.count(messages.foreign())).append(" foreign");
            }
            if (messages.sendFailures() > 0) {
                line.append(" · ").append(Numbers.count(messages.sendFailures())).append(" sends failed");
            }
            if (messages.failedButReceived() > 0) {
                line.append(" · ").append(Numbers.count(messages.failedButReceived()))
                        .append(" failed but received (ambiguous)");
            }
            if (messages.unsent() > 0) {
                line.append(" · ").append(Numbers.count(messages.unsent())).append(" never sent");
            }
            if (messages.unacknowledged() > 0) {
                line.append(" · ").append(Numbers.count(messages.unacknowledged())).append(" never acknowledged");
            }
            return line.toString();
        }
    }

    private final Path file;
    private final BenchmarkResult result;
    private final List<Interval> intervals;
    private final boolean timed;

    private RunResult(Path file, BenchmarkResult result) {
        this.file = file;
        this.result = result;
        this.timed = result.intervals() != null && !result.intervals().isEmpty();
        this.intervals = timed ? fromIntervals(result.intervals()) : fromSeries(result);
    }

    /** Reads a result file; anything that is not one is a one-line {@code ConfigException} naming the file. */
    static RunResult read(Path file) {
        return new RunResult(file, ResultReader.read(file));
    }

    /** A result just written to {@code file}. */
    static RunResult of(Path file, BenchmarkResult result) {
        return new RunResult(file, result);
    }

    private static List<Interval> fromIntervals(List<IntervalOutcome> outcomes) {
        List<Interval> list = new ArrayList<>();
        for (IntervalOutcome outcome : outcomes) {
            list.add(new Interval(outcome.phase() == null ? IntervalOutcome.MEASURE : outcome.phase(),
                    outcome.elapsedSeconds(), outcome.publishRate(), outcome.consumeRate(), outcome.publishErrorRate(),
                    outcome.backlog(), outcome.latency(), outcome));
        }
        return list;
    }

    /** OMB's files: one array per statistic over the measured intervals, and no times. */
    private static List<Interval> fromSeries(BenchmarkResult result) {
        int count = result.publishRate().size();
        List<Interval> list = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            int at = i;
            MetricLatencies latency = MetricLatencies.of(metric -> {
                LatencySeries series = result.series(metric);
                if (series == null || series.p50() == null) {
                    return null;
                }
                return LatencyStats.of(percentile -> element(series.get(percentile), at));
            });
            list.add(new Interval(IntervalOutcome.MEASURE, i + 1, number(element(result.publishRate(), i)),
                    number(element(result.consumeRate(), i)), number(element(result.publishErrorRate(), i)),
                    number(element(result.backlog(), i)), latency, null));
        }
        return list;
    }

    private static Number element(List<? extends Number> values, int index) {
        return values == null || index >= values.size() ? null : values.get(index);
    }

    private static double number(Number value) {
        return value == null ? Double.NaN : value.doubleValue();
    }

    Path file() {
        return file;
    }

    /** The file as read, for the sections that show one of its parts. */
    BenchmarkResult result() {
        return result;
    }

    String workload() {
        return result.workload() == null ? "(unnamed workload)" : result.workload();
    }

    String driver() {
        return result.driver() == null ? "(unnamed driver)" : result.driver();
    }

    /** Our files carry intervals with times and phases; OMB's only measured series. */
    boolean timed() {
        return timed;
    }

    List<Interval> intervals() {
        return intervals;
    }

    Status status() {
        if (result.complete() == null) {
            return Status.NOT_RECORDED;
        }
        return result.complete() ? Status.COMPLETE : Status.INCOMPLETE;
    }

    String incompleteReason() {
        return result.incompleteReason();
    }

    Instant begin() {
        return instant(result.beginTime());
    }

    Instant end() {
        return instant(result.endTime());
    }

    private static Instant instant(String value) {
        if (value == null) {
            return null;
        }
        try {
            return Instant.parse(value);
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    double messageSize() {
        return result.messageSize() == null ? Double.NaN : result.messageSize();
    }

    double publishRate() {
        return result.measured() != null ? result.measured().publishRate() : mean(result.publishRate());
    }

    double consumeRate() {
        return result.measured() != null ? result.measured().consumeRate() : mean(result.consumeRate());
    }

    double publishMBps() {
        return result.measured() != null ? result.measured().publishMBps() : publishRate() * messageSize() / (1024.0 * 1024.0);
    }

    double consumeMBps() {
        return result.measured() != null ? result.measured().consumeMBps() : consumeRate() * messageSize() / (1024.0 * 1024.0);
    }

    /** For OMB's files: the mean of the measured series. */
    private static double mean(List<Double> series) {
        if (series == null) {
            return Double.NaN;
        }
        double sum = 0;
        int n = 0;
        for (Double point : series) {
            if (point != null) {
                sum += point;
                n++;
            }
        }
        return n == 0 ? Double.NaN : sum / n;
    }

    /** An aggregated statistic in the metric's result unit (µs for the publish delay, ms for the rest). */
    double aggregated(Metric metric, Percentile percentile) {
        LatencyStats stats = result.aggregated(metric);
        return stats == null ? Double.NaN : stats.get(percentile);
    }

    /** The aggregated percentile curve: percentile level (0–100) → value in the metric's result unit. */
    TreeMap<Double, Double> quantiles(Metric metric) {
        TreeMap<Double, Double> curve = new TreeMap<>();
        Map<String, Number> quantiles = result.quantiles(metric);
        if (quantiles == null) {
            return curve;
        }
        quantiles.forEach((key, value) -> {
            try {
                double level = Double.parseDouble(key);
                if (value != null && level >= 0 && level <= 100) {
                    curve.put(level, value.doubleValue());
                }
            } catch (NumberFormatException e) {
                // not a percentile level: nothing to plot for it
            }
        });
        return curve;
    }

    /** Null for OMB's files, which do not verify delivery. */
    Delivery delivery() {
        MessageTotals messages = result.verifiedMessages();
        return messages == null ? null : new Delivery(messages);
    }
}

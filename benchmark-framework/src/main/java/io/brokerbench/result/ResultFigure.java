package io.brokerbench.result;

import io.brokerbench.result.model.BacklogDrainTimes;
import io.brokerbench.result.model.BenchmarkResult;
import io.brokerbench.result.model.CountBoundedTimes;
import io.brokerbench.result.model.FaultOutcome;
import io.brokerbench.result.model.LatencyStats;
import io.brokerbench.stats.Metric;
import io.brokerbench.stats.Percentile;
import java.util.Optional;
import java.util.function.Function;

/**
 * One number of a result, by the dotted path of its field in the file ("measured.publishRate"), with
 * its unit: what {@code --repeat} summarises, sweeps average and studies compare. The path is the
 * figure's name in their documents; the value is read from the typed result.
 *
 * @param reader the value, or null when the run did not measure it (no search, no backlog, an OMB file)
 */
public record ResultFigure(String path, String unit, Function<BenchmarkResult, Double> reader) {

    public static final ResultFigure SUSTAINABLE_RATE = new ResultFigure("rateSearch.sustainableRate", "msg/s",
            r -> r.rateSearch() == null ? null : r.rateSearch().sustainableRate());
    public static final ResultFigure PUBLISH_RATE = new ResultFigure("measured.publishRate", "msg/s",
            r -> r.measured() == null ? null : r.measured().publishRate());
    public static final ResultFigure CONSUME_RATE = new ResultFigure("measured.consumeRate", "msg/s",
            r -> r.measured() == null ? null : r.measured().consumeRate());
    public static final ResultFigure PUBLISH_MBPS = new ResultFigure("measured.publishMBps", "MB/s",
            r -> r.measured() == null ? null : r.measured().publishMBps());
    public static final ResultFigure CONSUME_MBPS = new ResultFigure("measured.consumeMBps", "MB/s",
            r -> r.measured() == null ? null : r.measured().consumeMBps());
    public static final ResultFigure COUNTED_PUBLISH_SECONDS = counted("publishSeconds", "s", CountBoundedTimes::publishSeconds);
    public static final ResultFigure COUNTED_CONSUME_SECONDS = counted("consumeSeconds", "s", CountBoundedTimes::consumeSeconds);
    public static final ResultFigure COUNTED_PUBLISH_RATE = counted("publishRate", "msg/s", CountBoundedTimes::publishRate);
    public static final ResultFigure COUNTED_CONSUME_RATE = counted("consumeRate", "msg/s", CountBoundedTimes::consumeRate);
    public static final ResultFigure DRAIN_SECONDS = drain("seconds", "s", BacklogDrainTimes::seconds);
    public static final ResultFigure DRAIN_CONSUME_RATE = drain("consumeRate", "msg/s", BacklogDrainTimes::consumeRate);
    public static final ResultFigure DRAIN_CONSUME_MBPS = drain("consumeMBps", "MB/s", BacklogDrainTimes::consumeMBps);
    public static final ResultFigure BACKLOG_READ_SECONDS = drain("backlogReadSeconds", "s", BacklogDrainTimes::backlogReadSeconds);
    public static final ResultFigure BACKLOG_READ_RATE = drain("backlogReadRate", "msg/s", BacklogDrainTimes::backlogReadRate);
    public static final ResultFigure BACKLOG_READ_MBPS = drain("backlogReadMBps", "MB/s", BacklogDrainTimes::backlogReadMBps);
    public static final ResultFigure CPU_MICROS_PER_MESSAGE = new ResultFigure("loadGenerator.processCpuMicrosPerMessage", "us",
            r -> r.loadGenerator() == null ? null : r.loadGenerator().processCpuMicrosPerMessage());
    public static final ResultFigure CPU_CORES = new ResultFigure("loadGenerator.processCpuCores", "cores",
            r -> r.loadGenerator() == null ? null : r.loadGenerator().processCpuCores());
    public static final ResultFigure BROKER_CPU_MICROS_PER_MESSAGE = new ResultFigure("localBroker.cpuMicrosPerMessage", "us",
            r -> r.localBroker() == null ? null : r.localBroker().cpuMicrosPerMessage());
    public static final ResultFigure BROKER_CPU_CORES = new ResultFigure("localBroker.cpuCores", "cores",
            r -> r.localBroker() == null ? null : r.localBroker().cpuCores());

    /** A latency statistic over the measured phase, in the metric's result unit ("aggregatedEndToEndLatency99pct"). */
    public static ResultFigure aggregated(Metric metric, Percentile percentile) {
        String name = metric.resultName();
        return new ResultFigure("aggregated" + Character.toUpperCase(name.charAt(0)) + name.substring(1) + percentile.suffix(),
                metric.resultUnit().symbol(), r -> {
                    LatencyStats stats = r.aggregated(metric);
                    double value = stats == null ? Double.NaN : stats.get(percentile);
                    return Double.isNaN(value) ? null : value;
                });
    }

    /**
     * A figure of the workload's fault {@code index} (from 1) as the result's {@code faults[]} gives it;
     * absent where the run had no such fault, it was not applied, or the figure was not reached (a fault
     * the clients never recovered from has no recovery time).
     */
    public static ResultFigure fault(int index, String field, String unit, Function<FaultOutcome, Double> value) {
        return new ResultFigure("faults[" + (index - 1) + "]." + field, unit, r -> {
            if (r.faults() == null || r.faults().size() < index || !r.faults().get(index - 1).applied()) {
                return null;
            }
            return value.apply(r.faults().get(index - 1));
        });
    }

    private static ResultFigure counted(String field, String unit, Function<CountBoundedTimes, Double> value) {
        return new ResultFigure("countBounded." + field, unit, r -> r.countBounded() == null ? null : value.apply(r.countBounded()));
    }

    private static ResultFigure drain(String field, String unit, Function<BacklogDrainTimes, Double> value) {
        return new ResultFigure("backlogDrain." + field, unit, r -> r.backlogDrain() == null ? null : value.apply(r.backlogDrain()));
    }

    /** The value in {@code result}; empty when the run did not measure it. */
    public Optional<Double> in(BenchmarkResult result) {
        return Optional.ofNullable(reader.apply(result));
    }

    /** The value in {@code result}; NaN when the run did not measure it. */
    public double of(BenchmarkResult result) {
        Double value = reader.apply(result);
        return value == null ? Double.NaN : value;
    }
}

package io.brokerbench.result;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.brokerbench.capacity.RateWindow;
import io.brokerbench.capacity.SustainableRate;
import io.brokerbench.delivery.PhaseVerdict;
import io.brokerbench.delivery.SubscriptionVerdict;
import io.brokerbench.load.MessageHeader;
import io.brokerbench.measurement.BacklogDrain;
import io.brokerbench.measurement.BacklogRead;
import io.brokerbench.measurement.CoordinatorTiming;
import io.brokerbench.measurement.CountedCompletion;
import io.brokerbench.measurement.DiscoveredRate;
import io.brokerbench.measurement.IntervalPoint.Phase;
import io.brokerbench.measurement.IntervalPoint;
import io.brokerbench.measurement.RatePhaseSummary;
import io.brokerbench.measurement.RunRecord;
import io.brokerbench.measurement.WorkerEntry;
import io.brokerbench.metrics.BrokerCost;
import io.brokerbench.metrics.BrokerUsage;
import io.brokerbench.metrics.IntervalMetrics;
import io.brokerbench.result.model.BacklogDrainTimes;
import io.brokerbench.result.model.BenchmarkResult;
import io.brokerbench.result.model.ConsumerOnlyRead;
import io.brokerbench.result.model.CountBoundedTimes;
import io.brokerbench.result.model.IntervalOutcome;
import io.brokerbench.result.model.LatencySeries;
import io.brokerbench.result.model.LatencyStats;
import io.brokerbench.result.model.LoadGeneratorCost;
import io.brokerbench.result.model.LocalBrokerCost;
import io.brokerbench.result.model.MeasuredTotals;
import io.brokerbench.result.model.MessageSizeOutcome;
import io.brokerbench.result.model.MessageTotals;
import io.brokerbench.result.model.MetricLatencies;
import io.brokerbench.result.model.RatePhaseOutcome;
import io.brokerbench.result.model.RateSearchOutcome;
import io.brokerbench.result.model.RunEventEntry;
import io.brokerbench.result.model.SnapshotTiming;
import io.brokerbench.result.model.WorkerOutcome;
import io.brokerbench.stats.LatencySummary;
import io.brokerbench.stats.Metric;
import io.brokerbench.stats.Percentile;
import io.brokerbench.workload.MessageSizes;
import io.brokerbench.workload.Workload;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * A run's record as its result file ({@link BenchmarkResult}): counts become rates, histograms
 * become statistics in the metric's result unit, and numbers are rounded as the file writes them
 * ({@link ResultNumbers}). It computes nothing the run did not measure.
 */
final class ResultAssembler {

    /** Quantile map resolution: HdrHistogram's percentile iteration, ticks per half distance to 100 %. */
    private static final int QUANTILE_TICKS = 5;

    private final ObjectMapper mapper;

    ResultAssembler(ObjectMapper mapper) {
        this.mapper = mapper;
    }

    BenchmarkResult assemble(RunRecord run) {
        Workload workload = run.workload();
        List<IntervalPoint> measured = run.intervals(Phase.MEASURE);
        Map<Metric, Histogram> aggregated = new LinkedHashMap<>();
        for (Metric metric : Metric.values()) {
            aggregated.put(metric, run.aggregated().get(metric));
        }
        Function<Metric, LatencySeries> series = metric -> LatencySeries.of(percentile ->
                measured.stream().map(point -> seriesValue(metric, percentile, point.latency())).toList());
        Function<Metric, LatencyStats> overall = metric -> LatencyStats.of(percentile ->
                seriesValue(metric, percentile.of(aggregated.get(metric)), percentile));
        Function<Metric, Map<String, Number>> quantiles = metric -> quantiles(metric, aggregated.get(metric));
        return new BenchmarkResult(
                workload.name(), run.driver().name(), Math.round(workload.meanMessageSize()), workload.topics(),
                partitions(run), workload.producersPerTopic(), workload.consumerPerSubscription(),
                measured.stream().map(IntervalPoint::publishRate).toList(),
                measured.stream().map(IntervalPoint::publishErrorRate).toList(),
                measured.stream().map(IntervalPoint::consumeRate).toList(),
                measured.stream().map(IntervalPoint::backlog).toList(),
                series.apply(Metric.PUBLISH_LATENCY), overall.apply(Metric.PUBLISH_LATENCY), quantiles.apply(Metric.PUBLISH_LATENCY),
                series.apply(Metric.PUBLISH_DELAY), overall.apply(Metric.PUBLISH_DELAY), quantiles.apply(Metric.PUBLISH_DELAY),
                series.apply(Metric.END_TO_END), overall.apply(Metric.END_TO_END), quantiles.apply(Metric.END_TO_END),
                series.apply(Metric.PUBLISH_LATENCY_FROM_INTENDED), overall.apply(Metric.PUBLISH_LATENCY_FROM_INTENDED),
                quantiles.apply(Metric.PUBLISH_LATENCY_FROM_INTENDED),
                series.apply(Metric.END_TO_END_FROM_INTENDED), overall.apply(Metric.END_TO_END_FROM_INTENDED),
                quantiles.apply(Metric.END_TO_END_FROM_INTENDED),
                BenchmarkResult.SCHEMA, run.begin().toString(), run.end() == null ? null : run.end().toString(),
                run.complete(), run.incompleteReason(),
                "publishDelayLatency*: microseconds; all other latencies: milliseconds with microsecond precision",
                workload.smallestMessageSize() >= MessageHeader.SIZE
                        ? "payload header, microseconds (t_receive - t_send)"
                        : "driver publish timestamp, milliseconds (message too small for the header)",
                measuredTotals(run), messageTotals(run), run.existingTopics(), messageSizes(run), countBounded(run.completion()),
                consumerOnly(run.backlogRead()), backlogDrain(run.backlogDrain()),
                rateSearch(run), ratePhases(run.ratePhases()), run.faultSeed(), run.faults(), run.faultTimeline(), run.faultDelivery(),
                run.events().stream().map(e -> new RunEventEntry(ResultNumbers.round3(e.elapsedSeconds()), e.text())).toList(),
                loadGenerator(run), BrokerCost.of(run).map(ResultAssembler::localBroker).orElse(null),
                timing(run.coordinatorTiming()), intervals(run), run.histograms().fileName(),
                mapper.valueToTree(workload), run.workloadFile(), run.driver().sourceFile(), run.driver().driverClass(),
                run.driver().yaml(), run.workers().stream().map(ResultAssembler::worker).toList(), run.environment());
    }

    /**
     * A statistic of the per-interval series and the aggregates: the publish delay's percentiles are
     * whole microseconds, its mean keeps three decimals; the rest are milliseconds to the microsecond.
     */
    private static Number seriesValue(Metric metric, Percentile percentile, LatencySummary summary) {
        return seriesValue(metric, summary.micros(metric, percentile), percentile);
    }

    private static Number seriesValue(Metric metric, double micros, Percentile percentile) {
        if (metric.resultUnit() == Metric.ResultUnit.MICROSECONDS && percentile != Percentile.AVG) {
            return Math.round(micros);
        }
        return inResultUnit(metric, micros);
    }

    /** Microseconds to the metric's result unit; milliseconds keep microsecond precision. */
    private static double inResultUnit(Metric metric, double micros) {
        if (metric.resultUnit() == Metric.ResultUnit.MICROSECONDS) {
            return Math.round(micros * 1000.0) / 1000.0;
        }
        return Math.round(micros) / 1000.0;
    }

    private static MetricLatencies latencies(LatencySummary summary) {
        return MetricLatencies.of(metric -> LatencyStats.of(percentile -> inResultUnit(metric, summary.micros(metric, percentile))));
    }

    private static Map<String, Number> quantiles(Metric metric, Histogram histogram) {
        Map<String, Number> curve = new LinkedHashMap<>();
        if (histogram.getTotalCount() > 0) {
            for (HistogramIterationValue value : histogram.percentiles(QUANTILE_TICKS)) {
                long micros = histogram.highestEquivalentValue(value.getValueIteratedTo());
                String level = Double.toString(value.getPercentileLevelIteratedTo());
                // whole microseconds stay whole (one conditional expression would widen both to double)
                if (metric.resultUnit() == Metric.ResultUnit.MICROSECONDS) {
                    curve.put(level, micros);
                } else {
                    curve.put(level, micros / 1000.0);
                }
            }
        }
        return curve;
    }

    private static double perSecond(double amount, double seconds) {
        return seconds > 0 ? ResultNumbers.round3(amount / seconds) : 0;
    }

    private static MeasuredTotals measuredTotals(RunRecord run) {
        double seconds = run.measuredSeconds();
        double mebibytes = run.workload().meanMessageSize() / 1_048_576.0;
        return new MeasuredTotals(ResultNumbers.round3(seconds), run.measuredSent(), run.measuredAcked(),
                run.measuredReceived(), run.measuredPublishErrors(), perSecond(run.measuredSent(), seconds),
                perSecond(run.measuredReceived(), seconds), perSecond(run.measuredSent() * mebibytes, seconds),
                perSecond(run.measuredReceived() * mebibytes, seconds));
    }

    private static MessageTotals messageTotals(RunRecord run) {
        List<SubscriptionVerdict> verdicts = run.verdicts();
        boolean judged = run.verified() && run.judgesSubscriptions();
        return new MessageTotals(run.totalSent(), run.totalPublishErrors(), run.totalReceived(), run.producers().due(),
                run.producers().unsent(), run.producers().failed(),
                verdicts.stream().mapToLong(SubscriptionVerdict::failedButReceived).sum(), run.producers().unacknowledged(),
                verdicts.stream().mapToLong(SubscriptionVerdict::neverReceived).sum(), run.censoredSamples(),
                judged ? run.deliveredCleanly() : null, judged ? run.sentDeliveredCleanly() : null,
                run.verified() && run.workload().isProducerOnly() ? run.producers().complete() : null,
                !verdicts.isEmpty(),
                verdicts.stream().mapToLong(SubscriptionVerdict::lost).sum(),
                verdicts.stream().mapToLong(SubscriptionVerdict::duplicated).sum(),
                verdicts.stream().mapToLong(SubscriptionVerdict::reordered).sum(), run.foreignMessages(),
                run.negativeLatencies(), verdicts);
    }

    private static CountBoundedTimes countBounded(CountedCompletion completion) {
        if (completion == null) {
            return null;
        }
        return new CountBoundedTimes(completion.messages(), completion.sent(), completion.expectedDeliveries(),
                completion.received(), completion.allConsumed(), ResultNumbers.round3OrNull(completion.publishSeconds()),
                ResultNumbers.round3OrNull(completion.consumeSeconds()), ResultNumbers.round3OrNull(completion.publishRate()),
                ResultNumbers.round3OrNull(completion.consumeRate()));
    }

    /** OMB's partitions per topic: on existing topics the broker's count, when all of them have the same (else null). */
    private static Integer partitions(RunRecord run) {
        if (run.existingTopics() == null) {
            return run.workload().partitionsPerTopic();
        }
        List<Integer> counts = run.existingTopics().values().stream().distinct().toList();
        return counts.size() == 1 ? counts.get(0) : null;
    }

    private static MessageSizeOutcome messageSizes(RunRecord run) {
        MessageSizes sizes = run.workload().messageSizes();
        if (sizes == null) {
            return null;
        }
        return new MessageSizeOutcome(sizes.distribution(), sizes.counts(), sizes.poolSize(),
                ResultNumbers.round3(sizes.mean()), run.payloadSeed());
    }

    private static ConsumerOnlyRead consumerOnly(BacklogRead read) {
        if (read == null) {
            return null;
        }
        return new ConsumerOnlyRead(read.messages(), read.bytes(), ResultNumbers.round3OrNull(read.seconds()),
                ResultNumbers.round3OrNull(read.rate()), ResultNumbers.round3OrNull(read.mebibytesPerSecond()), read.quiet());
    }

    private static BacklogDrainTimes backlogDrain(BacklogDrain drain) {
        if (drain == null) {
            return null;
        }
        return new BacklogDrainTimes(drain.drained(), drain.backlogAtStart(), drain.backlogAtEnd(),
                ResultNumbers.round3OrNull(drain.seconds()), drain.consumed(), ResultNumbers.round3OrNull(drain.consumeRate()),
                ResultNumbers.round3OrNull(drain.consumeMBps()), ResultNumbers.round3OrNull(drain.netDrainRate()),
                ResultNumbers.round6OrNull(drain.backlogReadSeconds()), ResultNumbers.round3OrNull(drain.backlogReadRate()),
                ResultNumbers.round3OrNull(drain.backlogReadMBps()));
    }

    /** The max-rate search: the rate found, its bounds, and each window with the search's next move. */
    private static RateSearchOutcome rateSearch(RunRecord run) {
        DiscoveredRate found = run.discoveredRate();
        if (found == null) {
            return null;
        }
        SustainableRate result = found.result();
        boolean bounded = !Double.isInfinite(result.upperBound());
        List<RateSearchOutcome.Step> steps = new ArrayList<>();
        for (DiscoveredRate.Window window : found.windows()) {
            RateWindow observed = window.observed();
            steps.add(new RateSearchOutcome.Step(ResultNumbers.round3(observed.targetRate()),
                    ResultNumbers.round3(observed.publishRate()), ResultNumbers.round3(observed.consumeRate()),
                    observed.backlogGrowth(), observed.backlogAtEnd(), ResultNumbers.round3(observed.seconds()),
                    ResultNumbers.round3OrNull(observed.endToEndP99Millis()),
                    ResultNumbers.round3OrNull(observed.endToEndP999Millis()),
                    ResultNumbers.round3OrNull(observed.publishP99Millis()), observed.failedSends(), window.held(),
                    window.next()));
        }
        return new RateSearchOutcome(ResultNumbers.round3(result.rate()),
                bounded ? ResultNumbers.round3(result.upperBound()) : null,
                bounded ? Math.round(result.relativeUncertainty() * 1e5) / 1e5 : null,
                result.converged(), result.windows(), found.complete(), result.boundBy(),
                Double.isNaN(found.probedRate()) ? null : ResultNumbers.round3(found.probedRate()), steps,
                run.workload().searchObjectives().any() ? run.workload().searchObjectives() : null);
    }

    /** Each rate phase: its targets, rates and counts, every latency metric, and its delivery verdict. */
    private static List<RatePhaseOutcome> ratePhases(List<RatePhaseSummary> phases) {
        if (phases.isEmpty()) {
            return null;
        }
        List<RatePhaseOutcome> outcomes = new ArrayList<>();
        for (RatePhaseSummary phase : phases) {
            double seconds = phase.seconds();
            PhaseVerdict verdict = phase.delivery();
            outcomes.add(new RatePhaseOutcome(phase.name(), ResultNumbers.round3(phase.fromRate()),
                    ResultNumbers.round3(phase.toRate()), ResultNumbers.round3(seconds), perSecond(phase.sent(), seconds),
                    perSecond(phase.received(), seconds), phase.sent(), phase.acked(), phase.publishErrors(),
                    phase.received(), phase.backlogAtEnd(), latencies(phase.latency()),
                    verdict == null ? null : new RatePhaseOutcome.Delivery(verdict.clean(), verdict.unsent(),
                            verdict.neverReceived(), countOrNull(verdict.duplicated()), countOrNull(verdict.reordered()),
                            verdict.orderingJudged())));
        }
        return outcomes;
    }

    /** A count the verdict could not attribute is negative there: null here, not a number that looks like a count. */
    private static Long countOrNull(long count) {
        return count < 0 ? null : count;
    }

    private static LoadGeneratorCost loadGenerator(RunRecord run) {
        long sent = run.measuredSent();
        double cpu = run.measuredProcessCpuSeconds();
        double loadThreads = run.measuredLoadThreadCpuSeconds();
        return new LoadGeneratorCost(ResultNumbers.round3(cpu), ResultNumbers.round3(loadThreads),
                sent > 0 ? ResultNumbers.round3(cpu * 1e6 / sent) : 0,
                sent > 0 ? ResultNumbers.round3(loadThreads * 1e6 / sent) : 0,
                // how many cores the client processes kept busy on average: CPU per message says little at a low rate
                perSecond(cpu, run.measuredSeconds()),
                // what recording the JVM, client, driver and broker metrics took, and its share of the CPU above
                // (in a distributed run the coordinator's part is not in the workers' process CPU: a bound)
                Math.round(run.measuredRecordingCpuSeconds() * 1e6) / 1e6,
                ResultNumbers.round3(run.measuredRecordingCpuPercent()),
                Math.round(Percentile.P99.of(run.aggregated().get(Metric.PUBLISH_DELAY))));
    }

    private static LocalBrokerCost localBroker(BrokerCost cost) {
        return new LocalBrokerCost(ResultNumbers.round3(cost.total().cpuCores()),
                ResultNumbers.round3(cost.total().cpuMicrosPerMessage()), knownBytes(cost.total().residentBytesMax()),
                cost.nodes().isEmpty() ? null : cost.nodes().stream()
                        .map(node -> new LocalBrokerCost.Node(node.node(), ResultNumbers.round3(node.usage().cpuCores()),
                                ResultNumbers.round3(node.usage().cpuMicrosPerMessage()),
                                knownBytes(node.usage().residentBytesMax())))
                        .toList());
    }

    private static SnapshotTiming timing(CoordinatorTiming timing) {
        return new SnapshotTiming(timing.getSnapshotRounds(), timing.getSnapshotRoundMillisMean(),
                timing.getSnapshotRoundMillisMax(), timing.getLateIntervals(), timing.getLatestIntervalMillis(),
                timing.getPhaseOverruns().stream()
                        .map(o -> new SnapshotTiming.Overrun(o.phase(), o.plannedSeconds(), o.ranSeconds())).toList());
    }

    /** Every interval of every phase, with what the machines and clients did in it where that was recorded. */
    private static List<IntervalOutcome> intervals(RunRecord run) {
        List<IntervalMetrics> metrics = run.metrics().intervals();
        List<IntervalOutcome> outcomes = new ArrayList<>();
        List<IntervalPoint> points = run.intervals();
        for (int i = 0; i < points.size(); i++) {
            IntervalPoint point = points.get(i);
            IntervalMetrics usage = i < metrics.size() ? metrics.get(i) : null;
            outcomes.add(new IntervalOutcome(point.phase().label(), point.ratePhase(),
                    ResultNumbers.round3(point.elapsedSeconds()), ResultNumbers.round3(point.seconds()),
                    ResultNumbers.round3(point.publishRate()), ResultNumbers.round3(point.consumeRate()),
                    ResultNumbers.round3(point.publishErrorRate()), point.backlog(), latencies(point.latency()),
                    usage == null || usage.loadGenerators().isEmpty() ? null : usage.loadGenerators().stream()
                            .map(u -> new IntervalOutcome.LoadGeneratorUsage(u.worker(), ResultNumbers.round3(u.cpuCores()),
                                    u.heapUsedBytes(), u.heapCommittedBytes(), u.gcPauses(), u.gcPauseMillis(), u.threads()))
                            .toList(),
                    usage == null ? null : usage.broker().map(ResultAssembler::brokerUsage).orElse(null),
                    usage == null ? null : rounded(usage.clientMetrics()),
                    usage == null ? null : rounded(usage.driverStats())));
        }
        return outcomes;
    }

    private static IntervalOutcome.BrokerUsage brokerUsage(BrokerUsage usage) {
        return new IntervalOutcome.BrokerUsage(ResultNumbers.round3(usage.cpuCores()), knownBytes(usage.residentBytes()),
                usage.nodes().isEmpty() ? null : usage.nodes().stream()
                        .map(node -> new IntervalOutcome.NodeUsage(node.node(), ResultNumbers.round3(node.cpuCores()),
                                knownBytes(node.residentBytes())))
                        .toList());
    }

    private static Long knownBytes(long bytes) {
        return bytes >= 0 ? bytes : null;
    }

    /** Parts a run did not record are left out rather than written empty. */
    private static Map<String, Double> rounded(Map<String, Double> values) {
        if (values.isEmpty()) {
            return null;
        }
        Map<String, Double> out = new LinkedHashMap<>();
        values.forEach((name, value) -> out.put(name, ResultNumbers.round3(value)));
        return out;
    }

    private static WorkerOutcome worker(WorkerEntry entry) {
        return new WorkerOutcome(entry.getId(), entry.getRole(), entry.getClockOffsetMicros(),
                entry.getClockUncertaintyMicros(), entry.getFailedAt(), entry.getFailure());
    }
}

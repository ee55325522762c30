package io.brokerbench.result;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.brokerbench.capacity.RateWindow;
import io.brokerbench.capacity.SustainableRate;
import io.brokerbench.delivery.PhaseVerdict;
import io.brokerbench.delivery.SubscriptionVerdict;
import io.brokerbench.load.MessageHeader;
import io.brokerbench.run.DiscoveredRate;
import io.brokerbench.run.IntervalPoint.Phase;
import io.brokerbench.run.IntervalPoint;
import io.brokerbench.run.RatePhaseSummary;
import io.brokerbench.run.RunEvent;
import io.brokerbench.run.RunRecord;
import io.brokerbench.stats.LatencySummary;
import io.brokerbench.stats.Metric;
import io.brokerbench.stats.Percentile;
import io.brokerbench.workload.Workload;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * A run as a result document: every field of OMB's TestResult under OMB's names and units (so OMB's
 * chart and CSV tools read it), followed by what OMB lacks. Series and aggregates are produced by one
 * loop over metric × statistic.
 */
public final class ResultJson {

    public static final String SCHEMA = "brokerbench-result/1";
    /** Quantile map resolution: HdrHistogram's percentile iteration, ticks per half distance to 100 %. */
    private static final int QUANTILE_TICKS = 5;

    private final ObjectMapper mapper;

    public ResultJson(ObjectMapper mapper) {
        this.mapper = mapper;
    }

    public ObjectNode toJson(RunRecord run) {
        ObjectNode root = mapper.createObjectNode();
        Workload workload = run.workload();
        root.put("workload", workload.name());
        root.put("driver", run.driver().name());
        root.put("messageSize", (long) workload.messageSize());
        root.put("topics", workload.topics());
        root.put("partitions", workload.partitionsPerTopic());
        root.put("producersPerTopic", workload.producersPerTopic());
        root.put("consumersPerTopic", workload.consumerPerSubscription());

        List<IntervalPoint> measured = run.intervals(Phase.MEASURE);
        ArrayNode publishRate = root.putArray("publishRate");
        ArrayNode publishErrorRate = root.putArray("publishErrorRate");
        ArrayNode consumeRate = root.putArray("consumeRate");
        ArrayNode backlog = root.putArray("backlog");
        for (IntervalPoint point : measured) {
            publishRate.add(point.publishRate());
            publishErrorRate.add(point.publishErrorRate());
            consumeRate.add(point.consumeRate());
            backlog.add(point.backlog());
        }
        for (Metric metric : Metric.values()) {
            writeSeries(root, metric, measured);
            writeAggregate(root, metric, run.aggregated().get(metric));
        }
        writeExtensions(root, run);
        return root;
    }

    private void writeSeries(ObjectNode root, Metric metric, List<IntervalPoint> points) {
        for (Percentile percentile : Percentile.values()) {
            ArrayNode series = root.putArray(metric.resultName() + percentile.suffix());
            for (IntervalPoint point : points) {
                addValue(series, metric, percentile, point.latency());
            }
        }
    }

    private static void addValue(ArrayNode series, Metric metric, Percentile percentile, LatencySummary summary) {
        double micros = summary.micros(metric, percentile);
        if (metric.resultUnit() == Metric.ResultUnit.MICROSECONDS && percentile != Percentile.AVG) {
            series.add(Math.round(micros));
        } else {
            series.add(inResultUnit(metric, micros));
        }
    }

    private void writeAggregate(ObjectNode root, Metric metric, Histogram histogram) {
        String prefix = "aggregated" + Character.toUpperCase(metric.resultName().charAt(0)) + metric.resultName().substring(1);
        for (Percentile percentile : Percentile.values()) {
            double micros = percentile.of(histogram);
            if (metric.resultUnit() == Metric.ResultUnit.MICROSECONDS && percentile != Percentile.AVG) {
                root.put(prefix + percentile.suffix(), Math.round(micros));
            } else {
                root.put(prefix + percentile.suffix(), inResultUnit(metric, micros));
            }
        }
        ObjectNode quantiles = root.putObject(prefix + "Quantiles");
        if (histogram.getTotalCount() > 0) {
            for (HistogramIterationValue value : histogram.percentiles(QUANTILE_TICKS)) {
                String key = Double.toString(value.getPercentileLevelIteratedTo());
                long micros = histogram.highestEquivalentValue(value.getValueIteratedTo());
                if (metric.resultUnit() == Metric.ResultUnit.MICROSECONDS) {
                    quantiles.put(key, micros);
                } else {
                    quantiles.put(key, micros / 1000.0);
                }
            }
        }
    }

    /** Microseconds to the metric's result unit; milliseconds keep microsecond precision. */
    private static double inResultUnit(Metric metric, double micros) {
        if (metric.resultUnit() == Metric.ResultUnit.MICROSECONDS) {
            return Math.round(micros * 1000.0) / 1000.0;
        }
        return Math.round(micros) / 1000.0;
    }

    private void writeExtensions(ObjectNode root, RunRecord run) {
        root.put("schema", SCHEMA);
        root.put("beginTime", run.begin().toString());
        root.put("endTime", run.end() == null ? null : run.end().toString());
        root.put("complete", run.complete());
        root.put("incompleteReason", run.incompleteReason());
        root.put("latencyUnits", "publishDelayLatency*: microseconds; all other latencies: milliseconds with microsecond precision");
        root.put("endToEndLatencySource", run.workload().messageSize() >= MessageHeader.SIZE
                ? "payload header, microseconds (t_receive - t_send)"
                : "driver publish timestamp, milliseconds (message too small for the header)");

        ObjectNode measured = root.putObject("measured");
        double seconds = run.measuredSeconds();
        measured.put("seconds", ResultNumbers.round3(seconds));
        measured.put("messagesSent", run.measuredSent());
        measured.put("messagesAcknowledged", run.measuredAcked());
        measured.put("messagesReceived", run.measuredReceived());
        measured.put("publishErrors", run.measuredPublishErrors());
        measured.put("publishRate", seconds > 0 ? ResultNumbers.round3(run.measuredSent() / seconds) : 0);
        measured.put("consumeRate", seconds > 0 ? ResultNumbers.round3(run.measuredReceived() / seconds) : 0);
        measured.put("publishMBps", seconds > 0 ? ResultNumbers.round3(run.measuredSent() * (double) run.workload().messageSize() / seconds / 1_048_576) : 0);
        measured.put("consumeMBps", seconds > 0 ? ResultNumbers.round3(run.measuredReceived() * (double) run.workload().messageSize() / seconds / 1_048_576) : 0);

        ObjectNode messages = root.putObject("messages");
        messages.put("sent", run.totalSent());
        messages.put("publishErrors", run.totalPublishErrors());
        messages.put("received", run.totalReceived());
        messages.put("due", run.producers().due());
        messages.put("unsent", run.producers().unsent());
        messages.put("sendFailures", run.producers().failed());
        messages.put("unacknowledged", run.producers().unacknowledged());
        messages.put("neverReceived", run.verdicts().stream().mapToLong(SubscriptionVerdict::neverReceived).sum());
        messages.put("censoredLatencySamples", run.censoredSamples());
        messages.put("deliveredCleanly", run.deliveredCleanly());
        messages.put("sentDeliveredCleanly", run.sentDeliveredCleanly());
        messages.put("verified", !run.verdicts().isEmpty());
        messages.put("lost", run.verdicts().stream().mapToLong(SubscriptionVerdict::lost).sum());
        messages.put("duplicated", run.verdicts().stream().mapToLong(SubscriptionVerdict::duplicated).sum());
        messages.put("reordered", run.verdicts().stream().mapToLong(SubscriptionVerdict::reordered).sum());
        messages.put("foreign", run.foreignMessages());
        messages.put("negativeLatencySamples", run.negativeLatencies());
        ArrayNode subscriptions = messages.putArray("subscriptions");
        for (SubscriptionVerdict verdict : run.verdicts()) {
            subscriptions.add(mapper.valueToTree(verdict));
        }

        CompletionJson.write(root, run);
        if (run.discoveredRate() != null) {
            ObjectNode search = root.putObject("rateSearch");
            writeRateSearch(search, run.discoveredRate());
            if (run.workload().searchObjectives().any()) {
                search.set("objectives", mapper.valueToTree(run.workload().searchObjectives()));
            }
        }

        if (!run.ratePhases().isEmpty()) {
            ArrayNode phases = root.putArray("ratePhases");
            for (RatePhaseSummary phase : run.ratePhases()) {
                writeRatePhase(phases.addObject(), phase);
            }
        }

        ArrayNode events = root.putArray("events");
        for (RunEvent event : run.events()) {
            events.addObject().put("elapsedSeconds", ResultNumbers.round3(event.elapsedSeconds())).put("text", event.text());
        }

        ObjectNode load = root.putObject("loadGenerator");
        long sent = run.measuredSent();
        load.put("processCpuSeconds", ResultNumbers.round3(run.measuredProcessCpuSeconds()));
        load.put("loadThreadCpuSeconds", ResultNumbers.round3(run.measuredLoadThreadCpuSeconds()));
        load.put("processCpuMicrosPerMessage", sent > 0 ? ResultNumbers.round3(run.measuredProcessCpuSeconds() * 1e6 / sent) : 0);
        load.put("loadThreadCpuMicrosPerMessage", sent > 0 ? ResultNumbers.round3(run.measuredLoadThreadCpuSeconds() * 1e6 / sent) : 0);
        // how many cores the client processes kept busy on average: CPU per message says little at a low rate
        load.put("processCpuCores", seconds > 0 ? ResultNumbers.round3(run.measuredProcessCpuSeconds() / seconds) : 0);
        // what recording the JVM, client, driver and broker metrics took, and its share of the CPU above
        // (in a distributed run the coordinator's part is not in the workers' process CPU: a bound)
        load.put("recordingCpuSeconds", Math.round(run.measuredRecordingCpuSeconds() * 1e6) / 1e6);
        load.put("recordingCpuPercent", ResultNumbers.round3(run.measuredRecordingCpuPercent()));
        load.put("publishDelayP99Micros", Math.round(Percentile.P99.of(run.aggregated().get(Metric.PUBLISH_DELAY))));
        // whether the coordinator gathered the workers' snapshots on time (intervals as long as they say)
        root.set("coordinatorTiming", mapper.valueToTree(run.coordinatorTiming()));

        ArrayNode intervals = root.putArray("intervals");
        for (IntervalPoint point : run.intervals()) {
            ObjectNode node = intervals.addObject();
            node.put("phase", point.phase().label());
            if (point.ratePhase() != null) {
                node.put("ratePhase", point.ratePhase());
            }
            node.put("elapsedSeconds", ResultNumbers.round3(point.elapsedSeconds()));
            node.put("seconds", ResultNumbers.round3(point.seconds()));
            node.put("publishRate", ResultNumbers.round3(point.publishRate()));
            node.put("consumeRate", ResultNumbers.round3(point.consumeRate()));
            node.put("publishErrorRate", ResultNumbers.round3(point.publishErrorRate()));
            node.put("backlog", point.backlog());
            for (Metric metric : Metric.values()) {
                ObjectNode latency = node.putObject(metric.resultName());
                for (Percentile percentile : Percentile.values()) {
                    latency.put(percentile.suffix(), inResultUnit(metric, point.latency().micros(metric, percentile)));
                }
            }
        }

        IntervalMetricsJson.addTo(intervals, run.metrics().intervals());

        root.set("workloadConfig", mapper.valueToTree(run.workload()));
        root.put("workloadFile", run.workloadFile());
        root.put("driverFile", run.driver().sourceFile());
        root.put("driverClass", run.driver().driverClass());
        root.put("driverConfig", run.driver().yaml());
        root.set("workers", mapper.valueToTree(run.workers()));
        root.set("environment", mapper.valueToTree(run.environment()));
    }

    /** One rate phase: its targets, rates and counts, every latency metric's percentiles, and its delivery verdict. */
    private static void writeRatePhase(ObjectNode node, RatePhaseSummary phase) {
        double seconds = phase.seconds();
        node.put("name", phase.name());
        node.put("fromRate", ResultNumbers.round3(phase.fromRate()));
        node.put("toRate", ResultNumbers.round3(phase.toRate()));
        node.put("seconds", ResultNumbers.round3(seconds));
        node.put("publishRate", seconds > 0 ? ResultNumbers.round3(phase.sent() / seconds) : 0);
        node.put("consumeRate", seconds > 0 ? ResultNumbers.round3(phase.received() / seconds) : 0);
        node.put("messagesSent", phase.sent());
        node.put("messagesAcknowledged", phase.acked());
        node.put("publishErrors", phase.publishErrors());
        node.put("messagesReceived", phase.received());
        node.put("backlogAtEnd", phase.backlogAtEnd());
        for (Metric metric : Metric.values()) {
            ObjectNode latency = node.putObject(metric.resultName());
            for (Percentile percentile : Percentile.values()) {
                latency.put(percentile.suffix(), inResultUnit(metric, phase.latency().micros(metric, percentile)));
            }
        }
        PhaseVerdict verdict = phase.delivery();
        if (verdict != null) {
            // null where a figure could not be attributed to the phase, rather than a number that looks like a count
            ObjectNode delivery = node.putObject("delivery");
            delivery.put("clean", verdict.clean());
            delivery.put("unsent", verdict.unsent());
            delivery.put("neverReceived", verdict.neverReceived());
            putCountOrNull(delivery, "duplicated", verdict.duplicated());
            putCountOrNull(delivery, "reordered", verdict.reordered());
            delivery.put("orderingJudged", verdict.orderingJudged());
        }
    }

    private static void putCountOrNull(ObjectNode node, String field, long count) {
        if (count < 0) {
            node.putNull(field);
        } else {
            node.put(field, count);
        }
    }

    /** The max-rate search: the rate found, its bounds, and each window with the search's next move. */
    private static void writeRateSearch(ObjectNode node, DiscoveredRate found) {
        SustainableRate result = found.result();
        node.put("sustainableRate", ResultNumbers.round3(result.rate()));
        if (Double.isInfinite(result.upperBound())) {
            node.putNull("upperBound");
            node.putNull("relativeUncertainty");
        } else {
            node.put("upperBound", ResultNumbers.round3(result.upperBound()));
            node.put("relativeUncertainty", Math.round(result.relativeUncertainty() * 1e5) / 1e5);
        }
        node.put("converged", result.converged());
        node.put("windows", result.windows());
        // false: the run was stopped during the search, and these are the windows measured until then
        node.put("complete", found.complete());
        if (result.boundBy() != null) {
            node.put("boundBy", result.boundBy());
        }
        if (!Double.isNaN(found.probedRate())) {
            node.put("probedRate", ResultNumbers.round3(found.probedRate()));
        }
        ArrayNode steps = node.putArray("steps");
        for (DiscoveredRate.Window window : found.windows()) {
            RateWindow observed = window.observed();
            steps.addObject()
                    .put("targetRate", ResultNumbers.round3(observed.targetRate()))
                    .put("publishRate", ResultNumbers.round3(observed.publishRate()))
                    .put("consumeRate", ResultNumbers.round3(observed.consumeRate()))
                    .put("backlogGrowth", observed.backlogGrowth())
                    .put("backlogAtEnd", observed.backlogAtEnd())
                    .put("seconds", ResultNumbers.round3(observed.seconds()))
                    .put("endToEndLatencyFromIntended99pct", ResultNumbers.round3OrNull(observed.endToEndP99Millis()))
                    .put("endToEndLatencyFromIntended999pct", ResultNumbers.round3OrNull(observed.endToEndP999Millis()))
                    .put("publishLatencyFromIntended99pct", ResultNumbers.round3OrNull(observed.publishP99Millis()))
                    .put("failedSends", observed.failedSends())
                    .put("held", window.held())
                    .put("next", window.next());
        }
    }

}

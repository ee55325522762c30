package io.brokerbench.result.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.databind.JsonNode;
import io.brokerbench.delivery.WindowDelivery;
import io.brokerbench.stats.Metric;
import java.util.List;
import java.util.Map;

/**
 * One run's result file. First every field of OMB's TestResult under OMB's names and units (so
 * OMB's chart and CSV tools read ours, and OMB's files load here with only these set): the
 * workload's shape, one value per measured interval of each rate and latency statistic, and the
 * statistics over the whole measured phase with their quantile curves. Then what OMB lacks, each
 * section a record of its own; sections a run did not have are absent (null here).
 *
 * <p>Latencies are in the metric's result unit: microseconds for the publish delay, milliseconds
 * with microsecond precision for the rest ({@link Metric.ResultUnit}).
 *
 * @param histogramLog the file beside this one with every interval's raw latency histograms (HdrHistogram's
 *     log format, see result.HistogramLog); absent when the run kept none
 * @param existingTopics a run on topics that existed before it ({@code existingTopicList}): each with the
 *     partitions the broker gave it, in the workload's order
 * @param workloadConfig the workload as it was read, echoed: its format is the workload file's
 * @param environment host, versions, local broker, CPU placement: whatever the run knew of where it ran
 * @param faultDelivery in a run with faults, each second of the measured phase with what became of the
 *     messages intended in it (exact per message; absent where messages cannot be placed in time)
 */
public record BenchmarkResult(
        String workload,
        String driver,
        Long messageSize,
        Integer topics,
        Integer partitions,
        Integer producersPerTopic,
        Integer consumersPerTopic,
        List<Double> publishRate,
        List<Double> publishErrorRate,
        List<Double> consumeRate,
        List<Long> backlog,
        @JsonUnwrapped(prefix = "publishLatency") LatencySeries publishLatency,
        @JsonUnwrapped(prefix = "aggregatedPublishLatency") LatencyStats aggregatedPublishLatency,
        @JsonProperty("aggregatedPublishLatencyQuantiles") Map<String, Number> aggregatedPublishLatencyQuantiles,
        @JsonUnwrapped(prefix = "publishDelayLatency") LatencySeries publishDelayLatency,
        @JsonUnwrapped(prefix = "aggregatedPublishDelayLatency") LatencyStats aggregatedPublishDelayLatency,
        @JsonProperty("aggregatedPublishDelayLatencyQuantiles") Map<String, Number> aggregatedPublishDelayLatencyQuantiles,
        @JsonUnwrapped(prefix = "endToEndLatency") LatencySeries endToEndLatency,
        @JsonUnwrapped(prefix = "aggregatedEndToEndLatency") LatencyStats aggregatedEndToEndLatency,
        @JsonProperty("aggregatedEndToEndLatencyQuantiles") Map<String, Number> aggregatedEndToEndLatencyQuantiles,
        @JsonUnwrapped(prefix = "publishLatencyFromIntended") LatencySeries publishLatencyFromIntended,
        @JsonUnwrapped(prefix = "aggregatedPublishLatencyFromIntended") LatencyStats aggregatedPublishLatencyFromIntended,
        @JsonProperty("aggregatedPublishLatencyFromIntendedQuantiles") Map<String, Number> aggregatedPublishLatencyFromIntendedQuantiles,
        @JsonUnwrapped(prefix = "endToEndLatencyFromIntended") LatencySeries endToEndLatencyFromIntended,
        @JsonUnwrapped(prefix = "aggregatedEndToEndLatencyFromIntended") LatencyStats aggregatedEndToEndLatencyFromIntended,
        @JsonProperty("aggregatedEndToEndLatencyFromIntendedQuantiles") Map<String, Number> aggregatedEndToEndLatencyFromIntendedQuantiles,
        String schema,
        String beginTime,
        String endTime,
        Boolean complete,
        String incompleteReason,
        String latencyUnits,
        String endToEndLatencySource,
        MeasuredTotals measured,
        MessageTotals messages,
        @JsonInclude(JsonInclude.Include.NON_NULL) Map<String, Integer> existingTopics,
        @JsonInclude(JsonInclude.Include.NON_NULL) MessageSizeOutcome messageSizes,
        @JsonInclude(JsonInclude.Include.NON_NULL) CountBoundedTimes countBounded,
        @JsonInclude(JsonInclude.Include.NON_NULL) ConsumerOnlyRead consumerOnly,
        @JsonInclude(JsonInclude.Include.NON_NULL) BacklogDrainTimes backlogDrain,
        @JsonInclude(JsonInclude.Include.NON_NULL) RateSearchOutcome rateSearch,
        @JsonInclude(JsonInclude.Include.NON_NULL) List<RatePhaseOutcome> ratePhases,
        @JsonInclude(JsonInclude.Include.NON_NULL) Long faultSeed,
        @JsonInclude(JsonInclude.Include.NON_NULL) List<FaultOutcome> faults,
        @JsonInclude(JsonInclude.Include.NON_NULL) List<FaultTick> faultTimeline,
        @JsonInclude(JsonInclude.Include.NON_NULL) List<WindowDelivery> faultDelivery,
        List<RunEventEntry> events,
        LoadGeneratorCost loadGenerator,
        @JsonInclude(JsonInclude.Include.NON_NULL) LocalBrokerCost localBroker,
        SnapshotTiming coordinatorTiming,
        List<IntervalOutcome> intervals,
        @JsonInclude(JsonInclude.Include.NON_NULL) String histogramLog,
        JsonNode workloadConfig,
        String workloadFile,
        String driverFile,
        String driverClass,
        String driverConfig,
        List<WorkerOutcome> workers,
        Map<String, Object> environment) {

    /** The identifier in {@link #schema} of files written by this version. */
    public static final String SCHEMA = "brokerbench-result/1";

    /** One metric's per-interval series (OMB's fields); its lists are null where the file lacks them. */
    public LatencySeries series(Metric metric) {
        return switch (metric) {
            case PUBLISH_LATENCY -> publishLatency;
            case PUBLISH_DELAY -> publishDelayLatency;
            case END_TO_END -> endToEndLatency;
            case PUBLISH_LATENCY_FROM_INTENDED -> publishLatencyFromIntended;
            case END_TO_END_FROM_INTENDED -> endToEndLatencyFromIntended;
        };
    }

    /** One metric's statistics over the measured phase; its numbers are null where the file lacks them. */
    public LatencyStats aggregated(Metric metric) {
        return switch (metric) {
            case PUBLISH_LATENCY -> aggregatedPublishLatency;
            case PUBLISH_DELAY -> aggregatedPublishDelayLatency;
            case END_TO_END -> aggregatedEndToEndLatency;
            case PUBLISH_LATENCY_FROM_INTENDED -> aggregatedPublishLatencyFromIntended;
            case END_TO_END_FROM_INTENDED -> aggregatedEndToEndLatencyFromIntended;
        };
    }

    /** One metric's quantile curve over the measured phase: percentile level ("99.9") → value; null if absent. */
    public Map<String, Number> quantiles(Metric metric) {
        return switch (metric) {
            case PUBLISH_LATENCY -> aggregatedPublishLatencyQuantiles;
            case PUBLISH_DELAY -> aggregatedPublishDelayLatencyQuantiles;
            case END_TO_END -> aggregatedEndToEndLatencyQuantiles;
            case PUBLISH_LATENCY_FROM_INTENDED -> aggregatedPublishLatencyFromIntendedQuantiles;
            case END_TO_END_FROM_INTENDED -> aggregatedEndToEndLatencyFromIntendedQuantiles;
        };
    }

    /** Our files say whether the run finished; OMB's do not (null). */
    public boolean completed() {
        return Boolean.TRUE.equals(complete);
    }

    /** The whole run's delivery verdict; null where the file has none or the run ended before it. */
    public MessageTotals verifiedMessages() {
        return messages != null && messages.verified() ? messages : null;
    }
}

package io.brokerbench.measurement;

import io.brokerbench.delivery.PhaseVerdict;
import io.brokerbench.delivery.SubscriptionVerdict;
import io.brokerbench.delivery.WindowDelivery;
import io.brokerbench.metrics.MetricSeries;
import io.brokerbench.result.model.FaultOutcome;
import io.brokerbench.result.model.FaultTick;
import io.brokerbench.stats.LatencyHistograms;
import io.brokerbench.worker.DriverSetup;
import io.brokerbench.workload.Workload;
import io.openmessaging.benchmark.driver.BenchmarkDriver.TopicInfo;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Everything one run measured, filled in as the run goes, so an interrupted or failed run still has
 * what it measured up to that point. The result writers (JSON, console, CSV) read it; they never
 * measure anything themselves.
 */
public final class RunRecord {

    private final Workload workload;
    private final String workloadFile;
    private final DriverSetup driver;
    private final Instant begin;
    private final List<IntervalPoint> intervals = new ArrayList<>();
    private final LatencyHistograms aggregated = new LatencyHistograms();
    private final Map<String, Object> environment = new LinkedHashMap<>();
    private final List<WorkerEntry> workers = new ArrayList<>();
    private final List<RunEvent> events = new ArrayList<>();
    private final MetricSeries metrics = new MetricSeries();
    private final CoordinatorTiming coordinatorTiming = new CoordinatorTiming();
    private HistogramSink histograms = HistogramSink.NONE;
    private Instant end;
    private boolean complete;
    private String incompleteReason;
    private RunTotals measured = RunTotals.ZERO;
    private RunTotals whole = RunTotals.ZERO;
    private List<SubscriptionVerdict> verdicts = List.of();
    private boolean verified;
    private long foreignMessages;
    private long negativeLatencies;
    private ProducerTotals producers = ProducerTotals.NONE;
    private long censoredSamples;
    private CountedCompletion completion;
    private BacklogRead backlogRead;
    private BacklogDrain backlogDrain;
    private DiscoveredRate discoveredRate;
    private final List<RatePhaseSummary> ratePhases = new ArrayList<>();
    private Long faultSeed;
    private List<FaultOutcome> faults;
    private List<FaultTick> faultTimeline;
    private long faultsFromEpochMicros;
    private List<WindowDelivery> faultDelivery;
    private Map<String, Integer> existingTopics;
    private Long payloadSeed;

    public RunRecord(Workload workload, String workloadFile, DriverSetup driver, Instant begin) {
        this.workload = workload;
        this.workloadFile = workloadFile;
        this.driver = driver;
        this.begin = begin;
    }

    public Workload workload() {
        return workload;
    }

    /**
     * The workload's faults as they happened and the snapshots that judged them; the seed that drew
     * random targets; when the measured phase began, which the faults' times count from (epoch µs).
     */
    public void faults(long seed, List<FaultOutcome> outcomes, List<FaultTick> timeline, long measureStartEpochMicros) {
        this.faultSeed = seed;
        this.faults = List.copyOf(outcomes);
        this.faultTimeline = List.copyOf(timeline);
        this.faultsFromEpochMicros = measureStartEpochMicros;
    }

    /** When the measured phase of a run with faults began (epoch µs); 0 without faults. */
    public long faultsFromEpochMicros() {
        return faultsFromEpochMicros;
    }

    /** Each fault with what became of the messages of its window, and the same for each second of the measured phase. */
    public void faultDelivery(List<FaultOutcome> outcomes, List<WindowDelivery> perSecond) {
        this.faults = List.copyOf(outcomes);
        this.faultDelivery = List.copyOf(perSecond);
    }

    /** Null unless a run with faults had its delivery placed in time. */
    public List<WindowDelivery> faultDelivery() {
        return faultDelivery;
    }

    /** Null for a run without faults. */
    public Long faultSeed() {
        return faultSeed;
    }

    /** Null for a run without faults. */
    public List<FaultOutcome> faults() {
        return faults;
    }

    /** Null for a run without faults. */
    public List<FaultTick> faultTimeline() {
        return faultTimeline;
    }

    /** The workload's existing topics and the partitions the broker gave each, in its order. */
    public void existingTopics(List<TopicInfo> topics) {
        Map<String, Integer> partitions = new LinkedHashMap<>();
        topics.forEach(topic -> partitions.put(topic.getTopic(), topic.getPartitions()));
        this.existingTopics = Collections.unmodifiableMap(partitions);
    }

    /** Null for a run on topics of its own. */
    public Map<String, Integer> existingTopics() {
        return existingTopics;
    }

    public String workloadFile() {
        return workloadFile;
    }

    public DriverSetup driver() {
        return driver;
    }

    public Instant begin() {
        return begin;
    }

    public Instant end() {
        return end;
    }

    public boolean complete() {
        return complete;
    }

    /** Why the run is incomplete, or null. */
    public String incompleteReason() {
        return incompleteReason;
    }

    public List<IntervalPoint> intervals() {
        return Collections.unmodifiableList(intervals);
    }

    /** Intervals of one phase only (the result's time series use the measured ones). */
    public List<IntervalPoint> intervals(IntervalPoint.Phase phase) {
        return intervals.stream().filter(p -> p.phase() == phase).toList();
    }

    /** Latency histograms over the measured phase (and the drain that follows it). */
    public LatencyHistograms aggregated() {
        return aggregated;
    }

    /** Messages sent and received during the measured phase, and its length. */
    public long measuredSent() {
        return measured.sent();
    }

    public long measuredAcked() {
        return measured.acked();
    }

    public long measuredReceived() {
        return measured.received();
    }

    public long measuredPublishErrors() {
        return measured.publishErrors();
    }

    public double measuredSeconds() {
        return measured.seconds();
    }

    public double measuredProcessCpuSeconds() {
        return measured.processCpuSeconds();
    }

    public double measuredLoadThreadCpuSeconds() {
        return measured.loadThreadCpuSeconds();
    }

    /** CPU time recording the metrics took during the measured phase (workers and coordinator). */
    public double measuredRecordingCpuSeconds() {
        return measured.recordingCpuSeconds();
    }

    /** That recording CPU as a percentage of the client process's CPU in the measured phase; 0 without CPU. */
    public double measuredRecordingCpuPercent() {
        return measured.processCpuSeconds() > 0 ? 100 * measured.recordingCpuSeconds() / measured.processCpuSeconds() : 0;
    }

    /** Totals over the whole run (warm-up and drain included), the basis of delivery verification. */
    public long totalSent() {
        return whole.sent();
    }

    public long totalReceived() {
        return whole.received();
    }

    public long totalPublishErrors() {
        return whole.publishErrors();
    }

    public List<SubscriptionVerdict> verdicts() {
        return verdicts;
    }

    /** Due, sent, failed and unacknowledged messages over all producers, known after verification. */
    public ProducerTotals producers() {
        return producers;
    }

    /** Latency samples added for messages that never completed (see the run's censoring). */
    public long censoredSamples() {
        return censoredSamples;
    }

    /**
     * Whether every message due was sent, acknowledged and received exactly once by every
     * subscription (in order where judged). A run whose sends failed, or that gave up on messages
     * still unsent or unacknowledged, did not deliver what it was asked to. Where no subscription is
     * judged ({@link #judgesSubscriptions}) this holds the producers' side only: the result then leaves
     * the verdicts out rather than call such a run delivered.
     */
    public boolean deliveredCleanly() {
        return producers.complete() && sentDeliveredCleanly();
    }

    /**
     * Whether the run got as far as judging delivery (for messages too small for the header, only the
     * producers' side). A run that ended before (a failed setup, a killed worker, Ctrl-C) judged
     * nothing, so neither verdict above may be read as "clean".
     */
    public boolean verified() {
        return verified;
    }

    /**
     * Whether every message that was sent was acknowledged and received exactly once by every
     * subscription (in order where judged). When this holds but {@link #deliveredCleanly} does not,
     * the only fault is that producers fell behind their schedule: the rate was not held, and nothing
     * the broker was given went missing.
     */
    public boolean sentDeliveredCleanly() {
        return verified && producers.settled() && verdicts.stream().allMatch(SubscriptionVerdict::clean);
    }

    /**
     * Whether delivery is judged at subscriptions: not in a producer-only run (no subscription sees the
     * messages arrive, so only the broker's acknowledgements are known) nor in a consumer-only run (the
     * messages read are not the run's, so there is nothing they can be checked against).
     */
    public boolean judgesSubscriptions() {
        return !workload.isProducerOnly() && !workload.isConsumerOnly();
    }

    public long foreignMessages() {
        return foreignMessages;
    }

    public long negativeLatencies() {
        return negativeLatencies;
    }

    /** Host, versions, local broker: whatever the caller knows about where the run ran. */
    public Map<String, Object> environment() {
        return environment;
    }

    /** The workers in the coordinator's order, with their roles (and clocks, in a distributed run). */
    public List<WorkerEntry> workers() {
        return workers;
    }

    /** The entry of the worker with this id, or null. */
    public WorkerEntry worker(String id) {
        return workers.stream().filter(w -> w.getId().equals(id)).findFirst().orElse(null);
    }

    /** What the machines and clients did, one entry per interval (in step with {@link #intervals()}). */
    public MetricSeries metrics() {
        return metrics;
    }

    /** What the run noticed as it went (stalls, failures), in order. */
    /** What the max-rate search found; null when the workload did not ask for one. */
    public DiscoveredRate discoveredRate() {
        return discoveredRate;
    }

    public void discoveredRate(DiscoveredRate found) {
        this.discoveredRate = found;
    }

    /** The workload's rate phases, each summed up on its own; empty for a run at one rate. */
    public List<RatePhaseSummary> ratePhases() {
        return Collections.unmodifiableList(ratePhases);
    }

    public void addRatePhase(RatePhaseSummary summary) {
        ratePhases.add(summary);
    }

    /** Each rate phase's delivery verdict, in the order of {@link #ratePhases()}. */
    public void ratePhaseVerdicts(List<PhaseVerdict> phaseVerdicts) {
        for (int i = 0; i < ratePhases.size(); i++) {
            ratePhases.set(i, ratePhases.get(i).judged(phaseVerdicts.get(i)));
        }
    }

    /** Where the run's raw latency histograms go as they are measured; {@link HistogramSink#NONE} by default. */
    public HistogramSink histograms() {
        return histograms;
    }

    public void histograms(HistogramSink sink) {
        this.histograms = sink;
    }

    /** Whether the coordinator gathered the workers' snapshots on time. */
    public CoordinatorTiming coordinatorTiming() {
        return coordinatorTiming;
    }

    public List<RunEvent> events() {
        return Collections.unmodifiableList(events);
    }

    /** A count-bounded run's publish and consume times; null for a timed run (or one that ended before). */
    public CountedCompletion completion() {
        return completion;
    }

    /** How the consumer backlog or start-up burst drained; null when there was none (or the run ended before). */
    public BacklogDrain backlogDrain() {
        return backlogDrain;
    }

    public void completion(CountedCompletion completion) {
        this.completion = completion;
    }

    /** The seed the run's randomized payloads were drawn with (with a size distribution, also their order). */
    public void payloadSeed(long seed) {
        this.payloadSeed = seed;
    }

    /** Null when not recorded. */
    public Long payloadSeed() {
        return payloadSeed;
    }

    /** Null unless the run is consumer-only. */
    public BacklogRead backlogRead() {
        return backlogRead;
    }

    public void backlogRead(BacklogRead read) {
        this.backlogRead = read;
    }

    public void backlogDrain(BacklogDrain drain) {
        this.backlogDrain = drain;
    }

    public void addEvent(double elapsedSeconds, String text) {
        events.add(new RunEvent(elapsedSeconds, text));
    }

    public void addInterval(IntervalPoint point) {
        intervals.add(point);
        metrics.closeInterval(point.seconds());
    }

    public void measured(RunTotals totals) {
        this.measured = totals;
    }

    public void whole(RunTotals totals) {
        this.whole = totals;
    }

    public void verdicts(List<SubscriptionVerdict> verdicts, long foreign, long negative) {
        this.verdicts = List.copyOf(verdicts);
        this.verified = true;
        this.foreignMessages = foreign;
        this.negativeLatencies = negative;
    }

    public void producers(ProducerTotals totals, long censored) {
        this.producers = totals;
        this.censoredSamples = censored;
    }

    public void finish(Instant end, boolean complete, String incompleteReason) {
        this.end = end;
        this.complete = complete;
        this.incompleteReason = incompleteReason;
    }
}

package io.brokerbench.workload;

import com.fasterxml.jackson.annotation.JacksonInject;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.brokerbench.capacity.SearchObjectives;
import io.brokerbench.yaml.FieldException;
import io.brokerbench.yaml.Range;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One benchmark workload: the keys of OpenMessaging Benchmark's workload YAML with OMB's meanings
 * and defaults, then second-granularity durations and a reporting interval of our own. Each key is
 * declared here once, with its default and bounds; checks of one key against another are in the
 * constructor. {@link WorkloadLoader} reads files into it; serialized with Jackson it gives the
 * workload back as YAML keys (each duration in the form it was given).
 *
 * @param name default: the file's name without extension
 * @param randomBytesRatio share of each randomized payload that is random; the rest is zeros (OMB's compression knob)
 * @param payloadFile as written in the file; not used (nor checked) when payloads are randomized, as in OMB
 * @param producerRate messages per second for the whole workload, across all producers; 0 (OMB's meaning) searches
 *     for the highest rate the broker sustains and measures at it, unless {@code unthrottled}
 * @param unthrottled with producerRate 0: publish as fast as possible instead of searching
 * @param rateSearchWindowSeconds how long the max-rate search measures each rate it tries; default the shorter
 *     of 10 s and the reporting interval (shorter windows answer sooner and spread more: docs/benchmarks.md)
 * @param rateSearchStartRate the first rate the max-rate search tries, messages per second over all producers,
 *     when it does not probe first ({@code rateSearchProbeSeconds: 0})
 * @param rateSearchProbeSeconds how long the max-rate search first publishes as fast as it can, to warm the
 *     broker and the client up and to start near their ceiling; default the warm-up's duration, at least two
 *     search windows; 0 starts cold at {@code rateSearchStartRate}
 * @param rateSearchObjectives what a rate must also meet for the search to count it as held (latency
 *     percentiles, backlog, failed sends); absent, none
 * @param producerStartRate with producerIncrementRate and producerIncrementSeconds (OMB forks' keys): the
 *     measured phase starts at this rate and steps up by producerIncrementRate every producerIncrementSeconds,
 *     up to producerRate when that is set; each step is reported as a phase
 * @param phases the measured phase as a sequence of rates and ramps (instead of a test duration), each
 *     reported on its own
 * @param startupBurstMessages messages (over all producers) published at once when the load starts, with the
 *     consumers closed until all are acknowledged; the consumers then read them from where they stopped
 * @param maxOutstandingPerProducer messages a producer may have awaiting acknowledgement before it waits; 1 makes
 *     every send synchronous; default the run's in-flight limit
 * @param consumerBacklogSizeGB OMB's field is whole gigabytes; a fraction (0.01 = ~10 MB) lets a backlog test finish in seconds
 * @param backlogDrainRatio share of the built-up backlog that must be drained before the test may end (1 = all of it)
 * @param testDurationMinutes as written (one of the two forms is required)
 * @param warmupDurationMinutes as written; when neither form is given, OMB's default of one minute
 * @param warmupDurationSeconds as written; 0 seconds means no warm-up
 * @param reportingIntervalSeconds default 10 s, shortened to the test duration for shorter tests so every test
 *     reports at least one interval
 * @param testMessages count-bounded run: publish exactly this many messages over all producers (split evenly, the
 *     remainder one each to the first producers), then wait until all are consumed; the run has no warm-up and
 *     the duration keys are not used (so one option can turn a timed workload into a counted one)
 * @param sweep a rate sweep: one run of this workload per target rate, one result with a step each (see {@link RateSweep})
 * @param faults faults put on nodes of the local cluster during the measured phase, in time order (see {@link FaultSpec})
 * @param faultSeed the seed that draws {@code random} fault targets (default: one drawn and recorded with the result)
 * @param messageSize bytes per message; absent with {@code messageSizeDistribution}
 * @param messageSizeDistribution sizes with weights instead of one {@code messageSize}: the randomized pool's
 *     payloads are shared out among the sizes by weight (see {@link MessageSizes}), in an order the payload seed
 *     shuffles
 * @param payloadSeed seeds a randomized pool (its bytes, and with a distribution the order of its sizes); default:
 *     one drawn, and recorded with a distribution's result
 * @param existingTopicList topics that already exist (the key of Redpanda's OMB fork), used instead of topics
 *     the run creates: none is created or deleted, {@code topics} is their number (0 or absent in the file, as
 *     in that fork), and each has the partitions the broker gave it ({@code partitionsPerTopic}, when given, is
 *     only compared with those)
 * @param payloadLocator where payloadFile is looked up; from the loader, not the file
 * @param ignoredKeys keys of OMB variants (backlog pauses, ...) that this harness does not implement, as
 *     written: accepted so those files load, reported so the user is told; from the loader, not the file
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Workload(
        String name,
        @Range(min = 0) int topics,
        @Range(min = 0) int partitionsPerTopic,
        @JsonProperty(defaultValue = "NO_KEY") KeyDistributorType keyDistributor,
        @Range(min = 0) int messageSize,
        boolean useRandomizedPayloads,
        @Range(min = 0, max = 1) double randomBytesRatio,
        @Range(min = 0) int randomizedPayloadPoolSize,
        String payloadFile,
        @Range(min = 0) int subscriptionsPerTopic,
        @Range(min = 0) int producersPerTopic,
        @Range(min = 0) int consumerPerSubscription,
        @Range(min = 0) double producerRate,
        boolean unthrottled,
        @Range(min = 1) Integer rateSearchWindowSeconds,
        @JsonProperty(defaultValue = "10000") @Range(min = 1) double rateSearchStartRate,
        @Range(min = 0) Integer rateSearchProbeSeconds,
        @JsonInclude(value = JsonInclude.Include.CUSTOM, valueFilter = EmptySection.class) SearchObjectives rateSearchObjectives,
        @Range(min = 1) Integer maxOutstandingPerProducer,
        @Range(min = 0) long startupBurstMessages,
        Double producerStartRate,
        Double producerIncrementRate,
        @Range(min = 1) Integer producerIncrementSeconds,
        List<RatePhase> phases,
        @Range(min = 0) double consumerBacklogSizeGB,
        @JsonProperty(defaultValue = "1") @Range(min = 0, max = 1) double backlogDrainRatio,
        @Range(min = 1) Integer testDurationMinutes,
        @Range(min = 0) Integer warmupDurationMinutes,
        @Range(min = 1) Integer testDurationSeconds,
        @Range(min = 0) Integer warmupDurationSeconds,
        @Range(min = 1) Integer reportingIntervalSeconds,
        @Range(min = 1) Long testMessages,
        @JsonInclude(value = JsonInclude.Include.CUSTOM, valueFilter = EmptySection.class) RateSweep sweep,
        List<FaultSpec> faults,
        Long faultSeed,
        List<String> existingTopicList,
        List<SizeWeight> messageSizeDistribution,
        Long payloadSeed,
        @JacksonInject(Workload.PAYLOAD_LOCATOR) @JsonIgnore PayloadLocator payloadLocator,
        @JacksonInject(Workload.IGNORED_KEYS) @JsonIgnore Map<String, String> ignoredKeys) {

    static final String PAYLOAD_LOCATOR = "payloadLocator";
    static final String IGNORED_KEYS = "ignoredKeys";

    /** A randomized pool larger than this would exhaust a default-sized heap before the run starts. */
    private static final long MAX_POOL_BYTES = 1L << 30;
    private static final int DEFAULT_REPORTING_INTERVAL_SECONDS = 10;
    /** Measured beside 2 s: the rate found spreads no more than the unthrottled maximum (docs/benchmarks.md). */
    private static final int DEFAULT_RATE_SEARCH_WINDOW_SECONDS = 10;

    public Workload {
        if (name.isBlank()) {
            throw new FieldException("name", name, "must not be empty");
        }
        if (existingTopicList != null) {
            existingTopicList = checkExistingTopics(existingTopicList, topics);
            topics = existingTopicList.size();
        } else if (topics == 0) {
            throw new FieldException("topics", topics, "must be at least 1 (missing or 0 only with 'existingTopicList')");
        } else if (partitionsPerTopic == 0) {
            throw new FieldException("partitionsPerTopic", partitionsPerTopic,
                    "must be at least 1 (missing or 0 only with 'existingTopicList': the broker's count is used)");
        }
        checkShape(subscriptionsPerTopic, producersPerTopic, consumerPerSubscription, consumerBacklogSizeGB,
                existingTopicList != null);
        if (messageSizeDistribution != null) {
            messageSizeDistribution = checkDistribution(messageSizeDistribution, messageSize, useRandomizedPayloads,
                    randomizedPayloadPoolSize);
        } else if (messageSize == 0) {
            throw new FieldException("messageSize", messageSize,
                    "must be at least 1 (missing or 0 only with 'messageSizeDistribution')");
        }
        if (useRandomizedPayloads) {
            checkPool(randomizedPayloadPoolSize, messageSizeDistribution == null ? messageSize
                    : MessageSizes.of(messageSizeDistribution, randomizedPayloadPoolSize).largest());
        } else if (payloadFile == null) {
            throw FieldException.wholeValue("no payload: give 'payloadFile' or set 'useRandomizedPayloads: true'");
        } else if (payloadFile.isBlank()) {
            throw new FieldException("payloadFile", payloadFile, "must not be empty");
        } else {
            payloadLocator.check(payloadFile, messageSize);
        }
        oneForm("testDurationMinutes", testDurationMinutes, "testDurationSeconds", testDurationSeconds);
        oneForm("warmupDurationMinutes", warmupDurationMinutes, "warmupDurationSeconds", warmupDurationSeconds);
        if (phases != null) {
            phases = checkPhases(phases, testDurationMinutes, testDurationSeconds, producerStartRate, consumerBacklogSizeGB);
        } else if (testDurationMinutes == null && testDurationSeconds == null && testMessages == null) {
            throw FieldException.wholeValue(
                    "missing required field 'testDurationMinutes' (or 'testDurationSeconds', or 'testMessages')");
        }
        if (warmupDurationMinutes == null && warmupDurationSeconds == null && testMessages == null && producersPerTopic > 0) {
            warmupDurationMinutes = 1;
        }
        long testSeconds = testMessages != null ? Long.MAX_VALUE
                : phases != null ? phases.stream().mapToLong(RatePhase::durationSeconds).sum()
                : testDurationSeconds != null ? testDurationSeconds : testDurationMinutes * 60L;
        checkIncrements(producerStartRate, producerIncrementRate, producerIncrementSeconds, consumerBacklogSizeGB);
        if (reportingIntervalSeconds == null) {
            reportingIntervalSeconds = (int) Math.min(DEFAULT_REPORTING_INTERVAL_SECONDS, testSeconds);
        } else if (reportingIntervalSeconds > testSeconds) {
            throw new FieldException("reportingIntervalSeconds", reportingIntervalSeconds,
                    "longer than the test duration (" + testSeconds + " s), so no interval would be reported");
        }
        if (testMessages != null && (phases != null || producerStartRate != null)) {
            throw new FieldException("testMessages", testMessages,
                    "a count-bounded run publishes at one rate: give 'testMessages' or rate phases, not both");
        }
        if (sweep.wanted() && (phases != null || producerStartRate != null)) {
            throw FieldException.wholeValue(
                    "each sweep step publishes at one rate: give 'sweep' or rate phases ('phases', 'producerStartRate'), not both");
        }
        if (sweep.wanted() && testMessages != null) {
            throw new FieldException("testMessages", testMessages, "a sweep's steps are timed runs: give 'sweep' or 'testMessages', not both");
        }
        if (sweep.wanted() && consumerBacklogSizeGB > 0) {
            throw new FieldException("consumerBacklogSizeGB", consumerBacklogSizeGB,
                    "a sweep measures live load at each rate: give 'sweep' or a backlog, not both");
        }
        if (sweep.wanted() && unthrottled) {
            throw new FieldException("unthrottled", true, "a sweep publishes at each step's rate (and searches for its"
                    + " maximum with percentOfMax and no maxRate): give 'sweep' or 'unthrottled', not both");
        }
        if (producersPerTopic == 0) {
            checkConsumerOnly(producerRate, unthrottled, testMessages, phases, producerStartRate, sweep, consumerBacklogSizeGB,
                    startupBurstMessages, faults, warmupDurationMinutes, warmupDurationSeconds);
        } else {
            checkRateSearch(producerRate, unthrottled, consumerBacklogSizeGB);
        }
        if (startupBurstMessages > 0 && (consumerBacklogSizeGB > 0 || (producerRate == 0 && phases == null
                && producerStartRate == null))) {
            throw new FieldException("startupBurstMessages", startupBurstMessages, "needs a producer rate (producerRate,"
                    + " phases or producerStartRate) and no consumerBacklogSizeGB");
        }
        if (rateSearchWindowSeconds == null) {
            rateSearchWindowSeconds = Math.min(DEFAULT_RATE_SEARCH_WINDOW_SECONDS, reportingIntervalSeconds);
        }
        if (faults != null && !faults.isEmpty() && existingTopicList != null) {
            throw new FieldException("faults", faults.size() + " fault(s)", "not with 'existingTopicList': faults are put"
                    + " on the local cluster the harness started, whose topics are the run's own");
        }
        if (faults != null) {
            faults = checkFaults(faults, testSeconds, testMessages, sweep, producerRate, phases, producerStartRate);
        } else if (faultSeed != null) {
            throw new FieldException("faultSeed", faultSeed, "draws 'random' fault targets, but the workload has no 'faults'");
        }

        ignoredKeys = Collections.unmodifiableMap(new LinkedHashMap<>(ignoredKeys));
    }

    /**
     * Leaves an absent section (a sweep, search objectives: the loader fills absent ones with empty
     * values) out of the workload as written back (Jackson's filter: equal means excluded).
     */
    static final class EmptySection {
        @Override
        public boolean equals(Object value) {
            return value instanceof RateSweep sweep && !sweep.wanted()
                    || value instanceof SearchObjectives objectives && !objectives.any();
        }

        @Override
        public int hashCode() {
            return 0;
        }
    }

    /** Names given once each, none blank; {@code topics} as Redpanda's fork has it (0 or absent) or their number. */
    private static List<String> checkExistingTopics(List<String> names, int topics) {
        if (names.isEmpty()) {
            throw new FieldException("existingTopicList", "[]", "names no topic: give at least one, or leave it out");
        }
        for (int i = 0; i < names.size(); i++) {
            String topic = names.get(i);
            if (topic == null || topic.isBlank()) {
                throw new FieldException("existingTopicList[" + i + "]", topic, "must name a topic");
            }
            if (names.indexOf(topic) != i) {
                throw new FieldException("existingTopicList[" + i + "]", topic, "named twice");
            }
        }
        if (topics != 0 && topics != names.size()) {
            throw new FieldException("topics", topics, "'existingTopicList' names " + names.size()
                    + " topic(s): leave 'topics' out (or 0), the list decides");
        }
        return List.copyOf(names);
    }

    /**
     * A run may lack one side: producers only (no subscriptions: the broker's acknowledgements are all
     * that is judged), or consumers only, which read what topics that exist already hold.
     */
    private static void checkShape(int subscriptions, int producers, int consumers, double backlogGB,
            boolean existingTopics) {
        if (producers == 0 && subscriptions == 0) {
            throw FieldException.wholeValue(
                    "nothing to run: producersPerTopic and subscriptionsPerTopic are both 0 (or missing)");
        }
        if (producers == 0 && !existingTopics) {
            throw new FieldException("producersPerTopic", 0, "no producers, so the " + subscriptions
                    + " subscription(s) per topic would never receive a message (a consumer-only run reads topics"
                    + " named in 'existingTopicList')");
        }
        if (subscriptions > 0 && consumers == 0) {
            throw new FieldException("consumerPerSubscription", 0, "must be at least 1 when "
                    + "subscriptionsPerTopic is " + subscriptions + " (OMB's default is 0, so set it)");
        }
        if (backlogGB > 0 && subscriptions == 0) {
            throw new FieldException("consumerBacklogSizeGB", backlogGB,
                    "a backlog needs subscriptions to build up in, but subscriptionsPerTopic is 0");
        }
    }

    /**
     * Faults happen inside the measured phase of a timed run at a known rate: a fault's figures (its
     * unavailability, when the rate held again) are judged against the rate the producers were due to keep.
     */
    private static List<FaultSpec> checkFaults(List<FaultSpec> faults, long testSeconds, Long testMessages,
            RateSweep sweep, double producerRate, List<RatePhase> phases, Double producerStartRate) {
        if (faults.isEmpty()) {
            return null;
        }
        if (testMessages != null) {
            throw new FieldException("faults", faults.size() + " fault(s)", "a count-bounded run has no measured phase"
                    + " of known length to place a fault in: give a test duration");
        }
        if (sweep.wanted()) {
            throw new FieldException("faults", faults.size() + " fault(s)", "not with 'sweep': fault one run at one rate");
        }
        if (producerRate == 0 && phases == null && producerStartRate == null) {
            throw new FieldException("faults", faults.size() + " fault(s)", "needs a producer rate: a fault's"
                    + " unavailability and recovery are judged against the rate the producers were due to keep");
        }
        for (int i = 0; i < faults.size(); i++) {
            if (faults.get(i).atSeconds() >= testSeconds) {
                throw new FieldException("faults[" + i + "].atSeconds", faults.get(i).atSeconds(),
                        "not inside the measured phase (its " + testSeconds + " s): a fault must happen while the run measures");
            }
        }
        List<FaultSpec> sorted = new ArrayList<>(faults);
        sorted.sort(Comparator.comparingDouble(FaultSpec::atSeconds));
        return List.copyOf(sorted);
    }

    private static List<RatePhase> checkPhases(List<RatePhase> phases, Integer testMinutes, Integer testSeconds,
            Double startRate, double backlogGB) {
        if (phases.isEmpty()) {
            throw new FieldException("phases", "[]", "needs at least one phase");
        }
        if (testMinutes != null || testSeconds != null) {
            throw new FieldException(testMinutes != null ? "testDurationMinutes" : "testDurationSeconds",
                    testMinutes != null ? testMinutes : testSeconds, "give either a test duration or 'phases' (whose"
                    + " durations add up to the test's), not both");
        }
        if (startRate != null) {
            throw new FieldException("producerStartRate", startRate, "give either 'phases' or the producerStartRate"
                    + " ramp, not both");
        }
        if (backlogGB > 0) {
            throw new FieldException("consumerBacklogSizeGB", backlogGB, "not with 'phases': a backlog test runs at one rate");
        }
        return List.copyOf(phases);
    }

    private static void checkIncrements(Double start, Double increment, Integer seconds, double backlogGB) {
        if (start == null && increment == null && seconds == null) {
            return;
        }
        if (start == null || increment == null || seconds == null) {
            throw FieldException.wholeValue("producerStartRate, producerIncrementRate and producerIncrementSeconds"
                    + " go together: give all three");
        }
        if (!(start > 0)) {
            throw new FieldException("producerStartRate", start, "must be above 0");
        }
        if (!(increment >= 0)) {
            throw new FieldException("producerIncrementRate", increment, "must be at least 0");
        }
        if (backlogGB > 0) {
            throw new FieldException("consumerBacklogSizeGB", backlogGB,
                    "not with producerStartRate: a backlog test runs at one rate");
        }
    }

    /**
     * A consumer-only run reads what its topics hold from the start, so every message read is measured (no
     * warm-up), and it has no load to shape: no rate, count, phases, sweep, backlog, burst or faults.
     */
    private static void checkConsumerOnly(double producerRate, boolean unthrottled, Long testMessages,
            List<RatePhase> phases, Double producerStartRate, RateSweep sweep, double backlogGB, long burst,
            List<FaultSpec> faults, Integer warmupMinutes, Integer warmupSeconds) {
        String why = "a consumer-only run (producersPerTopic 0) publishes nothing";
        if (producerRate > 0 || unthrottled) {
            throw new FieldException(producerRate > 0 ? "producerRate" : "unthrottled", producerRate > 0 ? producerRate : true,
                    why + ": leave it out");
        }
        if (testMessages != null) {
            throw new FieldException("testMessages", testMessages, why + ": it reads until its topics are drained");
        }
        if (phases != null || producerStartRate != null) {
            throw new FieldException(phases != null ? "phases" : "producerStartRate", phases != null ? "(list)" : producerStartRate,
                    why + ": no rate phases");
        }
        if (sweep.wanted()) {
            throw FieldException.wholeValue("'sweep': " + why + ", so there is no rate to sweep");
        }
        if (backlogGB > 0 || burst > 0) {
            throw new FieldException(backlogGB > 0 ? "consumerBacklogSizeGB" : "startupBurstMessages",
                    backlogGB > 0 ? backlogGB : burst, why + ": the backlog is what the existing topics hold");
        }
        if (faults != null && !faults.isEmpty()) {
            throw new FieldException("faults", faults.size() + " fault(s)", why + ": faults are judged against a producer rate");
        }
        if (warmupMinutes != null && warmupMinutes > 0 || warmupSeconds != null && warmupSeconds > 0) {
            throw new FieldException(warmupMinutes != null ? "warmupDurationMinutes" : "warmupDurationSeconds",
                    warmupMinutes != null ? warmupMinutes : warmupSeconds,
                    why + ": every message read is measured, so it has no warm-up (0, or leave it out)");
        }
    }

    private static void checkRateSearch(double producerRate, boolean unthrottled, double backlogGB) {
        if (unthrottled && producerRate > 0) {
            throw new FieldException("unthrottled", true, "only with producerRate 0 (or absent), not with producerRate "
                    + producerRate);
        }
        if (backlogGB > 0 && producerRate == 0 && !unthrottled) {
            throw new FieldException("consumerBacklogSizeGB", backlogGB, "a backlog needs a fixed producerRate (as in OMB):"
                    + " producerRate 0 searches for the maximum rate; set 'unthrottled: true' to publish as fast as possible");
        }
    }

    /** Sizes in place of {@code messageSize}, for randomized payloads; each weight must earn a payload of the pool. */
    private static List<SizeWeight> checkDistribution(List<SizeWeight> distribution, int messageSize, boolean randomized,
            int pool) {
        if (messageSize != 0) {
            throw new FieldException("messageSize", messageSize, "give either 'messageSize' or 'messageSizeDistribution',"
                    + " not both");
        }
        if (!randomized) {
            throw new FieldException("messageSizeDistribution", distribution.size() + " size(s)",
                    "needs 'useRandomizedPayloads: true' (a payload file has one size)");
        }
        if (pool < 1) {
            throw new FieldException("randomizedPayloadPoolSize", pool, "must be at least 1 when useRandomizedPayloads is true");
        }
        MessageSizes.of(distribution, pool);
        return List.copyOf(distribution);
    }

    private static void checkPool(int pool, int messageSize) {
        if (pool < 1) {
            throw new FieldException("randomizedPayloadPoolSize", pool,
                    "must be at least 1 when useRandomizedPayloads is true");
        }
        if ((long) pool * messageSize > MAX_POOL_BYTES) {
            throw new FieldException("randomizedPayloadPoolSize", pool, "a pool of " + pool
                    + " payloads of " + messageSize + " bytes would take more than 1 GiB of memory");
        }
    }

    private static void oneForm(String minutesKey, Integer minutes, String secondsKey, Integer seconds) {
        if (minutes != null && seconds != null) {
            throw new FieldException(secondsKey, seconds,
                    "give either '" + minutesKey + "' (= " + minutes + ") or '" + secondsKey + "', not both");
        }
    }

    /** How a {@code messageSizeDistribution} shares out the randomized pool; null without one. */
    @JsonIgnore
    public MessageSizes messageSizes() {
        return messageSizeDistribution == null ? null : MessageSizes.of(messageSizeDistribution, randomizedPayloadPoolSize);
    }

    /** Bytes per message on average: {@code messageSize}, or the mean of a distribution's pool. */
    @JsonIgnore
    public double meanMessageSize() {
        return messageSizeDistribution == null ? messageSize : messageSizes().mean();
    }

    /** The smallest message: whether every message is large enough for the header. */
    @JsonIgnore
    public int smallestMessageSize() {
        return messageSizeDistribution == null ? messageSize : messageSizes().smallest();
    }

    /** The payload file on this machine; null when payloads are randomized. */
    public Path payloadPath() {
        return useRandomizedPayloads ? null : payloadLocator.locate(payloadFile);
    }

    /** What kind of run this workload asks for (see {@link RunShape}). */
    @JsonIgnore
    public RunShape shape() {
        if (isConsumerOnly()) {
            return new RunShape.ConsumerOnly(testDuration());
        }
        if (testMessages != null) {
            // at rate 0 it publishes its messages as fast as it can: there is no time to search in
            return new RunShape.CountBounded(testMessages, producerRate);
        }
        if (phases != null || producerStartRate != null) {
            List<RatePhase> steps = ratePhases();
            return steps.isEmpty() ? new RunShape.Timed(producerRate) : new RunShape.Phased(steps);
        }
        if (producerRate == 0 && !unthrottled) {
            return new RunShape.Searched(rateSearchStartRate, rateSearchWindow(), rateSearchProbe(), searchObjectives());
        }
        return new RunShape.Timed(producerRate);
    }

    /** Whether the run searches for the highest sustainable rate (OMB's producerRate 0) before it measures. */
    @JsonIgnore
    public boolean searchesMaxRate() {
        return shape() instanceof RunShape.Searched;
    }

    /**
     * The measured phase as rate phases: the {@code phases} key, or the steps of the producerStartRate
     * ramp (one phase per step, the rate capped at producerRate); empty for a run at one rate.
     */
    @JsonIgnore
    public List<RatePhase> ratePhases() {
        if (phases != null) {
            return phases;
        }
        if (producerStartRate == null) {
            return List.of();
        }
        long total = testDuration().toSeconds();
        double cap = producerRate > 0 ? producerRate : Double.POSITIVE_INFINITY;
        List<RatePhase> steps = new ArrayList<>();
        for (long at = 0; at < total; at += producerIncrementSeconds) {
            double rate = Math.min(cap, producerStartRate + producerIncrementRate * steps.size());
            int seconds = (int) Math.min(producerIncrementSeconds, total - at);
            if (!steps.isEmpty() && steps.get(steps.size() - 1).rate() == rate) {
                // capped: the rest of the test is one phase at producerRate
                RatePhase last = steps.remove(steps.size() - 1);
                steps.add(RatePhase.constant(last.name(), last.durationSeconds() + seconds, rate));
            } else {
                steps.add(RatePhase.constant(String.format(Locale.ROOT, "step %d: %,.0f msg/s", steps.size() + 1, rate),
                        seconds, rate));
            }
        }
        return steps;
    }

    public Duration rateSearchWindow() {
        return Duration.ofSeconds(rateSearchWindowSeconds);
    }

    /**
     * How long the max-rate search probes at full speed before it searches: {@code rateSearchProbeSeconds},
     * or by default the warm-up's duration (what warms a broker up at the rate found warms it up at its
     * ceiling too), and at least two windows so the probe has a throughput to report.
     */
    public Duration rateSearchProbe() {
        if (rateSearchProbeSeconds != null) {
            return Duration.ofSeconds(rateSearchProbeSeconds);
        }
        Duration twoWindows = rateSearchWindow().multipliedBy(2);
        return warmupDuration().compareTo(twoWindows) > 0 ? warmupDuration() : twoWindows;
    }

    /** The search's objectives; none when the workload sets none. */
    public SearchObjectives searchObjectives() {
        return rateSearchObjectives == null || !rateSearchObjectives.any() ? SearchObjectives.NONE : rateSearchObjectives;
    }

    /** Whether the run only reads what existing topics hold: no producers. */
    @JsonIgnore
    public boolean isConsumerOnly() {
        return producersPerTopic == 0;
    }

    /** Whether the run only publishes: no subscriptions, so no message is seen arrive. */
    @JsonIgnore
    public boolean isProducerOnly() {
        return subscriptionsPerTopic == 0;
    }

    /** Whether the run uses topics that exist already ({@link #existingTopicList}) instead of creating its own. */
    @JsonIgnore
    public boolean usesExistingTopics() {
        return existingTopicList != null;
    }

    /** Whether the run publishes {@link #testMessages} messages instead of lasting a duration. */
    @JsonIgnore
    public boolean isCountBounded() {
        return testMessages != null;
    }

    /** How long the measured phase lasts at least; zero for a count-bounded run, which ends when all are published. */
    public Duration testDuration() {
        if (isCountBounded()) {
            return Duration.ZERO;
        }
        if (phases != null) {
            return Duration.ofSeconds(phases.stream().mapToLong(RatePhase::durationSeconds).sum());
        }
        return testDurationSeconds != null ? Duration.ofSeconds(testDurationSeconds) : Duration.ofMinutes(testDurationMinutes);
    }

    /** Zero for a count-bounded run: every one of its messages is measured. */
    public Duration warmupDuration() {
        if (isCountBounded() || warmupDurationMinutes == null && warmupDurationSeconds == null) {
            return Duration.ZERO;
        }
        return warmupDurationSeconds != null ? Duration.ofSeconds(warmupDurationSeconds)
                : Duration.ofMinutes(warmupDurationMinutes);
    }

    public Duration reportingInterval() {
        return Duration.ofSeconds(reportingIntervalSeconds);
    }

    public int totalProducers() {
        return topics * producersPerTopic;
    }

    /**
     * How many of a count-bounded run's messages producer {@code producer} (0 .. totalProducers-1)
     * publishes: an even share, the remainder one each to the first producers; unbounded otherwise.
     */
    public long messagesOf(int producer) {
        if (!isCountBounded()) {
            return Long.MAX_VALUE;
        }
        long share = testMessages / totalProducers();
        return producer < testMessages % totalProducers() ? share + 1 : share;
    }

    public int totalConsumers() {
        return topics * subscriptionsPerTopic * consumerPerSubscription;
    }
}

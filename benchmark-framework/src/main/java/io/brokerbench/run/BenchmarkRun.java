package io.brokerbench.run;

import io.brokerbench.config.ConfigException;
import io.brokerbench.delivery.ConsumerDelivery;
import io.brokerbench.delivery.OrderingPolicy;
import io.brokerbench.driver.support.OneLine;
import io.brokerbench.fault.FaultSchedule;
import io.brokerbench.fault.FaultWatch;
import io.brokerbench.load.KeyChooser;
import io.brokerbench.load.MessageHeader;
import io.brokerbench.logging.LogMarkers;
import io.brokerbench.measurement.BacklogRead;
import io.brokerbench.measurement.DiscoveredRate;
import io.brokerbench.measurement.IntervalPoint.Phase;
import io.brokerbench.measurement.RunRecord;
import io.brokerbench.measurement.WorkerEntry;
import io.brokerbench.time.WallClock;
import io.brokerbench.worker.DriverException;
import io.brokerbench.worker.LoadPlan;
import io.brokerbench.worker.MeasurementPlan;
import io.brokerbench.worker.Worker;
import io.brokerbench.workload.KeyDistributorType;
import io.brokerbench.workload.MessageSizes;
import io.brokerbench.workload.RunShape;
import io.brokerbench.workload.Workload;
import io.openmessaging.benchmark.driver.BenchmarkDriver.TopicInfo;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The coordinator's side of one workload on one driver, as a sequence of phases: set up (drivers,
 * topics, consumers, producers) → readiness probe → warm-up → measured phase (with a consumer
 * backlog built and drained when asked; in a count-bounded run, until every message is published)
 * → stop → drain → delivery verdicts. Each phase is reported
 * interval by interval; whatever happens, the record holds what was measured so far and the workers
 * are closed.
 */
public final class BenchmarkRun {

    private static final Logger LOG = LoggerFactory.getLogger(BenchmarkRun.class);

    /** How often a run with faults snapshots its workers between intervals. */
    private static final Duration FAULT_TICK = Duration.ofMillis(250);

    private final RunRecord record;
    private final Workload workload;
    private final byte[][] payloads;
    private final WorkerGroup workers;
    private final WorkAssignment.Layout layout;
    private final boolean extraConsumers;
    private final RunOptions options;
    private final RunControl control;
    private final RunListener listener;
    private final RunClock clock;
    private final RunMeter meter;
    private final IntervalLoop intervals;
    private final ConsumerBacklog backlog;
    /** The workload's faults, put on the local cluster's nodes during the measured phase; or null. */
    private FaultSchedule faults;
    private FaultWatch faultWatch;
    private long faultsStartNanos;

    public BenchmarkRun(RunRecord record, List<byte[]> payloads, List<Worker> workers, RunOptions options,
            RunControl control, RunListener listener, RunClock clock) {
        this(record, payloads, workers, WorkAssignment.Layout.MIXED, false, options, control, listener, clock);
    }

    /**
     * @param layout how the workers share producing and consuming (see {@link WorkAssignment})
     * @param extraConsumers in the split layout, give consumers two thirds of the workers
     */
    public BenchmarkRun(RunRecord record, List<byte[]> payloads, List<Worker> workers, WorkAssignment.Layout layout,
            boolean extraConsumers, RunOptions options, RunControl control, RunListener listener, RunClock clock) {
        this.record = record;
        this.workload = record.workload();
        this.payloads = payloads.toArray(new byte[0][]);
        this.workers = new WorkerGroup(workers);
        this.layout = layout;
        this.extraConsumers = extraConsumers;
        this.options = options;
        this.control = control;
        this.listener = listener;
        this.clock = clock;
        this.meter = new RunMeter(record, this.workers, clock, listener);
        this.intervals = new IntervalLoop(meter, clock, control, listener, workload.reportingInterval());
        this.backlog = new ConsumerBacklog(workload, meter, record);
        this.workers.ids().forEach(id -> record.workers().add(new WorkerEntry(id)));
    }

    /** The workload's faults go through {@code schedule} (a run with faults and a local broker to put them on). */
    public BenchmarkRun withFaults(FaultSchedule schedule) {
        this.faults = schedule;
        return this;
    }

    public RunRecord execute() {
        String failure = null;
        try {
            setUp();
            runLoad();
        } catch (ConfigException e) {
            // bad input only the broker could reveal (a named topic it does not have): nothing ran, no result
            closeWorkers();
            throw e;
        } catch (RunInterrupted e) {
            failure = control.reason();
        } catch (RunFailure | DriverException e) {
            failure = e.getMessage();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            failure = "interrupted";
        } catch (IOException e) {
            failure = "I/O error: " + OneLine.message(e);
        } catch (RuntimeException e) {
            failure = "unexpected error: " + OneLine.of(e);
            LOG.error(LogMarkers.STACK_TRACE, "unexpected error in the run (a bug)", e);
        } catch (OutOfMemoryError e) {
            // what the run held is released as its stack unwinds: enough, as a rule, to write what was
            // measured, close the clients and let the next run of a study or of --repeat start
            failure = "out of memory (" + OneLine.message(e) + "): give the JVM more heap, e.g. BENCHMARK_JVM_OPTS=-Xmx4g";
        }
        if (failure != null) {
            meter.keepPartialTotals();
        }
        try {
            endFaults();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        record.finish(Instant.now(), failure == null, failure);
        try {
            // the result is written before closing: closing clients of a dead broker can take long
            listener.finished(record);
        } finally {
            closeWorkers();
        }
        return record;
    }

    /** Drivers, topics, consumers and producers on every worker, then the readiness probe. */
    private void setUp() throws IOException, InterruptedException {
        workers.initializeDriver(record.driver());
        Worker lead = workers.lead();
        RunTopology topology;
        if (workload.usesExistingTopics()) {
            ExistingTopicCheck check = new ExistingTopicCheck(workload, record);
            topology = RunTopology.of(workload, check.lookUp(lead));
            record.existingTopics(topology.topics());
            String differ = check.partitionsDiffer(topology.topics());
            if (differ != null) {
                listener.note(differ);
            }
            listener.note("using " + topology.topics().size() + " existing topic(s), none created or deleted: "
                    + topology.topics().stream().map(t -> t.getTopic() + " (" + t.getPartitions() + " partition(s))")
                            .collect(Collectors.joining(", ")));
        } else {
            topology = RunTopology.of(workload, lead.topicNamePrefix());
            listener.note("creating " + topology.topics().size() + " topic(s) with " + workload.partitionsPerTopic()
                    + " partition(s) each");
            lead.createTopics(topology.topics());
        }
        List<String> topicNames = topology.topics().stream().map(TopicInfo::getTopic).toList();
        if (faults != null) {
            faults.topicsCreated(topicNames);
        }

        MeasurementPlan plan = measurementPlan(topology);
        WorkAssignment assignment = workers.createClients(layout, extraConsumers, topology.producers(),
                topology.consumers(), plan);
        for (int w = 0; w < workers.size(); w++) {
            record.workers().get(w).role(assignment.roleOf(w).label());
        }
        listener.note("created " + topology.consumers().size() + " consumer(s) and " + topology.producers().size()
                + " producer(s)");
        // told once the consumers exist too: a RabbitMQ subscription's queue is declared by its consumers
        listener.topicsCreated(topicNames);
        if (topology.producers().isEmpty() || topology.consumers().isEmpty()) {
            listener.note("readiness probe skipped: the workload has no producers or no consumers");
        } else {
            new ReadinessProbe(workers, clock, control).await(payloads[0], options.readinessTimeout());
            listener.note("consumers ready");
        }
    }

    /**
     * A consumer-only run reads messages of producers that are not the run's, so their headers cannot be
     * judged: it counts what arrives as messages too small for the header are counted.
     */
    private MeasurementPlan measurementPlan(RunTopology topology) {
        // existing topics may differ: order per producer is promised only if every one has a single partition
        int mostPartitions = topology.topics().stream().mapToInt(TopicInfo::getPartitions).max().orElse(1);
        MeasurementPlan plan = new MeasurementPlan(workload.smallestMessageSize() >= MessageHeader.SIZE && !workload.isConsumerOnly(),
                workload.totalProducers(),
                OrderingPolicy.of(mostPartitions, workload.keyDistributor() == KeyDistributorType.KEY_ROUND_ROBIN),
                KeyChooser.POOL_SIZE, workload.usesExistingTopics());
        if (workload.isConsumerOnly()) {
            listener.note("consumer-only: counting what the topics hold, without the producers' sequence numbers to verify"
                    + " it against; end-to-end latency is each message's age when read (the driver's publish timestamp)");
        } else if (!plan.headers()) {
            listener.note("messages of " + workload.smallestMessageSize() + " bytes are too small for the " + MessageHeader.SIZE
                    + "-byte header: end-to-end latency falls back to the driver's millisecond publish timestamp"
                    + " and delivery is not verified");
        }
        return plan;
    }

    /** The max-rate search when asked, warm-up, the measured phase (by rate phases if any), stop, drain, verdicts. */
    private void runLoad() throws InterruptedException {
        RunShape shape = workload.shape();
        LoadRate rate = startLoad(shape);
        if (faults != null) {
            watchFaults(rate);
        }
        if (workload.startupBurstMessages() > 0) {
            backlog.burst(workers, rate, shape.startRate(), intervals, listener);
        }
        BooleanSupplier published = () -> true;
        Duration measuredAtLeast = workload.testDuration();
        ReadUntilQuiet read = null;
        if (shape instanceof RunShape.ConsumerOnly consumerOnly) {
            read = new ReadUntilQuiet(meter, clock, options.drainTimeout(), consumerOnly.limit(), listener);
            published = read::over;
            measuredAtLeast = Duration.ZERO;
        }
        if (shape instanceof RunShape.CountBounded counted) {
            listener.note(String.format("count-bounded: %,d message(s) over %d producer(s), no warm-up",
                    counted.messages(), workload.totalProducers()));
            published = new CountBound(counted.messages(), meter, clock, options.drainTimeout(), listener)::published;
        }
        if (shape instanceof RunShape.Searched search) {
            // first, so that the warm-up runs at the rate the measured phase will have
            searchMaxRate(rate, search);
        }
        if (!workload.warmupDuration().isZero()) {
            intervals.run(Phase.WARMUP, workload.warmupDuration(), () -> true);
        }
        meter.measuredPhaseStarts();
        if (faults != null) {
            long now = clock.nanoTime();
            faultsStartNanos = now;
            faultWatch.measuredPhaseStarts(now);
            faults.start(now);
        }
        if (backlog.wanted()) {
            backlog.build(workers, intervals, listener);
        }
        if (shape instanceof RunShape.Phased phased) {
            new PhasedLoad(rate, meter, intervals, listener, record).run(phased.phases());
        } else {
            BooleanSupplier allPublished = published;
            intervals.run(Phase.MEASURE, measuredAtLeast, () -> backlog.drained() && allPublished.getAsBoolean());
        }
        meter.measuredPhaseEnds();
        endFaults();
        backlog.report();
        workers.stopLoad();
        new Drain(meter, clock, control, listener).await(workload.subscriptionsPerTopic(), options.drainTimeout());
        List<ConsumerDelivery> deliveries = DeliveryVerdicts.judge(workers, record,
                WallClock.epochMicros(meter.loadStartNanos()), WallClock.epochMicros(clock.nanoTime()));
        backlog.timeRead(deliveries);
        if (read != null) {
            record.backlogRead(BacklogRead.of(WallClock.epochMicros(meter.loadStartNanos()), deliveries, read.quiet()));
        }
    }

    /**
     * Judges every snapshot from here on, taken a quarter second apart: a fault's figures have that
     * grain whatever the reporting interval.
     */
    private void watchFaults(LoadRate rate) {
        faultWatch = new FaultWatch(faults, rate::current, (nanos, text) -> {
            listener.note(text);
            record.addEvent((nanos - meter.loadStartNanos()) / 1e9, text);
        });
        meter.observeSnapshots(faultWatch);
        intervals.tickEvery(FAULT_TICK);
    }

    /** The faults' schedule stops (a paused node runs on) and what they did goes into the record; once. */
    private void endFaults() throws InterruptedException {
        if (faults == null || record.faults() != null) {
            return;
        }
        faults.stop();
        if (faultWatch != null) {
            faultWatch.measuredPhaseEnds();
            record.faults(faults.seed(), faultWatch.outcomes(), faultWatch.timeline(), WallClock.epochMicros(faultsStartNanos));
        }
    }

    /** Starts every worker's producers at the shape's start rate over all of them (0: unthrottled), and says how. */
    private LoadRate startLoad(RunShape shape) {
        double startRate = shape.startRate();
        double ratePerProducer = workload.totalProducers() == 0 ? 0 : startRate / workload.totalProducers();
        long maxInFlight = workload.maxOutstandingPerProducer() != null ? workload.maxOutstandingPerProducer()
                : options.maxInFlightMessagesPerProducer();
        LoadPlan load = new LoadPlan(ratePerProducer, workload.keyDistributor(), payloads, maxInFlight);
        meter.loadStarting();
        workers.startLoad(load);
        MessageSizes sizes = workload.messageSizes();
        String size = sizes == null ? workload.messageSize() + "-byte messages"
                : String.format("messages of %d to %d bytes (mean %,.1f)", sizes.smallest(), sizes.largest(), sizes.mean());
        if (shape instanceof RunShape.ConsumerOnly consumerOnly) {
            listener.note(String.format("consumer-only: reading until nothing arrives for %d s (at most %d s)",
                    options.drainTimeout().toSeconds(), consumerOnly.limit().toSeconds()));
        } else if (shape instanceof RunShape.Searched) {
            listener.note(String.format("publishing %,.0f msg/s of %s, then searching for the highest sustainable rate",
                    startRate, size));
        } else if (shape instanceof RunShape.Phased phased) {
            listener.note(String.format("publishing %,.0f msg/s of %s, then %d rate phase(s)", startRate, size,
                    phased.phases().size()));
        } else {
            listener.note(startRate > 0 ? String.format("publishing %,.0f msg/s of %s", startRate, size)
                    : "publishing as fast as possible, " + size);
        }
        if (maxInFlight < options.maxInFlightMessagesPerProducer()) {
            listener.note(maxInFlight == 1 ? "synchronous sends: each producer waits for every acknowledgement"
                    : String.format("at most %d message(s) in flight per producer", maxInFlight));
        }
        return new LoadRate(workers, workload.totalProducers(), startRate);
    }

    /**
     * OMB's producerRate 0: finds the highest sustainable rate and leaves the producers publishing it.
     * The search's full outcome is printed with the run's summary; here one line says what comes next.
     */
    private void searchMaxRate(LoadRate rate, RunShape.Searched search) throws InterruptedException {
        listener.note(String.format("searching for the highest sustainable rate, %d s windows", search.window().toSeconds()));
        IntervalLoop windows = new IntervalLoop(meter, clock, control, listener, search.window());
        DiscoveredRate found = new MaxRateDiscovery(rate, meter, windows, listener, record,
                workload.subscriptionsPerTopic(), search.window())
                .search(search.startRate(), search.probe(), search.objectives());
        String next = workload.warmupDuration().isZero() ? "measuring there"
                : String.format("warming up there for %d s, then measuring", workload.warmupDuration().toSeconds());
        listener.note(String.format("rate search: found %,.0f msg/s after %d window(s)%s; %s", found.result().rate(),
                found.result().windows(), found.result().converged() ? "" : " (NOT converged)", next));
    }

    private void closeWorkers() {
        workers.close(listener::note);
    }
}

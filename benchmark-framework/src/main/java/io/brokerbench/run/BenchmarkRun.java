package io.brokerbench.run;

import io.brokerbench.driver.support.OneLine;
import io.brokerbench.delivery.OrderingPolicy;
import io.brokerbench.load.KeyChooser;
import io.brokerbench.load.MessageHeader;
import io.brokerbench.logging.LogMarkers;
import io.brokerbench.run.IntervalPoint.Phase;
import io.brokerbench.time.WallClock;
import io.brokerbench.worker.DriverException;
import io.brokerbench.worker.LoadPlan;
import io.brokerbench.worker.MeasurementPlan;
import io.brokerbench.worker.Worker;
import io.brokerbench.workload.KeyDistributorType;
import io.brokerbench.workload.RatePhase;
import io.brokerbench.workload.Workload;
import java.io.IOException;
import java.time.Instant;
import java.util.List;
import java.util.function.BooleanSupplier;
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

    private final RunRecord record;
    private final Workload workload;
    private final byte[][] payloads;
    private final List<Worker> workers;
    private final WorkAssignment.Layout layout;
    private final boolean extraConsumers;
    private final RunOptions options;
    private final RunControl control;
    private final RunListener listener;
    private final RunClock clock;
    private final RunMeter meter;
    private final IntervalLoop intervals;
    private final ConsumerBacklog backlog;

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
        this.workers = List.copyOf(workers);
        this.layout = layout;
        this.extraConsumers = extraConsumers;
        this.options = options;
        this.control = control;
        this.listener = listener;
        this.clock = clock;
        this.meter = new RunMeter(record, this.workers, clock, listener);
        this.intervals = new IntervalLoop(meter, clock, control, listener, workload.reportingInterval());
        this.backlog = new ConsumerBacklog(workload, meter, record);
        workers.forEach(w -> record.workers().add(new WorkerEntry(w.id())));
    }

    public RunRecord execute() {
        String failure = null;
        try {
            setUp();
            runLoad();
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
        for (Worker worker : workers) {
            worker.initializeDriver(record.driver());
        }
        Worker lead = workers.get(0);
        RunTopology topology = RunTopology.of(workload, lead.topicNamePrefix());
        listener.note("creating " + topology.topics().size() + " topic(s) with " + workload.partitionsPerTopic()
                + " partition(s) each");
        lead.createTopics(topology.topics());

        MeasurementPlan plan = measurementPlan();
        WorkAssignment assignment = WorkAssignment.of(layout, extraConsumers, workers.size(), topology.producers(),
                topology.consumers());
        for (int w = 0; w < workers.size(); w++) {
            record.workers().get(w).role(assignment.roleOf(w).label());
            workers.get(w).createConsumers(assignment.consumersOf(w), plan);
        }
        for (int w = 0; w < workers.size(); w++) {
            workers.get(w).createProducers(assignment.producersOf(w));
        }
        listener.note("created " + topology.consumers().size() + " consumer(s) and " + topology.producers().size()
                + " producer(s)");
        if (topology.producers().isEmpty() || topology.consumers().isEmpty()) {
            listener.note("readiness probe skipped: the workload has no producers or no consumers");
        } else {
            new ReadinessProbe(workers, clock, control).await(payloads[0], options.readinessTimeout());
            listener.note("consumers ready");
        }
    }

    private MeasurementPlan measurementPlan() {
        MeasurementPlan plan = new MeasurementPlan(workload.messageSize() >= MessageHeader.SIZE,
                workload.totalProducers(),
                OrderingPolicy.of(workload.partitionsPerTopic(), workload.keyDistributor() == KeyDistributorType.KEY_ROUND_ROBIN),
                KeyChooser.POOL_SIZE);
        if (!plan.headers()) {
            listener.note("messages of " + workload.messageSize() + " bytes are too small for the " + MessageHeader.SIZE
                    + "-byte header: end-to-end latency falls back to the driver's millisecond publish timestamp"
                    + " and delivery is not verified");
        }
        return plan;
    }

    /** The max-rate search when asked, warm-up, the measured phase (by rate phases if any), stop, drain, verdicts. */
    private void runLoad() throws InterruptedException {
        List<RatePhase> phases = workload.ratePhases();
        double startRate = workload.searchesMaxRate() ? workload.rateSearchStartRate()
                : !phases.isEmpty() ? phases.get(0).steps().get(0).rate() : workload.producerRate();
        LoadRate rate = startLoad(startRate, phases.size());
        if (workload.startupBurstMessages() > 0) {
            backlog.burst(workers, rate, startRate, intervals, listener);
        }
        if (workload.isCountBounded()) {
            listener.note(String.format("count-bounded: %,d message(s) over %d producer(s), no warm-up",
                    workload.testMessages(), workload.totalProducers()));
        }
        BooleanSupplier published = workload.isCountBounded()
                ? new CountBound(workload.testMessages(), meter, clock, options.drainTimeout(), listener)::published
                : () -> true;
        if (workload.searchesMaxRate()) {
            // first, so that the warm-up runs at the rate the measured phase will have
            searchMaxRate(rate, startRate);
        }
        if (!workload.warmupDuration().isZero()) {
            intervals.run(Phase.WARMUP, workload.warmupDuration(), () -> true);
        }
        meter.measuredPhaseStarts();
        if (backlog.wanted()) {
            backlog.build(workers, intervals, listener);
        }
        if (phases.isEmpty()) {
            intervals.run(Phase.MEASURE, workload.testDuration(), () -> backlog.drained() && published.getAsBoolean());
        } else {
            new PhasedLoad(rate, meter, intervals, listener, record).run(phases);
        }
        meter.measuredPhaseEnds();
        backlog.report();
        for (Worker worker : workers) {
            worker.stopLoad();
        }
        new Drain(meter, clock, control, listener).await(workload.subscriptionsPerTopic(), options.drainTimeout());
        backlog.timeRead(DeliveryVerdicts.judge(workers, record, WallClock.epochMicros(meter.loadStartNanos()),
                WallClock.epochMicros(clock.nanoTime())));
    }

    /** Starts every worker's producers at {@code startRate} over all of them (0: unthrottled), and says how. */
    private LoadRate startLoad(double startRate, int ratePhases) {
        double ratePerProducer = workload.totalProducers() == 0 ? 0 : startRate / workload.totalProducers();
        long maxInFlight = workload.maxOutstandingPerProducer() != null ? workload.maxOutstandingPerProducer()
                : options.maxInFlightMessagesPerProducer();
        LoadPlan load = new LoadPlan(ratePerProducer, workload.keyDistributor(), payloads, maxInFlight);
        meter.loadStarting();
        for (Worker worker : workers) {
            worker.startLoad(load);
        }
        String size = workload.messageSize() + "-byte messages";
        if (workload.searchesMaxRate()) {
            listener.note(String.format("publishing %,.0f msg/s of %s, then searching for the highest sustainable rate",
                    startRate, size));
        } else if (ratePhases > 0) {
            listener.note(String.format("publishing %,.0f msg/s of %s, then %d rate phase(s)", startRate, size, ratePhases));
        } else {
            listener.note(startRate > 0 ? String.format("publishing %,.0f msg/s of %s", startRate, size)
                    : "publishing as fast as possible, " + size);
        }
        if (maxInFlight < options.maxInFlightMessagesPerProducer()) {
            listener.note(maxInFlight == 1 ? "synchronous sends: each producer waits for every acknowledgement"
                    : String.format("at most %d message(s) in flight per producer", maxInFlight));
        }
        return new LoadRate(workers, workload.totalProducers());
    }

    /**
     * OMB's producerRate 0: finds the highest sustainable rate and leaves the producers publishing it.
     * The search's full outcome is printed with the run's summary; here one line says what comes next.
     */
    private void searchMaxRate(LoadRate rate, double startRate) throws InterruptedException {
        listener.note(String.format("searching for the highest sustainable rate, %d s windows",
                workload.rateSearchWindow().toSeconds()));
        IntervalLoop windows = new IntervalLoop(meter, clock, control, listener, workload.rateSearchWindow());
        DiscoveredRate found = new MaxRateDiscovery(rate, meter, windows, listener, record,
                workload.subscriptionsPerTopic(), workload.rateSearchWindow())
                .search(startRate, workload.rateSearchProbe(), workload.searchObjectives());
        String next = workload.warmupDuration().isZero() ? "measuring there"
                : String.format("warming up there for %d s, then measuring", workload.warmupDuration().toSeconds());
        listener.note(String.format("rate search: found %,.0f msg/s after %d window(s)%s; %s", found.result().rate(),
                found.result().windows(), found.result().converged() ? "" : " (NOT converged)", next));
    }

    private void closeWorkers() {
        for (Worker worker : workers) {
            try {
                worker.close();
            } catch (RuntimeException e) {
                listener.note("closing worker " + worker.id() + " failed: " + OneLine.of(e));
            }
        }
    }
}

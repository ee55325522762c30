package io.brokerbench.testing;

import io.brokerbench.delivery.ConsumerDelivery;
import io.brokerbench.delivery.ProducerTally;
import io.brokerbench.delivery.QueueDelivery;
import io.brokerbench.delivery.SequenceSet;
import io.brokerbench.driver.inmemory.capacity.CapacityModel;
import io.brokerbench.metrics.WorkerSample;
import io.brokerbench.metrics.WorkerSnapshot;
import io.brokerbench.stats.LatencyHistograms;
import io.brokerbench.stats.Metric;
import io.brokerbench.time.NanoClock;
import io.brokerbench.time.WallClock;
import io.brokerbench.worker.ConsumerSpec;
import io.brokerbench.worker.DriverSetup;
import io.brokerbench.worker.LoadPlan;
import io.brokerbench.worker.MeasurementPlan;
import io.brokerbench.worker.ProducerSpec;
import io.brokerbench.worker.TopicLookup;
import io.brokerbench.worker.Worker;
import io.openmessaging.benchmark.driver.BenchmarkDriver.TopicInfo;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.DoubleUnaryOperator;

/**
 * A worker with no driver and no threads, whose one producer and its consumers follow the run's
 * clock: messages go out at the load plan's rate, are acknowledged at once, and reach each
 * subscription at once while its consumers are open (at most {@link #consumeRate} a second), but
 * for the last {@link #neverDelivered}. Every counted message records a latency sample, so the
 * run's aggregate can be checked against its counts.
 *
 * <p>Or, {@link #serveWith served} by a broker of known capacity, the in-memory driver's model: then
 * each message is acknowledged and reaches the subscriptions when that broker has served it, and a
 * full queue holds the producer back, exactly as the model says.
 */
public final class SimulatedWorker implements Worker {

    public static final long PUBLISH_LATENCY_MICROS = 1_000;
    public static final long END_TO_END_MICROS = 2_000;

    private final NanoClock clock;
    /** Messages one subscription can take per second; unlimited by default. */
    public double consumeRate = Double.POSITIVE_INFINITY;
    /**
     * The most the producer sends a second, whatever it is asked (a client's own ceiling): a max-rate
     * search's probe asks for far more.
     */
    public double publishCapacity = 2_000_000;
    /**
     * The end-to-end latency (from the intended time too) of messages received while the producer
     * publishes at a given rate, microseconds: a broker whose latency rises with its load.
     */
    public DoubleUnaryOperator endToEndMicrosAtRate = rate -> END_TO_END_MICROS;
    /** The last this many messages sent never arrive: in flight while the load runs, lost when it stops. */
    public long neverDelivered;
    /** Whether probe messages reach the consumers. */
    public boolean probesArrive = true;
    public int probeRounds;
    /**
     * Faults in what the consumers report for verification (not in the interval counts): sequence
     * numbers of the producer that every subscription lacks, got a second time, or got out of order.
     */
    public final Set<Long> lostSequences = new TreeSet<>();
    public final List<Long> duplicatedSequences = new ArrayList<>();
    public final List<Long> reorderedSequences = new ArrayList<>();

    /** The broker of known capacity that serves the messages; null: acknowledged and delivered at once. */
    private CapacityModel capacityModel;
    private SimulatedCapacity capacity;
    /** Messages served by the broker of known capacity: acknowledged, and delivered to each subscription. */
    private long served;
    private long reportedAcked;

    private final List<ConsumerSpec> consumers = new ArrayList<>();
    private ProducerSpec producer;
    private int producersInRun;
    private boolean probed;
    private double rate;
    private long loadStartNanos = Long.MIN_VALUE;
    private long loadStopNanos = Long.MAX_VALUE;
    private boolean consumersOpen = true;
    private long lastNanos;
    /** Messages the schedule has sent, with the fraction of the next one, so rate changes lose nothing. */
    private double scheduled;
    private long sent;
    /** The producer's next message at each rate change, as a real producer reports it. */
    private final List<Long> rateChangeStarts = new ArrayList<>();
    private boolean stalled;
    private long lastReceiptNanos = Long.MIN_VALUE;
    /** When the consumers were last reopened on a backlog, and how many messages had been sent by then. */
    private long reopenedNanos = Long.MIN_VALUE;
    private long sentBeforeReopening;
    private long backlogReadNanos;
    /** Received by each subscription (all of them alike). */
    private double receivedPerSubscription;
    private long reportedSent;
    private long reportedReceived;

    public SimulatedWorker(NanoClock clock) {
        this.clock = clock;
    }

    /** Messages go through a broker of known capacity (set before the load starts). */
    public void serveWith(CapacityModel model) {
        this.capacityModel = model;
    }

    @Override
    public String id() {
        return "simulated";
    }

    @Override
    public void initializeDriver(DriverSetup setup) {
    }

    @Override
    public String topicNamePrefix() {
        return "sim";
    }

    @Override
    public void createTopics(List<TopicInfo> topics) {
    }

    /** A simulated broker holds no topics of its own. */
    @Override
    public TopicLookup lookUpTopics(List<String> topics) {
        return new TopicLookup(true, Map.of());
    }

    @Override
    public void createConsumers(List<ConsumerSpec> specs, MeasurementPlan plan) {
        consumers.addAll(specs);
        producersInRun = plan.producers();
    }

    @Override
    public void createProducers(List<ProducerSpec> specs) {
        if (specs.size() > 1 || producer != null) {
            throw new IllegalArgumentException("the simulated worker has one producer");
        }
        producer = specs.isEmpty() ? null : specs.get(0);
    }

    @Override
    public void sendProbes(byte[] template) {
        probeRounds++;
        probed = true;
    }

    @Override
    public Map<String, Boolean> probeStatus() {
        Map<String, Boolean> status = new LinkedHashMap<>();
        consumers.forEach(c -> status.put(c.topic() + "/" + c.subscription(), probed && probesArrive));
        return status;
    }

    @Override
    public void startLoad(LoadPlan plan) {
        rate = producer == null ? 0 : plan.ratePerProducer();
        if (capacityModel != null) {
            capacity = new SimulatedCapacity(capacityModel, plan.maxInFlightPerProducer());
        }
        loadStartNanos = clock.nanoTime();
        lastNanos = loadStartNanos;
    }

    /** From now on the producer sends nothing more, as against a broker that stopped taking messages. */
    public void stallPublishing() {
        advance();
        stalled = true;
    }

    @Override
    public void changeRate(double ratePerProducer, long burstPerProducer) {
        advance();
        rateChangeStarts.add(sent);
        rate = producer == null ? 0 : ratePerProducer;
        scheduled += producer == null ? 0 : burstPerProducer;
    }

    /** The simulated producer never falls behind but when stalled: forgetting what was due is all a restart adds. */
    @Override
    public void restartRate(double ratePerProducer) {
        changeRate(ratePerProducer, 0);
        scheduled = sent;
    }

    @Override
    public void stopLoad() {
        advance();
        loadStopNanos = clock.nanoTime();
    }

    @Override
    public void closeConsumers() {
        advance();
        consumersOpen = false;
    }

    @Override
    public void reopenConsumers() {
        advance();
        consumersOpen = true;
        reopenedNanos = clock.nanoTime();
        sentBeforeReopening = sent;
        backlogReadNanos = reopenedNanos;
    }

    /** Plays the time since the last call: sends what the schedule asks, delivers what the consumers can take. */
    private void advance() {
        long now = clock.nanoTime();
        if (loadStartNanos == Long.MIN_VALUE) {
            return;
        }
        long publishingFrom = Math.min(lastNanos, loadStopNanos);
        long publishingUntil = Math.min(now, loadStopNanos);
        long limit = producer == null ? 0 : producer.messageLimit();
        if (!stalled) {
            double scheduledBefore = scheduled;
            scheduled += Math.min(rate, publishCapacity) * (publishingUntil - publishingFrom) / 1e9;
            long due = Math.min(limit, Math.max(sent, (long) scheduled));
            sent = capacity == null ? due
                    : capacity.send(sent, due, n -> intendedNanos(n, scheduledBefore, publishingFrom), publishingUntil);
        }
        if (capacity != null) {
            served = capacity.servedBy(now);
        }
        if (consumersOpen) {
            double deliverable = Math.max(0, acked() - neverDelivered);
            double before = receivedPerSubscription;
            if (consumeRate == Double.POSITIVE_INFINITY) {
                receivedPerSubscription = deliverable;
                if (deliverable > before) {
                    lastReceiptNanos = capacity == null ? sendTimeOf((long) deliverable) : capacity.lastServedNanos();
                }
                if (before < sentBeforeReopening && receivedPerSubscription >= sentBeforeReopening) {
                    backlogReadNanos = lastNanos; // all of it at once, as soon as the consumers were open
                }
            } else {
                receivedPerSubscription = Math.min(deliverable, before + consumeRate * (now - lastNanos) / 1e9);
                if (receivedPerSubscription > before) {
                    lastReceiptNanos = lastNanos + (long) ((receivedPerSubscription - before) / consumeRate * 1e9);
                }
                if (before < sentBeforeReopening && receivedPerSubscription >= sentBeforeReopening) {
                    backlogReadNanos = lastNanos + (long) ((sentBeforeReopening - before) / consumeRate * 1e9);
                }
            }
        }
        lastNanos = now;
    }

    /**
     * When message {@code n} (from 0) of the schedule was due, within the step from {@code fromNanos}
     * that began with {@code scheduledBefore} messages scheduled; at its start if it was due before.
     */
    private long intendedNanos(long n, double scheduledBefore, long fromNanos) {
        double ahead = n + 1 - scheduledBefore;
        return ahead <= 0 ? fromNanos : fromNanos + (long) Math.ceil(ahead / rate * 1e9);
    }

    /** Messages acknowledged: all sent, or those the broker of known capacity served. */
    private long acked() {
        return capacity == null ? sent : served;
    }

    /** When the {@code count}-th message went out. */
    private long sendTimeOf(long count) {
        return loadStartNanos + (long) (count / Math.min(rate, publishCapacity) * 1e9);
    }

    private int subscriptions() {
        return (int) consumers.stream().map(ConsumerSpec::subscription).distinct().count();
    }

    @Override
    public WorkerSnapshot snapshot() {
        advance();
        long received = (long) receivedPerSubscription * subscriptions();
        LatencyHistograms interval = new LatencyHistograms();
        long newlySent = sent - reportedSent;
        long newlyAcked = acked() - reportedAcked;
        long newlyReceived = received - reportedReceived;
        if (newlySent > 0) {
            interval.get(Metric.PUBLISH_DELAY).recordValueWithCount(0, newlySent);
        }
        if (newlyAcked > 0) {
            interval.get(Metric.PUBLISH_LATENCY).recordValueWithCount(PUBLISH_LATENCY_MICROS, newlyAcked);
            interval.get(Metric.PUBLISH_LATENCY_FROM_INTENDED).recordValueWithCount(PUBLISH_LATENCY_MICROS, newlyAcked);
        }
        if (newlyReceived > 0) {
            long endToEnd = Math.round(endToEndMicrosAtRate.applyAsDouble(Math.min(rate, publishCapacity)));
            interval.get(Metric.END_TO_END).recordValueWithCount(endToEnd, newlyReceived);
            interval.get(Metric.END_TO_END_FROM_INTENDED).recordValueWithCount(endToEnd, newlyReceived);
        }
        reportedSent = sent;
        reportedAcked = acked();
        reportedReceived = received;
        return new WorkerSnapshot(interval, sent, acked(), 0, received, 0, 0, WorkerSample.NOT_RECORDED, "", 0);
    }

    @Override
    public List<ProducerTally> producerTallies() {
        if (producer == null) {
            return List.of();
        }
        double periodNanos = rate > 0 ? 1e9 / rate : 0;
        if (capacity != null) {
            advance();
            // a full queue can have held the producer back: what was due stays due, as a real producer reports it
            long due = Math.max(sent, Math.min(producer.messageLimit(), (long) scheduled));
            return List.of(new ProducerTally(producer.id(), producer.topic(), due, sent, 0, null, sent - served, 0,
                    WallClock.epochMicros(loadStartNanos), periodNanos, WallClock.epochMicros(capacity.lastSendNanos()),
                    rateChangeStarts.stream().mapToLong(Long::longValue).toArray(), null));
        }
        return List.of(new ProducerTally(producer.id(), producer.topic(), sent, sent, 0, null, 0, 0,
                WallClock.epochMicros(loadStartNanos), periodNanos,
                WallClock.epochMicros(Math.min(loadStopNanos, sendTimeOf(sent))),
                rateChangeStarts.stream().mapToLong(Long::longValue).toArray(), null));
    }

    @Override
    public List<ConsumerDelivery> consumerDeliveries() {
        List<ConsumerDelivery> deliveries = new ArrayList<>();
        for (ConsumerSpec consumer : consumers) {
            byte[][] sets = new byte[producersInRun][];
            long[][] duplicates = new long[producersInRun][];
            long[][] reordered = new long[producersInRun][];
            SequenceSet received = receivedSet((long) receivedPerSubscription);
            for (int p = 0; p < producersInRun; p++) {
                sets[p] = p == 0 ? received.toBytes() : new byte[0];
                duplicates[p] = p == 0 ? runsOf(duplicatedSequences) : new long[0];
                reordered[p] = p == 0 ? runsOf(reorderedSequences) : new long[0];
            }
            deliveries.add(new ConsumerDelivery(consumer.topic(), consumer.subscription(),
                    received.distinct() + duplicatedSequences.size(), 0L, duplicatedSequences.size(), reorderedSequences.size(),
                    0, 0, true, sets, lastReceiptNanos == Long.MIN_VALUE ? 0 : WallClock.epochMicros(lastReceiptNanos),
                    reopenedNanos == Long.MIN_VALUE ? -1 : (backlogReadNanos - reopenedNanos) / 1_000, duplicates, reordered,
                    true, false, QueueDelivery.NONE));
        }
        return deliveries;
    }

    /** Messages [0, delivered) but the lost ones. */
    private SequenceSet receivedSet(long delivered) {
        List<Long> flat = new ArrayList<>();
        long next = 0;
        for (long lost : lostSequences) {
            if (lost >= delivered) {
                break;
            }
            if (lost > next) {
                flat.add(next);
                flat.add(lost);
            }
            next = lost + 1;
        }
        if (next < delivered) {
            flat.add(next);
            flat.add(delivered);
        }
        return SequenceSet.fromRanges(flat.stream().mapToLong(Long::longValue).toArray());
    }

    /** One run per number, as {@link io.brokerbench.delivery.AnomalyLog} would list them unsorted. */
    private static long[] runsOf(List<Long> sequences) {
        long[] runs = new long[sequences.size() * 2];
        for (int i = 0; i < sequences.size(); i++) {
            runs[2 * i] = sequences.get(i);
            runs[2 * i + 1] = sequences.get(i) + 1;
        }
        return runs;
    }

    @Override
    public void close() {
    }
}

package io.brokerbench.delivery;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * Attributes every message to its intended send time, so that what was lost, failed, duplicated or
 * reordered can be counted for any stretch of the run (a fault's window, each second), exactly per
 * message. A paced producer's message n was intended at its schedule's start plus n periods, so a
 * stretch of time is a range of its sequence numbers; that holds for a producer whose rate never
 * changed. Unpaced producers, or ones whose rate changed, have no such mapping: then nothing is
 * attributed ({@link #of} is empty) rather than guessed.
 */
public final class DeliveryByTime {

    private final List<Stream> streams;
    private final boolean anomaliesListed;
    private final boolean orderingJudged;

    private DeliveryByTime(List<Stream> streams, boolean anomaliesListed, boolean orderingJudged) {
        this.streams = streams;
        this.anomaliesListed = anomaliesListed;
        this.orderingJudged = orderingJudged;
    }

    /** Empty unless every producer was paced at one rate throughout (and there was one at all). */
    public static Optional<DeliveryByTime> of(List<ProducerTally> producers, List<ConsumerDelivery> consumers) {
        if (producers.isEmpty() || producers.stream().anyMatch(p -> !p.paced() || p.segmentStart() != 0)) {
            return Optional.empty();
        }
        Collection<List<ConsumerDelivery>> bySubscription = DeliveryVerifier.bySubscription(consumers);
        List<Stream> streams = new ArrayList<>();
        for (ProducerTally producer : producers) {
            List<Subscribed> subscribed = new ArrayList<>();
            for (List<ConsumerDelivery> members : bySubscription) {
                if (members.get(0).topic().equals(producer.topic())) {
                    subscribed.add(Subscribed.of(producer.id(), members));
                }
            }
            streams.add(new Stream(producer, producer.failedSet(), producer.abortedSet(), subscribed));
        }
        return Optional.of(new DeliveryByTime(streams,
                consumers.stream().allMatch(ConsumerDelivery::anomaliesListed),
                consumers.stream().allMatch(ConsumerDelivery::orderingJudged)));
    }

    /** The messages intended from {@code fromEpochMicros} (inclusive) to {@code toEpochMicros} (exclusive). */
    public WindowDelivery between(long fromEpochMicros, long toEpochMicros) {
        return stretches(new long[] {fromEpochMicros, Math.max(fromEpochMicros, toEpochMicros)}).get(0);
    }

    /**
     * Each whole second from {@code fromEpochMicros} on, {@code seconds} of them: the timeline a
     * fault is read against, whatever the reporting interval.
     */
    public List<WindowDelivery> perSecond(long fromEpochMicros, int seconds) {
        long[] bounds = new long[seconds + 1];
        for (int s = 0; s <= seconds; s++) {
            bounds[s] = fromEpochMicros + s * 1_000_000L;
        }
        return stretches(bounds);
    }

    /**
     * The stretches between consecutive {@code bounds} (epoch µs, ascending). Each subscription's
     * gaps are walked once for all of them: a set with many gaps is a bitmap, and walking it is linear.
     */
    private List<WindowDelivery> stretches(long[] bounds) {
        int n = bounds.length - 1;
        long[] intended = new long[n];
        long[] failed = new long[n];
        long[] failedButReceived = new long[n];
        long[] neverReceived = new long[n];
        long[] duplicated = new long[n];
        long[] reordered = new long[n];
        for (Stream stream : streams) {
            long[] at = new long[n + 1];
            for (int i = 0; i <= n; i++) {
                at[i] = Math.max(i == 0 ? 0 : at[i - 1], stream.firstIntendedAtOrAfter(bounds[i]));
            }
            long due = Math.max(stream.producer.due(), stream.producer.sent());
            long sent = stream.producer.sent();
            long[] failedHere = new long[n];
            for (int i = 0; i < n; i++) {
                intended[i] += Math.max(0, Math.min(at[i + 1], due) - at[i]);
                failedHere[i] = stream.failed.countIn(at[i], Math.min(at[i + 1], sent));
                if (stream.subscriptions.isEmpty()) {
                    failed[i] += failedHere[i];
                }
            }
            for (Subscribed subscription : stream.subscriptions) {
                long[] missing = new long[n];
                long[] missingFailed = new long[n];
                long[] missingAborted = new long[n];
                subscription.accounted.forEachGap(at[0], Math.min(at[n], sent), (gapFrom, gapTo) -> {
                    // a gap may span several stretches: each gets its part
                    for (int i = stretchOf(at, gapFrom); i < n && at[i] < gapTo; i++) {
                        long from = Math.max(gapFrom, at[i]);
                        long to = Math.min(gapTo, at[i + 1]);
                        if (to > from) {
                            missing[i] += to - from;
                            missingFailed[i] += stream.failed.countIn(from, to);
                            // an aborted transaction's message is not expected where only committed ones are read
                            missingAborted[i] += stream.aborted.countIn(from, to);
                        }
                    }
                });
                for (int i = 0; i < n; i++) {
                    failed[i] += missingFailed[i];
                    failedButReceived[i] += failedHere[i] - missingFailed[i];
                    neverReceived[i] += missing[i] - missingFailed[i] - missingAborted[i];
                    duplicated[i] += subscription.duplicatedIn(at[i], at[i + 1]);
                    reordered[i] += subscription.reorderedIn(at[i], at[i + 1]);
                }
            }
        }
        List<WindowDelivery> windows = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            windows.add(new WindowDelivery(intended[i], failed[i], failedButReceived[i], neverReceived[i],
                    anomaliesListed ? duplicated[i] : -1, anomaliesListed && orderingJudged ? reordered[i] : -1));
        }
        return windows;
    }

    /** The stretch whose sequence range holds {@code sequence}: the last i with {@code at[i] <= sequence}. */
    private static int stretchOf(long[] at, long sequence) {
        int low = 0;
        int high = at.length - 2;
        while (low < high) {
            int mid = (low + high + 1) >>> 1;
            if (at[mid] <= sequence) {
                low = mid;
            } else {
                high = mid - 1;
            }
        }
        return low;
    }

    /** One producer's messages and what its topic's subscriptions made of them. */
    private record Stream(ProducerTally producer, SequenceSet failed, SequenceSet aborted, List<Subscribed> subscriptions) {

        /** The first message intended at or after {@code epochMicros}; 0 before the schedule began. */
        long firstIntendedAtOrAfter(long epochMicros) {
            double periods = (epochMicros - producer.segmentIntendedEpochMicros()) * 1_000.0 / producer.periodNanos();
            return Math.max(0, (long) Math.ceil(periods));
        }
    }

    /**
     * One subscription's view of one producer: the union of its consumers' sets and their anomalies, and
     * what it accounted for (in a queue, also what was accepted on a redelivery, rejected or archived).
     */
    private record Subscribed(SequenceSet union, SequenceSet accounted, List<SequenceSet> members,
            List<long[]> duplicateRuns, List<long[]> reorderedRuns) {

        static Subscribed of(int producer, List<ConsumerDelivery> consumers) {
            List<SequenceSet> sets = new ArrayList<>();
            List<long[]> duplicates = new ArrayList<>();
            List<long[]> reorders = new ArrayList<>();
            List<SequenceSet> otherwise = new ArrayList<>();
            for (ConsumerDelivery consumer : consumers) {
                otherwise.addAll(consumer.settledOtherwise(producer));
                if (producer < consumer.receivedByProducer().length) {
                    sets.add(SequenceSet.fromBytes(consumer.receivedByProducer()[producer]));
                }
                if (producer < consumer.duplicateRuns().length) {
                    duplicates.add(consumer.duplicateRuns()[producer]);
                }
                if (producer < consumer.reorderedRuns().length) {
                    reorders.add(consumer.reorderedRuns()[producer]);
                }
            }
            SequenceSet union = SequenceSet.union(sets).set();
            otherwise.add(union);
            SequenceSet accounted = otherwise.size() == 1 ? union : SequenceSet.union(otherwise).set();
            return new Subscribed(union, accounted, sets, duplicates, reorders);
        }

        /** The same message at two consumers of the subscription is one duplicate delivery, as a redelivery is. */
        long duplicatedIn(long from, long to) {
            long perConsumer = 0;
            for (SequenceSet set : members) {
                perConsumer += set.countIn(from, to);
            }
            long duplicated = perConsumer - union.countIn(from, to);
            for (long[] runs : duplicateRuns) {
                duplicated += AnomalyLog.countIn(runs, from, to);
            }
            return duplicated;
        }

        long reorderedIn(long from, long to) {
            long reordered = 0;
            for (long[] runs : reorderedRuns) {
                reordered += AnomalyLog.countIn(runs, from, to);
            }
            return reordered;
        }
    }
}

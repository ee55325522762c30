package io.brokerbench.load;

import java.util.ArrayDeque;
import java.util.Deque;

/**
 * When each message of one producer is meant to be sent. A paced schedule is a sequence of segments,
 * one per rate: within one, message n is intended at {@code anchor + (n − first) × period};
 * {@link #changeRate} starts a new segment at a given instant. The schedule never waits for the
 * broker, so a stall shows up as publish delay and as latency from the intended time instead of
 * silently lowering the rate (coordinated omission).
 *
 * <p>An unpaced schedule (rate 0 from the start, "as fast as possible") intends every message for
 * the moment it is sent and never changes rate. A paced schedule changed to rate 0 is paused: nothing
 * is due until the next change.
 *
 * <p>Not thread-safe: one load thread owns it.
 */
public final class RateSchedule {

    /**
     * Messages from {@code first} on are intended every {@code periodNanos} from {@code anchorNanos};
     * a paused segment intends none, and keeps the period it was paused from.
     *
     * @param remainder how far into its period the first message was when the segment began, as a
     *     fraction: a segment after a pause starts there again, so interleaved producers stay so
     */
    private record Segment(long first, long anchorNanos, double periodNanos, boolean paused, double remainder) {

        long intendedOf(long n) {
            return anchorNanos + (long) ((n - first) * periodNanos);
        }

        /** Messages of this segment and earlier ones intended strictly before {@code now}. */
        long dueBefore(long now) {
            return paused || now <= anchorNanos ? first : first + (long) Math.ceil((now - anchorNanos) / periodNanos);
        }
    }

    /** The current segment last; earlier ones only while they hold unsent messages. */
    private final Deque<Segment> segments = new ArrayDeque<>();
    private final boolean paced;
    private long index;

    private RateSchedule(long startNanos, double periodNanos) {
        this.paced = periodNanos > 0;
        segments.add(new Segment(0, startNanos, periodNanos, false, 0));
    }

    /**
     * @param ratePerSecond this producer's share of the workload's rate; 0 for unpaced
     * @param phase where in one period this producer starts, 0 ≤ phase &lt; 1, so that several
     *     producers interleave instead of sending in lockstep bursts
     */
    public static RateSchedule of(double ratePerSecond, long startNanos, double phase) {
        if (ratePerSecond <= 0) {
            return new RateSchedule(startNanos, 0);
        }
        double period = 1e9 / ratePerSecond;
        return new RateSchedule(startNanos + (long) (phase * period), period);
    }

    public boolean paced() {
        return paced;
    }

    /**
     * From {@code atNanos} on, messages are intended {@code ratePerSecond} a second (0 pauses). Messages
     * intended before that instant keep their times, sent or not; the first one after it comes as far
     * into the new period as it was into the old one, so intended times stay continuous (no burst, no
     * gap) and interleaved producers stay interleaved. Changes must come in the order of their
     * instants.
     *
     * @return the first message intended under the change
     * @throws IllegalStateException for an unpaced schedule, which has no rate to change
     */
    public long changeRate(double ratePerSecond, long atNanos) {
        return changeRate(ratePerSecond, atNanos, 0);
    }

    /**
     * {@link #changeRate(double, long)}, with {@code burst} messages all intended at {@code atNanos}
     * ahead of the new rate's first: a burst on top of the schedule, whose lateness shows as publish
     * delay like any other.
     *
     * @return the first message intended under the change: the burst's first, if there is one
     */
    public long changeRate(double ratePerSecond, long atNanos, long burst) {
        checkChange(ratePerSecond);
        Segment last = segments.getLast();
        long first = Math.max(index, last.dueBefore(atNanos));
        double remainder = last.paused() ? last.remainder()
                : Math.min(1, Math.max(0, (last.intendedOf(first) - atNanos) / last.periodNanos()));
        if (first == last.first()) {
            segments.removeLast(); // none of its messages was due yet: the new rate replaces it
        }
        long changeStart = first;
        if (burst > 0) {
            segments.add(new Segment(first, atNanos, 0, false, remainder));
            first += burst;
        }
        segments.add(rateFrom(first, ratePerSecond, atNanos, last.periodNanos(), remainder));
        return changeStart;
    }

    /**
     * From {@code atNanos} on, {@code ratePerSecond} messages a second (0 pauses), starting from the
     * next message not yet sent: messages intended before that instant and still unsent are intended
     * again under the new rate instead of keeping their times. For a max-rate search, where each window
     * must measure its own rate: otherwise what a failed window left unsent would all be due at once
     * in the next window and be published as fast as the producer can, whatever that window's rate.
     * The phase within a period is kept, so interleaved producers stay interleaved.
     *
     * @return the first message intended under the change: the next one to be sent
     * @throws IllegalStateException for an unpaced schedule, which has no rate to change
     */
    public long restartRate(double ratePerSecond, long atNanos) {
        checkChange(ratePerSecond);
        Segment last = segments.getLast();
        double remainder = last.paused() ? last.remainder() : phaseOf(last.intendedOf(index) - atNanos, last.periodNanos());
        segments.clear();
        segments.add(rateFrom(index, ratePerSecond, atNanos, last.periodNanos(), remainder));
        return index;
    }

    /**
     * The segment of {@code ratePerSecond} from message {@code first}, beginning at {@code atNanos} that
     * far into its period; at rate 0, a pause that keeps {@code pausedPeriodNanos} to resume from.
     */
    private static Segment rateFrom(long first, double ratePerSecond, long atNanos, double pausedPeriodNanos,
            double remainder) {
        if (ratePerSecond == 0) {
            return new Segment(first, atNanos, pausedPeriodNanos, true, remainder);
        }
        double period = 1e9 / ratePerSecond;
        return new Segment(first, atNanos + (long) (remainder * period), period, false, remainder);
    }

    private void checkChange(double ratePerSecond) {
        if (!paced) {
            throw new IllegalStateException("an unpaced schedule has no rate to change");
        }
        if (!(ratePerSecond >= 0) || Double.isInfinite(ratePerSecond)) {
            throw new IllegalArgumentException("rate must be finite and >= 0, not " + ratePerSecond);
        }
    }

    /** How far into a period of {@code periodNanos} an offset of {@code offsetNanos} is: 0 ≤ result &lt; 1. */
    private static double phaseOf(long offsetNanos, double periodNanos) {
        double periods = offsetNanos / periodNanos;
        return periods - Math.floor(periods);
    }

    /** The intended send time of the next message; for an unpaced schedule, {@code now}; paused, never. */
    public long nextIntended(long now) {
        if (!paced) {
            return now;
        }
        Segment segment = segmentOf(index);
        return segment.paused() ? Long.MAX_VALUE : segment.intendedOf(index);
    }

    public void advance() {
        index++;
        while (segments.size() > 1 && segments.getFirst() != segmentOf(index)) {
            segments.removeFirst();
        }
    }

    /**
     * How many messages are due by {@code now} (intended at or before it); 0 for an unpaced schedule.
     * Asked no earlier than the latest change.
     */
    public long dueBy(long now) {
        if (!paced) {
            return 0;
        }
        Segment last = segments.getLast();
        if (last.paused() || now < last.anchorNanos()) {
            return last.first();
        }
        long due = last.first() + (long) ((now - last.anchorNanos()) / last.periodNanos()) + 1;
        // the division can round the other way from intendedOf's multiplication, which decides when each message goes
        if (last.intendedOf(due) <= now) {
            return due + 1;
        }
        return last.intendedOf(due - 1) > now ? due - 1 : due;
    }

    /**
     * The intended send time of message {@code n} of a paced schedule. For a message of a segment the
     * schedule no longer keeps (all sent), the earliest kept segment's start: later than its true
     * intended time, so latencies measured from it are lower bounds.
     */
    public long intendedOf(long n) {
        Segment segment = segmentOf(n);
        return segment.intendedOf(Math.max(n, segment.first()));
    }

    /** The first message of the current rate, from which {@link #intendedOf} follows {@link #periodNanos}. */
    public long segmentStart() {
        return segments.getLast().first();
    }

    /** Nanoseconds between two messages at the current (or, paused, the last running) rate; 0 unpaced. */
    public double periodNanos() {
        return segments.getLast().periodNanos();
    }

    private Segment segmentOf(long n) {
        var it = segments.descendingIterator();
        Segment segment = it.next();
        while (segment.first() > n && it.hasNext()) {
            segment = it.next();
        }
        return segment;
    }
}

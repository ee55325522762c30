package io.brokerbench.fault;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerbench.measurement.RunTotals;
import io.brokerbench.result.model.FaultOutcome;
import io.brokerbench.stats.LatencyHistograms;
import io.brokerbench.workload.FaultSpec;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The fault's judge fed snapshots a quarter second apart, as a run with faults takes them; no real time. */
class FaultWatchTest {

    private static final long TICK = 250_000_000L;
    private static final double RATE = 1000;

    private final List<String> said = new ArrayList<>();
    private long now;
    private long sent;
    private long acked;
    private long received;
    private long retried = RunTotals.NOT_COUNTED;

    @Test
    void aStallIsNoticedMeasuredAndItsRecoveryFound() {
        FaultSchedule schedule = new FaultSchedule(List.of(new FaultSpec(1, FaultSpec.Action.KILL, "leader", null, null, null, null, null, null, null, null)),
                null, 7, () -> now);
        FaultWatch watch = new FaultWatch(schedule, () -> RATE, (nanos, text) -> said.add(text));
        watch.measuredPhaseStarts(0);
        ticks(watch, 4, 250, 250);                       // 1 s steady: 250 sent and acknowledged a tick
        schedule.faults().get(0).hit("kafka-1", "leader of partition 0 of t", "kafka-1", now);
        ticks(watch, 8, 250, 0);                         // 2 s: sends go out, nothing is acknowledged
        ticks(watch, 4, 250, 750);                       // 1 s: the backlog of acknowledgements comes in
        ticks(watch, 4, 250, 250);                       // steady again
        watch.measuredPhaseEnds();

        FaultOutcome fault = watch.outcomes().get(0);
        assertEquals(0.25, fault.noticedAfterSeconds(), 1e-9, fault.toString());
        assertEquals(2.0, fault.unavailableSeconds(), 1e-9, fault.toString());
        assertEquals(0.0, fault.unavailableFromSeconds(), 1e-9, fault.toString());
        // the first tick after the stall acknowledges 3 ticks' worth: rate held, backlog (acknowledged −
        // received) back, no publish delay recorded: recovered at its end
        assertEquals(2.25, fault.recoveredAfterSeconds(), 1e-9, fault.toString());
        assertEquals(1.0, fault.startedAtSeconds(), 1e-9);
        assertEquals(1000, fault.before().messages());
        assertEquals(2.25, fault.during().seconds(), 1e-9);
        assertEquals(20, watch.timeline().size());
        assertNull(fault.during().retried(), "clients that do not count their retries: not known, not 0");
        assertNull(watch.timeline().get(0).retryRate());
        assertTrue(said.contains("fault 1: the clients noticed 0.25 s after it (acknowledgements stalled)"), said.toString());
        assertTrue(said.contains("fault 1: recovered 2.25 s after it (acknowledgements stopped for 2.00 s)"), said.toString());
    }

    @Test
    void theSendsTheClientsRetriedAreCountedPerStretchAndPerSnapshot() {
        FaultSchedule schedule = new FaultSchedule(List.of(new FaultSpec(1, FaultSpec.Action.KILL, "leader", null, null, null, null, null, null, null, null)),
                null, 7, () -> now);
        FaultWatch watch = new FaultWatch(schedule, () -> RATE, (nanos, text) -> said.add(text));
        retried = 0;
        watch.measuredPhaseStarts(0);
        ticks(watch, 4, 250, 250);
        schedule.faults().get(0).hit("kafka-1", "leader of partition 0 of t", "kafka-1", now);
        ticks(watch, 4, 250, 0, 0);
        ticks(watch, 2, 250, 0, 300);                    // the clients retry what went to the dead leader
        ticks(watch, 4, 250, 750, 10);                   // and a little more as the new leader takes over
        ticks(watch, 4, 250, 250, 0);
        watch.measuredPhaseEnds();

        FaultOutcome fault = watch.outcomes().get(0);
        assertEquals(0L, fault.before().retried(), fault.toString());
        // recovered at the end of the first catching-up tick: 2 × 300 + 10 retried up to there
        assertEquals(1.75, fault.recoveredAfterSeconds(), 1e-9, fault.toString());
        assertEquals(610L, fault.during().retried(), fault.toString());
        assertEquals(30L, fault.after().retried(), fault.toString());
        assertEquals(1200.0, watch.timeline().get(9).retryRate(), 1e-9, "300 in a quarter second");
        assertTrue(said.contains("fault 1: recovered 1.75 s after it (acknowledgements stopped for 1.50 s; the clients retried 610 sends)"),
                said.toString());
    }

    @Test
    void aFaultTheClientsNeverSeeHasNoNoticeAndNoRecovery() {
        FaultSchedule schedule = new FaultSchedule(List.of(new FaultSpec(1, FaultSpec.Action.PAUSE, "follower", 2, null, null, null, null, null, null, null)),
                null, 7, () -> now);
        FaultWatch watch = new FaultWatch(schedule, () -> RATE, (nanos, text) -> said.add(text));
        watch.measuredPhaseStarts(0);
        ticks(watch, 4, 250, 250);
        schedule.faults().get(0).hit("kafka-2", "follower of partition 0 of t", "kafka-1", now);
        ticks(watch, 12, 250, 250);
        watch.measuredPhaseEnds();

        FaultOutcome fault = watch.outcomes().get(0);
        assertNull(fault.noticedAfterSeconds(), fault.toString());
        assertNull(fault.recoveredAfterSeconds(), fault.toString());
        assertEquals(0.0, fault.unavailableSeconds(), 1e-9, fault.toString());
        assertNull(fault.after(), fault.toString());
    }

    @Test
    void aFaultNotReachedSaysSo() throws Exception {
        FaultSchedule schedule = new FaultSchedule(List.of(new FaultSpec(50, FaultSpec.Action.KILL, "leader", null, null, null, null, null, null, null, null)),
                null, 7, () -> now);
        FaultWatch watch = new FaultWatch(schedule, () -> RATE, (nanos, text) -> said.add(text));
        schedule.stop();
        FaultOutcome fault = watch.outcomes().get(0);
        assertEquals(false, fault.applied());
        assertEquals("the measured phase ended first", fault.notApplied());
        assertNull(fault.during());
    }

    /** {@code count} snapshots of a quarter second, each sending and acknowledging as given; consumers keep up. */
    private void ticks(FaultWatch watch, int count, long sends, long acks) {
        ticks(watch, count, sends, acks, 0);
    }

    /** As above, the clients retrying {@code retries} sends a snapshot (if they count their retries). */
    private void ticks(FaultWatch watch, int count, long sends, long acks, long retries) {
        for (int i = 0; i < count; i++) {
            RunTotals before = totals();
            now += TICK;
            if (retried != RunTotals.NOT_COUNTED) {
                retried += retries;
            }
            sent += sends;
            acked += acks;
            received = acked;
            RunTotals after = totals();
            watch.observe(after.minus(before), after, new LatencyHistograms(), acked - received);
        }
    }

    private RunTotals totals() {
        return new RunTotals(sent, acked, 0, received, 0, 0, 0, now, 0, retried);
    }
}

package io.brokerbench.fault;

import io.brokerbench.workload.FaultSpec;

/**
 * What became of one fault of the workload: the node it hit and when, and what the broker reported
 * about leadership before and after. Written by the {@link FaultSchedule}'s thread, read by the
 * {@link FaultWatch} on the meter's: every field is published through a volatile write.
 */
public final class AppliedFault {

    private final int index;
    private final FaultSpec spec;
    private volatile String node;
    private volatile String role;
    private volatile String leaderBefore;
    private volatile String leaderAfter;
    private volatile long startedNanos;
    private volatile long endedNanos;
    private volatile long leaderMovedNanos;
    private volatile String notApplied;
    private volatile String undoFailed;

    AppliedFault(int index, FaultSpec spec) {
        this.index = index;
        this.spec = spec;
    }

    void hit(String node, String role, String leaderBefore, long startedNanos) {
        this.node = node;
        this.role = role;
        this.leaderBefore = leaderBefore;
        this.startedNanos = startedNanos;
    }

    void ended(long nanos) {
        this.endedNanos = nanos;
    }

    void leaderMoved(String leader, long nanos) {
        this.leaderAfter = leader;
        this.leaderMovedNanos = nanos;
    }

    void leaderStayed(String leader) {
        this.leaderAfter = leader;
    }

    void notApplied(String why) {
        this.notApplied = why;
    }

    void undoFailed(String how) {
        this.undoFailed = how;
    }

    /** From 1, in time order. */
    public int index() {
        return index;
    }

    public FaultSpec spec() {
        return spec;
    }

    /** The node it hit; null if it was not applied (yet). */
    public String node() {
        return node;
    }

    /** What the node was when hit ("leader of t partition 0", "controller", "named"); null if not applied. */
    public String role() {
        return role;
    }

    public String leaderBefore() {
        return leaderBefore;
    }

    /** The partition's leader once it moved (or, if it never did, as it was when the watch ended); null if unknown. */
    public String leaderAfter() {
        return leaderAfter;
    }

    /** When the action was taken, on the run's clock; 0 if not (yet). */
    public long startedNanos() {
        return startedNanos;
    }

    /** When a pause or restart ended (the node resumed or started again) or a command's undo ran; 0 if it did not (kill, stop). */
    public long endedNanos() {
        return endedNanos;
    }

    /** When the broker first reported another leader for the partition; 0 if it did not. */
    public long leaderMovedNanos() {
        return leaderMovedNanos;
    }

    /** Why the fault was not applied (the run ended first, the broker named no leader); null if it was. */
    public String notAppliedReason() {
        return notApplied;
    }

    /** How a command fault's undo failed ("exited with code 1: …"); null if it ran, or there was none. */
    public String undoFailure() {
        return undoFailed;
    }

    public boolean applied() {
        return startedNanos != 0;
    }
}

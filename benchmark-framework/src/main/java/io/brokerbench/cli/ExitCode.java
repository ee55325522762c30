package io.brokerbench.cli;

import io.brokerbench.measurement.RunRecord;

/** The benchmark's exit codes (documented in the README). */
public final class ExitCode {

    /** Every run completed and every subscription got every message exactly once, in order where promised. */
    public static final int OK = 0;
    /**
     * A run did not complete (driver failure, broker unreachable, readiness timeout; its partial
     * result is written), or a result or report file could not be written.
     */
    public static final int RUN_FAILED = 1;
    /** Bad input: a workload, driver or workers file, or a command-line argument (an unwritable --output too). Nothing ran. */
    public static final int BAD_INPUT = 2;
    /**
     * Runs completed, but what was sent was not all delivered: messages lost, duplicated or reordered,
     * sends that failed or were never acknowledged.
     */
    public static final int DELIVERY_FAILED = 3;
    /**
     * Runs completed and everything sent was delivered, but producers fell behind their schedule:
     * messages due were never sent, so the run did not hold its rate. Kept apart from {@link
     * #DELIVERY_FAILED} because it is a finding about capacity, not about the broker losing messages.
     */
    public static final int RATE_NOT_HELD = 4;
    /** {@code bin/compare --fail-if-worse}: the candidate is worse than the gate allows. */
    public static final int REGRESSION = 5;
    /** Interrupted (Ctrl-C); the result of the interrupted run is written, marked incomplete. */
    public static final int INTERRUPTED = 130;

    private ExitCode() {
    }

    /** The exit code of one completed run whose result was written. */
    public static int of(RunRecord run) {
        if (run.deliveredCleanly()) {
            return OK;
        }
        return run.sentDeliveredCleanly() ? RATE_NOT_HELD : DELIVERY_FAILED;
    }

    /**
     * The code to return when runs ended with {@code a} and {@code b}: the more severe. Severity is the
     * number, except that {@link #RATE_NOT_HELD} ranks just above {@link #OK}: a rate not held says less
     * than a failed run or a delivery fault.
     */
    public static int worst(int a, int b) {
        return severity(a) >= severity(b) ? a : b;
    }

    private static double severity(int code) {
        return code == RATE_NOT_HELD ? 0.5 : code;
    }
}

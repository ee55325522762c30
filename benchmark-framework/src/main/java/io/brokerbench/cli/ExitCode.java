package io.brokerbench.cli;

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
    /** Runs completed, but delivery verification found lost, duplicated or reordered messages. */
    public static final int DELIVERY_FAILED = 3;
    /** Interrupted (Ctrl-C); the result of the interrupted run is written, marked incomplete. */
    public static final int INTERRUPTED = 130;

    private ExitCode() {
    }
}

package io.brokerbench.run;

/** A stop was requested (Ctrl-C, a lost worker): the run unwinds, keeping what it measured. */
final class RunInterrupted extends RuntimeException {

    private static final long serialVersionUID = 1L;

    RunInterrupted() {
        super(null, null, false, false);
    }
}

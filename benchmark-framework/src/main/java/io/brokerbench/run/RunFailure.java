package io.brokerbench.run;

/** The run could not go on; the message is one line for the user. */
public final class RunFailure extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public RunFailure(String message) {
        super(message);
    }
}

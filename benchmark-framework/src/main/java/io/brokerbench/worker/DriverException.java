package io.brokerbench.worker;

/** A driver failed or timed out; the message is one line for the user. */
public final class DriverException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public DriverException(String message) {
        super(message);
    }

    public DriverException(String message, Throwable cause) {
        super(message, cause);
    }
}

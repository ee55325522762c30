package io.brokerbench.worker;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

/** A driver failed or timed out; the message is one line for the user. */
public final class DriverException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public DriverException(String message) {
        super(message);
    }

    public DriverException(String message, Throwable cause) {
        super(message, cause);
    }

    /** The innermost useful message of a driver's exception, on one line. */
    public static String describe(Throwable error) {
        Throwable root = error;
        while (root.getCause() != null && root.getCause() != root
                && (root.getMessage() == null || root instanceof CompletionException
                        || root instanceof ExecutionException)) {
            root = root.getCause();
        }
        String message = root.getMessage() == null ? root.getClass().getSimpleName()
                : root.getClass().getSimpleName() + ": " + root.getMessage();
        return message.replaceAll("\\s*\\R\\s*", " ");
    }
}

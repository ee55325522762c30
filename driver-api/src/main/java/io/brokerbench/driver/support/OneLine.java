package io.brokerbench.driver.support;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.UndeclaredThrowableException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

/**
 * The one way an exception becomes text for a user: one line, bounded, saying what went wrong and
 * why. Drivers, the framework and its log lines all use it, so an error reads the same wherever it
 * surfaces (an exit message, a worker's HTTP answer, a log line, a retry warning).
 */
public final class OneLine {

    /**
     * Longer lines are cut: a Pulsar admin error can carry a whole HTML page, and a client library
     * can put a list of every configuration value into one message. Generous, so that the
     * framework's and drivers' own messages (a file, a field, its value and the valid ones) stay whole.
     */
    public static final int MAX_CHARS = 1_000;

    private OneLine() {
    }

    /**
     * {@code "Type: message"} of the exception that says what failed, then {@code "; cause: Type:
     * message"} of the innermost cause when that adds something (the reason a client library
     * gives, e.g. "Connection refused"). Futures and reflection wrap the real error, and {@code new
     * RuntimeException(cause)} only repeats it, so those layers are skipped. Suppressed exceptions
     * are left out: they are what failed while cleaning up after this error, not its reason.
     */
    public static String of(Throwable error) {
        List<Throwable> chain = causeChain(Objects.requireNonNull(error, "error"));
        int head = 0;
        while (head < chain.size() - 1 && isWrapper(chain.get(head), chain.get(head + 1))) {
            head++;
        }
        Throwable shown = chain.get(head);
        Throwable root = chain.get(chain.size() - 1);
        String line = describe(shown);
        // the outer message often quotes its cause's already
        if (root != shown && (root.getMessage() == null || root.getMessage().isBlank()
                || !shown.getMessage().contains(root.getMessage()))) {
            line += "; cause: " + describe(root);
        }
        return text(line);
    }

    /**
     * The message alone, on one line, for errors written for the user (the framework's and the
     * drivers' own name file, field and value, and their type would only be noise); the type when
     * there is no message.
     */
    public static String message(Throwable error) {
        String message = error.getMessage();
        return message == null || message.isBlank() ? describe(error) : text(message);
    }

    /**
     * The text on one line: line breaks and the blanks around them become one space, leading and
     * trailing blanks go, and more than {@link #MAX_CHARS} characters end in "...".
     */
    public static String text(String text) {
        String flat = text.strip().replaceAll("\\s*\\R\\s*", " ");
        if (flat.length() <= MAX_CHARS) {
            return flat;
        }
        int end = Character.isHighSurrogate(flat.charAt(MAX_CHARS - 1)) ? MAX_CHARS - 1 : MAX_CHARS;
        return flat.substring(0, end) + "...";
    }

    /** The error and its causes, outermost first; bounded by what it has seen, as a chain can loop back on itself. */
    private static List<Throwable> causeChain(Throwable error) {
        Set<Throwable> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        List<Throwable> chain = new ArrayList<>();
        for (Throwable next = error; next != null && seen.add(next); next = next.getCause()) {
            chain.add(next);
        }
        return chain;
    }

    private static boolean isWrapper(Throwable error, Throwable cause) {
        String message = error.getMessage();
        return error instanceof CompletionException || error instanceof ExecutionException
                || error instanceof InvocationTargetException || error instanceof UndeclaredThrowableException
                || message == null || message.isBlank() || message.equals(cause.toString());
    }

    private static String describe(Throwable error) {
        // anonymous and local classes have no simple name
        String type = error.getClass().getSimpleName().isEmpty() ? error.getClass().getName()
                : error.getClass().getSimpleName();
        String message = error.getMessage();
        return message == null || message.isBlank() ? type : type + ": " + message.strip();
    }
}

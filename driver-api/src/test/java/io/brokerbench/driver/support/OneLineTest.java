package io.brokerbench.driver.support;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.EOFException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.InvocationTargetException;
import java.net.ConnectException;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.Test;

class OneLineTest {

    @Test
    void anExceptionIsItsSimpleTypeAndMessage() {
        assertEquals("IllegalStateException: topic t does not exist", OneLine.of(new IllegalStateException("topic t does not exist")));
    }

    @Test
    void aNullOrBlankMessageLeavesTheType() {
        assertEquals("NullPointerException", OneLine.of(new NullPointerException()));
        assertEquals("IOException", OneLine.of(new IOException(" \n ")));
    }

    @Test
    void anAnonymousClassIsNamedByItsBinaryName() {
        RuntimeException anonymous = new RuntimeException("boom") {
        };
        assertEquals(anonymous.getClass().getName() + ": boom", OneLine.of(anonymous));
    }

    @Test
    void theInnermostCauseFollowsTheErrorThatSaysWhatFailed() {
        IOException error = new IOException("Connection to 127.0.0.1:9092 failed",
                new IllegalStateException("handshake", new ConnectException("Connection refused")));
        assertEquals("IOException: Connection to 127.0.0.1:9092 failed; cause: ConnectException: Connection refused",
                OneLine.of(error));
    }

    @Test
    void aCauseTheMessageQuotesAlreadyIsNotRepeated() {
        IOException cause = new IOException("Connection refused");
        assertEquals("IllegalStateException: redis: Connection refused",
                OneLine.of(new IllegalStateException("redis: Connection refused", cause)));
    }

    @Test
    void aCauseWithoutMessageIsNamedByItsType() {
        assertEquals("IOException: read failed; cause: EOFException",
                OneLine.of(new IOException("read failed", new EOFException())));
    }

    @Test
    void futureAndReflectionWrappersAndBareRewrapsAreSkipped() {
        IllegalArgumentException real = new IllegalArgumentException("bad acks");
        assertEquals("IllegalArgumentException: bad acks", OneLine.of(new ExecutionException(real)));
        assertEquals("IllegalArgumentException: bad acks", OneLine.of(new CompletionException("wrapped", real)));
        assertEquals("IllegalArgumentException: bad acks", OneLine.of(new InvocationTargetException(real)));
        assertEquals("IllegalArgumentException: bad acks", OneLine.of(new RuntimeException(real)));
        assertEquals("IllegalArgumentException: bad acks", OneLine.of(new RuntimeException(null, real)));
        assertEquals("IOException: Connection refused",
                OneLine.of(new CompletionException(new UncheckedIOException(new IOException("Connection refused")))));
    }

    @Test
    void aCauseChainThatLoopsBackEnds() {
        LoopingException first = new LoopingException("first");
        LoopingException second = new LoopingException("second");
        first.cause = second;
        second.cause = first;
        assertEquals("LoopingException: first; cause: LoopingException: second", OneLine.of(first));

        LoopingException silent = new LoopingException(null);
        LoopingException alsoSilent = new LoopingException(null);
        silent.cause = alsoSilent;
        alsoSilent.cause = silent;
        assertEquals("LoopingException", OneLine.of(silent));
    }

    @Test
    void suppressedExceptionsAreLeftOut() {
        IOException error = new IOException("send failed");
        error.addSuppressed(new IllegalStateException("close failed\nwith a second line"));
        assertEquals("IOException: send failed", OneLine.of(error));
    }

    @Test
    void lineBreaksAndTheBlanksAroundThemBecomeOneSpace() {
        IllegalStateException error = new IllegalStateException("  first line \r\n\tsecond line\n\nthird\u2028fourth  ",
                new IOException("inner\nreason"));
        assertEquals("IllegalStateException: first line second line third fourth; cause: IOException: inner reason",
                OneLine.of(error));
    }

    @Test
    void aVeryLongMessageIsCutWithAnEllipsis() {
        String line = OneLine.of(new IllegalStateException("x".repeat(10_000)));
        assertEquals(OneLine.MAX_CHARS + "...".length(), line.length());
        assertTrue(line.startsWith("IllegalStateException: xxx") && line.endsWith("x..."), line);
    }

    @Test
    void aCutNeverSplitsASurrogatePair() {
        String emoji = "\uD83D\uDE00";
        String text = "a" + emoji.repeat(OneLine.MAX_CHARS);
        String line = OneLine.text(text);
        assertTrue(line.endsWith(emoji + "..."), line);
    }

    @Test
    void textAtTheLimitIsKeptWhole() {
        String text = "y".repeat(OneLine.MAX_CHARS);
        assertEquals(text, OneLine.text(text));
    }

    @Test
    void aMessageWrittenForTheUserIsShownWithoutItsTypeOrCause() {
        IllegalArgumentException error = new IllegalArgumentException("kafka.yaml: field 'acks' = 'some':\n not a value",
                new IOException("ignored"));
        assertEquals("kafka.yaml: field 'acks' = 'some': not a value", OneLine.message(error));
        assertEquals("IllegalArgumentException", OneLine.message(new IllegalArgumentException()));
    }

    @Test
    void noExceptionIsAProgrammingError() {
        assertThrows(NullPointerException.class, () -> OneLine.of(null));
    }

    /** A cause chain that loops: Throwable.initCause refuses to build one, an override does not. */
    private static final class LoopingException extends RuntimeException {

        private static final long serialVersionUID = 1L;
        private transient Throwable cause;

        LoopingException(String message) {
            super(message);
        }

        @Override
        public synchronized Throwable getCause() {
            return cause;
        }
    }
}

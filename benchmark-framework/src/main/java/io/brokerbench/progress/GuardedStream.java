package io.brokerbench.progress;

import java.io.PrintStream;
import java.util.Locale;

/**
 * A stream whose every write goes round a {@link ProgressLine}: the line is cleared first and drawn
 * again once the output has ended its line. Each method hands its arguments to the stream it
 * guards unchanged, so that stream's own encoding and flushing apply as before.
 */
final class GuardedStream extends PrintStream {

    private final ProgressLine line;
    private final PrintStream delegate;

    GuardedStream(ProgressLine line, PrintStream delegate) {
        super(delegate, true);
        this.line = line;
        this.delegate = delegate;
    }

    ProgressLine line() {
        return line;
    }

    private void write(Runnable write, boolean endsLine) {
        line.otherOutput(write, delegate, endsLine);
    }

    private static boolean endsLine(String text) {
        return text.endsWith("\n");
    }

    @Override
    public void write(int b) {
        write(() -> delegate.write(b), b == '\n');
    }

    @Override
    public void write(byte[] buf, int off, int len) {
        if (len > 0) {
            write(() -> delegate.write(buf, off, len), buf[off + len - 1] == '\n');
        }
    }

    @Override
    public void write(byte[] buf) {
        write(buf, 0, buf.length);
    }

    @Override
    public void writeBytes(byte[] buf) {
        write(buf, 0, buf.length);
    }

    @Override
    public void print(boolean b) {
        print(String.valueOf(b));
    }

    @Override
    public void print(char c) {
        write(() -> delegate.print(c), c == '\n');
    }

    @Override
    public void print(int i) {
        print(String.valueOf(i));
    }

    @Override
    public void print(long l) {
        print(String.valueOf(l));
    }

    @Override
    public void print(float f) {
        print(String.valueOf(f));
    }

    @Override
    public void print(double d) {
        print(String.valueOf(d));
    }

    @Override
    public void print(char[] s) {
        print(new String(s));
    }

    @Override
    public void print(String s) {
        String text = String.valueOf(s);
        if (!text.isEmpty()) {
            write(() -> delegate.print(text), endsLine(text));
        }
    }

    @Override
    public void print(Object obj) {
        print(String.valueOf(obj));
    }

    @Override
    public void println() {
        write(delegate::println, true);
    }

    @Override
    public void println(boolean x) {
        println(String.valueOf(x));
    }

    @Override
    public void println(char x) {
        println(String.valueOf(x));
    }

    @Override
    public void println(int x) {
        println(String.valueOf(x));
    }

    @Override
    public void println(long x) {
        println(String.valueOf(x));
    }

    @Override
    public void println(float x) {
        println(String.valueOf(x));
    }

    @Override
    public void println(double x) {
        println(String.valueOf(x));
    }

    @Override
    public void println(char[] x) {
        println(new String(x));
    }

    @Override
    public void println(String x) {
        write(() -> delegate.println(x), true);
    }

    @Override
    public void println(Object x) {
        println(String.valueOf(x));
    }

    @Override
    public PrintStream printf(String format, Object... args) {
        return format(format, args);
    }

    @Override
    public PrintStream printf(Locale l, String format, Object... args) {
        return format(l, format, args);
    }

    @Override
    public PrintStream format(String format, Object... args) {
        print(String.format(format, args));
        return this;
    }

    @Override
    public PrintStream format(Locale l, String format, Object... args) {
        print(String.format(l, format, args));
        return this;
    }

    @Override
    public PrintStream append(CharSequence csq) {
        print(String.valueOf(csq));
        return this;
    }

    @Override
    public PrintStream append(CharSequence csq, int start, int end) {
        print(String.valueOf(csq == null ? "null" : csq).substring(start, end));
        return this;
    }

    @Override
    public PrintStream append(char c) {
        print(c);
        return this;
    }

    @Override
    public void flush() {
        delegate.flush();
    }

    @Override
    public void close() {
        delegate.close();
    }

    @Override
    public boolean checkError() {
        return delegate.checkError();
    }
}

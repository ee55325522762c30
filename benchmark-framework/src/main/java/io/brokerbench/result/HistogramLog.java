package io.brokerbench.result;

import io.brokerbench.measurement.HistogramSink;
import io.brokerbench.metrics.CpuTime;
import io.brokerbench.stats.LatencyHistograms;
import io.brokerbench.stats.Metric;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * A run's raw latency histograms in HdrHistogram's log format ({@code <result>.hlog} beside
 * {@code <result>.json}), written interval by interval as the run measures, so an interrupted run
 * keeps what it measured and other HdrHistogram tools read it. One entry per reporting interval and
 * metric, tagged {@code <phase>.<metric>} ({@code measure.endToEndLatency}); values in microseconds,
 * timestamps in seconds since the load started. The drain after the load ends is one
 * {@code drain.*} entry, the samples counted for messages that never completed one
 * {@code censored.*} entry: the result's aggregate is the {@code measure}, {@code drain} and
 * {@code censored} entries merged.
 */
public final class HistogramLog implements HistogramSink, AutoCloseable {

    /** Histogram values are microseconds; the log's max column shows milliseconds. */
    private static final double MAX_VALUE_UNIT_RATIO = 1000.0;

    private final Path file;
    private final PrintStream out;
    private final HistogramLogWriter writer;
    private long entries;
    private long cpuNanos;

    private HistogramLog(Path file, PrintStream out) {
        this.file = file;
        this.out = out;
        this.writer = new HistogramLogWriter(out);
    }

    /** Where the log of the result {@code <name>.json} goes: {@code <name>.hlog} beside it. */
    public static Path pathFor(Path resultJson) {
        String name = resultJson.getFileName().toString();
        String base = name.endsWith(".json") ? name.substring(0, name.length() - ".json".length()) : name;
        return resultJson.resolveSibling(base + ".hlog");
    }

    /** Opens the log of the result {@code resultJson}, replacing an earlier one of the same name. */
    public static HistogramLog open(Path resultJson, String describedAs) throws IOException {
        Path file = pathFor(resultJson.toAbsolutePath());
        Files.createDirectories(file.getParent());
        PrintStream out = new PrintStream(new BufferedOutputStream(Files.newOutputStream(file)), false, StandardCharsets.UTF_8);
        HistogramLog log = new HistogramLog(file, out);
        log.writer.outputComment("brokerbench latency histograms: " + describedAs.replace('\n', ' '));
        log.writer.outputComment("values in microseconds; tags <phase>.<metric>; the result's aggregate: measure, drain"
                + " and censored entries merged");
        log.writer.outputLogFormatVersion();
        out.flush();
        return log;
    }

    @Override
    public synchronized void loadStarted(long epochMillis) {
        writer.outputStartTime(epochMillis);
        writer.outputLegend();
        out.flush();
    }

    @Override
    public void interval(String phase, double startSeconds, double endSeconds, LatencyHistograms histograms) {
        write(phase, startSeconds, endSeconds, histograms);
    }

    @Override
    public void censored(double endSeconds, LatencyHistograms histograms) {
        write("censored", endSeconds, endSeconds, histograms);
    }

    private synchronized void write(String phase, double startSeconds, double endSeconds, LatencyHistograms histograms) {
        long start = CpuTime.currentThreadNanos();
        for (Metric metric : Metric.values()) {
            Histogram histogram = histograms.get(metric);
            if (histogram.getTotalCount() == 0) {
                continue;
            }
            Histogram entry = histogram.copy();
            entry.setTag(phase + "." + metric.resultName());
            writer.outputIntervalHistogram(startSeconds, endSeconds, entry, MAX_VALUE_UNIT_RATIO);
            entries++;
        }
        // each interval reaches the file as it ends: an interrupted run keeps what it measured
        out.flush();
        cpuNanos += CpuTime.currentThreadNanos() - start;
    }

    /** What keeping the log cost, for the console: entries, bytes and the CPU time writing them took. */
    public synchronized String cost() {
        long bytes;
        try {
            bytes = Files.size(file);
        } catch (IOException e) {
            bytes = -1;
        }
        return String.format(Locale.ROOT, "%,d entries, %,d bytes, %.1f ms CPU", entries, bytes, cpuNanos / 1e6);
    }

    @Override
    public String fileName() {
        return file.getFileName().toString();
    }

    /** Whether writing failed at some point (a full disk): the log is then incomplete. */
    public boolean failed() {
        return out.checkError();
    }

    @Override
    public synchronized void close() {
        out.close();
    }

    /** Closes the log and deletes its file, which {@link #open} created: for a run refused before its load started. */
    public synchronized void discard() throws IOException {
        out.close();
        Files.deleteIfExists(file);
    }
}

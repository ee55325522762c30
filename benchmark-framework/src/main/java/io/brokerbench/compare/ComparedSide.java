package io.brokerbench.compare;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.brokerbench.config.ConfigException;
import io.brokerbench.result.HistogramLog;
import io.brokerbench.result.ResultReader;
import io.brokerbench.result.model.BenchmarkResult;
import io.brokerbench.result.model.RepeatSpread;
import io.brokerbench.result.model.RepeatSummaryDocument;
import io.brokerbench.result.model.SweepDocument;
import io.brokerbench.stats.LatencyHistograms;
import io.brokerbench.stats.Metric;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;

/**
 * One side of a comparison: the runs of one workload on one driver, from a result file, a
 * {@code --repeat} summary (its runs' files beside it) or a directory of result files.
 */
public record ComparedSide(String name, Path source, List<RunOnSide> runs) {

    /** The entries of a histogram log that make the result's aggregate (see {@link HistogramLog}). */
    private static final Set<String> AGGREGATE_PHASES = Set.of("measure", "drain", "censored");
    private static final ObjectMapper JSON = new ObjectMapper();

    /** Reads the side at {@code path}; anything that is not one is a one-line {@link ConfigException} naming it. */
    static ComparedSide read(String name, Path path) {
        return of(name, path, resultFiles(path));
    }

    /** The runs in {@code files}, which {@code source} stands for (a directory, a summary, a sweep's step). */
    static ComparedSide of(String name, Path source, List<Path> files) {
        if (files.isEmpty()) {
            throw ConfigException.file(source, "no result files of bin/benchmark in it");
        }
        List<RunOnSide> runs = new ArrayList<>();
        for (Path file : files) {
            BenchmarkResult result = ResultReader.read(file);
            runs.add(new RunOnSide(file, result, histograms(file, result)));
        }
        BenchmarkResult first = runs.get(0).result();
        for (RunOnSide run : runs) {
            if (!String.valueOf(run.result().driver()).equals(String.valueOf(first.driver()))
                    || !String.valueOf(run.result().workload()).equals(String.valueOf(first.workload()))) {
                throw ConfigException.file(source, "mixes " + first.workload() + " on " + first.driver() + " with "
                        + run.result().workload() + " on " + run.result().driver() + " (" + run.file().getFileName()
                        + "): a side is the runs of one workload on one driver");
            }
        }
        return new ComparedSide(name, source, runs);
    }

    /** The result files a path stands for: itself, a summary's runs, or a directory's results. */
    private static List<Path> resultFiles(Path path) {
        if (Files.isDirectory(path)) {
            try (Stream<Path> entries = Files.list(path)) {
                return entries.filter(p -> p.getFileName().toString().endsWith(".json"))
                        .filter(ComparedSide::isRunResult).sorted().toList();
            } catch (IOException e) {
                throw ConfigException.file(path, "cannot list: " + e.getMessage());
            }
        }
        String schema = schema(path);
        if (schema.equals(RepeatSummaryDocument.SCHEMA)) {
            RepeatSummaryDocument summary = ResultReader.readDocument(path, RepeatSummaryDocument.class);
            return summary.spread().runs().stream().map(RepeatSpread.Run::file).map(path::resolveSibling).toList();
        }
        if (schema.equals(SweepDocument.SCHEMA)) {
            throw ConfigException.file(path, "a sweep result against runs that are not a sweep: compare a sweep with a sweep"
                    + " (step by step) or one step's runs with other runs");
        }
        return List.of(path);
    }

    /** The {@code schema} a document names ("" for a result file, which names none); a directory has none either. */
    static String schema(Path path) {
        return Files.isDirectory(path) ? "" : tree(path).path("schema").asText("");
    }

    private static boolean isRunResult(Path file) {
        JsonNode root = tree(file);
        return root.path("publishRate").isArray();
    }

    private static JsonNode tree(Path file) {
        try {
            return JSON.readTree(file.toFile());
        } catch (IOException e) {
            throw ConfigException.file(file, "not valid JSON: " + e.getMessage().lines().findFirst().orElse(""));
        }
    }

    /** The measured phase's histograms per metric from the run's histogram log; null without one. */
    private static Map<Metric, Histogram> histograms(Path file, BenchmarkResult result) {
        if (result.histogramLog() == null) {
            return null;
        }
        Path log = file.resolveSibling(result.histogramLog());
        if (!Files.isRegularFile(log)) {
            return null;
        }
        Map<Metric, Histogram> merged = new EnumMap<>(Metric.class);
        for (Metric metric : Metric.values()) {
            merged.put(metric, LatencyHistograms.newHistogram());
        }
        try {
            HistogramLogReader reader = new HistogramLogReader(new File(log.toString()));
            for (EncodableHistogram entry = reader.nextIntervalHistogram(); entry != null;
                    entry = reader.nextIntervalHistogram()) {
                String tag = entry.getTag() == null ? "" : entry.getTag();
                int dot = tag.indexOf('.');
                Metric metric = dot < 0 ? null : Metric.ofResultName(tag.substring(dot + 1));
                if (metric != null && AGGREGATE_PHASES.contains(tag.substring(0, dot)) && entry instanceof Histogram h) {
                    merged.get(metric).add(h);
                }
            }
        } catch (IOException | RuntimeException e) {
            throw ConfigException.file(log, "not a readable histogram log: " + e.getMessage());
        }
        return merged;
    }

    /** Whether every run kept its histograms, so that percentiles can be compared from merged histograms. */
    boolean histogramsKept() {
        return runs.stream().allMatch(run -> run.histograms() != null);
    }

    /**
     * The side's runs' histograms of {@code metric} merged (µs), the distribution its percentiles were
     * compared from; null when a run kept no histogram log.
     */
    public Histogram merged(Metric metric) {
        return histogramsKept() ? BootstrapDifference.merge(runs.stream().map(run -> run.histograms().get(metric)).toList()) : null;
    }

    public BenchmarkResult first() {
        return runs.get(0).result();
    }
}

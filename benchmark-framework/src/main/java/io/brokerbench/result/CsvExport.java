package io.brokerbench.result;

import io.brokerbench.config.ConfigException;
import io.brokerbench.result.model.BenchmarkResult;
import io.brokerbench.stats.Metric;
import io.brokerbench.stats.Percentile;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * {@code --csv DIR}: one CSV row per result file in DIR (ours or OMB's), with the columns people
 * compare runs by. Written atomically to DIR/results.csv.
 */
public final class CsvExport {

    /** A column: its header, and its cell in one result (empty where the file lacks the value). */
    private record Column(String header, Function<BenchmarkResult, String> cell) {
    }

    private static final List<Column> COLUMNS = List.of(
            new Column("workload", r -> text(r.workload())), new Column("driver", r -> text(r.driver())),
            new Column("messageSize", r -> plain(r.messageSize())), new Column("topics", r -> plain(r.topics())),
            new Column("partitions", r -> plain(r.partitions())),
            new Column("producersPerTopic", r -> plain(r.producersPerTopic())),
            new Column("consumersPerTopic", r -> plain(r.consumersPerTopic())),
            new Column("publishRateAvg", r -> average(r.publishRate())),
            new Column("consumeRateAvg", r -> average(r.consumeRate())),
            latency("publishLatencyAvgMs", Metric.PUBLISH_LATENCY, Percentile.AVG),
            latency("publishLatencyP50Ms", Metric.PUBLISH_LATENCY, Percentile.P50),
            latency("publishLatencyP99Ms", Metric.PUBLISH_LATENCY, Percentile.P99),
            latency("publishLatencyP999Ms", Metric.PUBLISH_LATENCY, Percentile.P999),
            latency("publishLatencyMaxMs", Metric.PUBLISH_LATENCY, Percentile.MAX),
            latency("publishDelayP99Us", Metric.PUBLISH_DELAY, Percentile.P99),
            latency("endToEndLatencyAvgMs", Metric.END_TO_END, Percentile.AVG),
            latency("endToEndLatencyP50Ms", Metric.END_TO_END, Percentile.P50),
            latency("endToEndLatencyP99Ms", Metric.END_TO_END, Percentile.P99),
            latency("endToEndLatencyP999Ms", Metric.END_TO_END, Percentile.P999),
            latency("endToEndLatencyMaxMs", Metric.END_TO_END, Percentile.MAX),
            latency("endToEndFromIntendedP99Ms", Metric.END_TO_END_FROM_INTENDED, Percentile.P99),
            new Column("complete", r -> plain(r.complete())), new Column("beginTime", r -> text(r.beginTime())));

    private CsvExport() {
    }

    private static Column latency(String header, Metric metric, Percentile percentile) {
        return new Column(header, r -> r.aggregated(metric) == null ? "" : plain(r.aggregated(metric).number(percentile)));
    }

    public static Path export(Path directory) throws IOException {
        if (!Files.isDirectory(directory)) {
            throw new ConfigException("option '--csv' = '" + directory + "': not a directory");
        }
        List<Path> files;
        try (Stream<Path> list = Files.list(directory)) {
            files = list.filter(p -> p.getFileName().toString().endsWith(".json")).sorted().toList();
        }
        StringBuilder csv = new StringBuilder();
        List<String> header = new ArrayList<>();
        for (Column column : COLUMNS) {
            header.add(column.header());
        }
        header.add("file");
        csv.append(String.join(",", header)).append('\n');
        for (Path file : files) {
            BenchmarkResult result;
            try {
                result = ResultReader.read(file);
            } catch (ConfigException e) {
                continue; // not a result file (a sweep's or a repeat's summary, say)
            }
            if (result.workload() == null) {
                continue;
            }
            List<String> row = new ArrayList<>();
            for (Column column : COLUMNS) {
                row.add(column.cell().apply(result));
            }
            row.add(quote(file.getFileName().toString()));
            csv.append(String.join(",", row)).append('\n');
        }
        Path target = directory.resolve("results.csv");
        ResultWriter.writeAtomically(target, csv.toString().getBytes(StandardCharsets.UTF_8));
        return target;
    }

    private static String text(String value) {
        return value == null ? "" : quote(value);
    }

    private static String plain(Object value) {
        return value == null ? "" : value.toString();
    }

    /** The mean of a measured series, with one decimal; empty without one. */
    private static String average(List<Double> series) {
        if (series == null || series.isEmpty()) {
            return "";
        }
        double sum = 0;
        for (Double value : series) {
            sum += value == null ? 0 : value;
        }
        return String.format("%.1f", sum / series.size());
    }

    private static String quote(String text) {
        return '"' + text.replace("\"", "\"\"") + '"';
    }
}

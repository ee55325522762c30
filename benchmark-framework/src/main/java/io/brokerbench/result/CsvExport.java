package io.brokerbench.result;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.brokerbench.config.ConfigException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * {@code --csv DIR}: one CSV row per result file in DIR (ours or OMB's), with the columns people
 * compare runs by. Written atomically to DIR/results.csv.
 */
public final class CsvExport {

    private static final String[][] COLUMNS = {
        {"workload", "workload"}, {"driver", "driver"}, {"messageSize", "messageSize"}, {"topics", "topics"},
        {"partitions", "partitions"}, {"producersPerTopic", "producersPerTopic"}, {"consumersPerTopic", "consumersPerTopic"},
        {"publishRateAvg", null}, {"consumeRateAvg", null},
        {"publishLatencyAvgMs", "aggregatedPublishLatencyAvg"}, {"publishLatencyP50Ms", "aggregatedPublishLatency50pct"},
        {"publishLatencyP99Ms", "aggregatedPublishLatency99pct"}, {"publishLatencyP999Ms", "aggregatedPublishLatency999pct"},
        {"publishLatencyMaxMs", "aggregatedPublishLatencyMax"},
        {"publishDelayP99Us", "aggregatedPublishDelayLatency99pct"},
        {"endToEndLatencyAvgMs", "aggregatedEndToEndLatencyAvg"}, {"endToEndLatencyP50Ms", "aggregatedEndToEndLatency50pct"},
        {"endToEndLatencyP99Ms", "aggregatedEndToEndLatency99pct"}, {"endToEndLatencyP999Ms", "aggregatedEndToEndLatency999pct"},
        {"endToEndLatencyMaxMs", "aggregatedEndToEndLatencyMax"},
        {"endToEndFromIntendedP99Ms", "aggregatedEndToEndLatencyFromIntended99pct"},
        {"complete", "complete"}, {"beginTime", "beginTime"}, {"file", null},
    };

    private CsvExport() {
    }

    public static Path export(Path directory) throws IOException {
        if (!Files.isDirectory(directory)) {
            throw new ConfigException("option '--csv' = '" + directory + "': not a directory");
        }
        ObjectMapper mapper = new ObjectMapper();
        List<Path> files;
        try (Stream<Path> list = Files.list(directory)) {
            files = list.filter(p -> p.getFileName().toString().endsWith(".json")).sorted().toList();
        }
        StringBuilder csv = new StringBuilder();
        List<String> header = new ArrayList<>();
        for (String[] column : COLUMNS) {
            header.add(column[0]);
        }
        csv.append(String.join(",", header)).append('\n');
        for (Path file : files) {
            JsonNode result;
            try {
                result = mapper.readTree(file.toFile());
            } catch (IOException e) {
                continue; // not a result file
            }
            if (result == null || !result.has("workload") || !result.has("publishRate")) {
                continue;
            }
            List<String> row = new ArrayList<>();
            for (String[] column : COLUMNS) {
                row.add(cell(result, column, file));
            }
            csv.append(String.join(",", row)).append('\n');
        }
        Path target = directory.resolve("results.csv");
        ResultWriter.writeAtomically(target, csv.toString().getBytes(StandardCharsets.UTF_8));
        return target;
    }

    private static String cell(JsonNode result, String[] column, Path file) {
        switch (column[0]) {
            case "publishRateAvg":
                return average(result.get("publishRate"));
            case "consumeRateAvg":
                return average(result.get("consumeRate"));
            case "file":
                return quote(file.getFileName().toString());
            default:
                JsonNode value = result.get(column[1]);
                if (value == null || value.isNull()) {
                    return "";
                }
                return value.isTextual() ? quote(value.asText()) : value.asText();
        }
    }

    private static String average(JsonNode series) {
        if (series == null || !series.isArray() || series.isEmpty()) {
            return "";
        }
        double sum = 0;
        for (JsonNode value : series) {
            sum += value.asDouble();
        }
        return String.format("%.1f", sum / series.size());
    }

    private static String quote(String text) {
        return '"' + text.replace("\"", "\"\"") + '"';
    }
}

package io.brokerbench.report.html;

import io.brokerbench.config.ConfigException;
import io.brokerbench.result.ResultWriter;
import io.brokerbench.result.model.BenchmarkResult;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * One self-contained HTML page for one or more result files (ours or OMB's): inline CSS and SVG
 * only, so it opens offline and can be mailed or archived as a single file.
 */
public final class HtmlReport {

    private static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss 'UTC'").withZone(ZoneOffset.UTC);

    /**
     * Writes {@code <name>.html} beside {@code resultJson} ({@code <name>.json}) and returns its path.
     *
     * @throws ConfigException if the file is not a result file (one line, naming it)
     */
    public static Path writeFor(Path resultJson) throws IOException {
        Path target = pathFor(resultJson);
        new HtmlReport().write(List.of(resultJson), target);
        return target;
    }

    /**
     * Writes {@code <name>.html} beside {@code resultJson} from {@code result}, the result just written
     * there (not read back), and returns its path.
     */
    public static Path writeFor(Path resultJson, BenchmarkResult result) throws IOException {
        Path target = pathFor(resultJson);
        ResultWriter.writeAtomically(target, render(List.of(RunResult.of(resultJson, result)), Instant.now())
                .getBytes(StandardCharsets.UTF_8));
        return target;
    }

    /** Where {@link #writeFor} puts the page of {@code resultJson}: {@code <name>.html} beside it. */
    public static Path pathFor(Path resultJson) {
        String name = resultJson.getFileName().toString();
        String base = name.endsWith(".json") ? name.substring(0, name.length() - ".json".length()) : name;
        return resultJson.resolveSibling(base + ".html");
    }

    /**
     * Reads every result file, then writes the page atomically.
     *
     * @throws ConfigException if a file is not a result file (one line, naming it)
     */
    public void write(List<Path> resultFiles, Path target) throws IOException {
        List<RunResult> runs = new ArrayList<>();
        for (Path file : resultFiles) {
            runs.add(RunResult.read(file));
        }
        ResultWriter.writeAtomically(target, render(runs, Instant.now()).getBytes(StandardCharsets.UTF_8));
    }

    static String render(List<RunResult> runs, Instant generated) {
        if (runs.isEmpty()) {
            throw new IllegalArgumentException("no result files");
        }
        List<String> labels = labels(runs);
        StringBuilder out = new StringBuilder(64 * 1024);
        Html.pageStart(out, runs.size() == 1 ? labels.get(0) + " – brokerbench" : "brokerbench: " + String.join(" vs ", labels),
                "brokerbench report");
        out.append("generated ").append(when(generated)).append(" from ").append(runs.size()).append(runs.size() == 1 ? " result" : " results")
                .append("</div>");
        if (runs.size() > 1) {
            out.append("<nav>");
            for (int i = 0; i < runs.size(); i++) {
                out.append("<a href=\"#run-").append(i + 1).append("\"><span class=\"swatch\" style=\"background:")
                        .append(Palette.run(i)).append("\"></span>").append(Html.escape(labels.get(i))).append("</a>");
            }
            out.append("</nav>");
        }
        out.append("</header>\n<main>\n");
        if (runs.size() > 1) {
            out.append(new ComparisonSection(runs, labels).html());
        }
        for (int i = 0; i < runs.size(); i++) {
            String colour = runs.size() > 1 ? Palette.run(i) : "#0072b2";
            out.append(new RunSection(runs.get(i), colour, "run-" + (i + 1)).html());
        }
        out.append("</main>\n<footer>Latencies: publish = send to acknowledgement; end-to-end = send to receipt; "
                + "“from intended send time” counts from when the rate schedule meant the message to go, so stalls of the "
                + "load generator or a back-pressuring client are included (free of coordinated omission). "
                + "Percentile curves cover the measured phase; faint lines and shaded ranges are outside it (warm-up).</footer>\n");
        out.append("</body></html>\n");
        return out.toString();
    }

    static String when(Instant instant) {
        return WHEN.format(instant);
    }

    /** Short names for legends: whatever tells the runs apart (the driver when all ran one workload), made unique by file name. */
    private static List<String> labels(List<RunResult> runs) {
        boolean oneWorkload = runs.stream().map(RunResult::workload).distinct().count() == 1;
        boolean oneDriver = runs.stream().map(RunResult::driver).distinct().count() == 1;
        List<String> labels = new ArrayList<>();
        for (RunResult run : runs) {
            if (runs.size() > 1 && oneWorkload && !oneDriver) {
                labels.add(run.driver());
            } else if (runs.size() > 1 && oneDriver && !oneWorkload) {
                labels.add(run.workload());
            } else {
                labels.add(run.driver() + " · " + run.workload());
            }
        }
        Set<String> seen = new HashSet<>();
        Set<String> repeated = new HashSet<>();
        for (String label : labels) {
            if (!seen.add(label)) {
                repeated.add(label);
            }
        }
        for (int i = 0; i < labels.size(); i++) {
            if (repeated.contains(labels.get(i))) {
                labels.set(i, labels.get(i) + " (" + runs.get(i).file().getFileName() + ")");
            }
        }
        return labels;
    }
}

package io.brokerbench.study;

import io.brokerbench.stats.Spread;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The study's comparison as a markdown table: one row per run, and for each compared metric ours
 * (the mean over the repetitions, ± the half-width of its 95 % confidence interval when there are
 * several) beside what the paper published for that run; a column naming the declared differences
 * (D1, D2, ...) that apply to the row, listed under the table with their expected effect, and the
 * paper's figures this harness has nothing to compare with.
 */
public final class ComparisonTable {

    private ComparisonTable() {
    }

    public static String markdown(StudyPlan plan, List<RunOutcome> outcomes) {
        StudyManifest manifest = plan.manifest();
        List<StudyMetric> metrics = manifest.metrics();
        StringBuilder out = new StringBuilder();
        out.append("# ").append(manifest.title()).append("\n\n");
        out.append("Source: ").append(manifest.source()).append(".  \n");
        out.append("Scale: `").append(plan.scale().label()).append("`, ").append(plan.repetitions())
                .append(plan.repetitions() == 1 ? " repetition" : " repetitions").append(" per run");
        if (plan.repetitions() > 1) {
            out.append(" (ours: mean ± half-width of the 95 % confidence interval)");
        }
        out.append(". The paper's figures are as published, on its hardware and scale: a comparison of shape, not of magnitude.\n\n");
        List<String> header = new ArrayList<>(List.of("#", "driver", "workload", "result", "differs"));
        for (StudyMetric metric : metrics) {
            header.add(metric.key() + " (" + metric.unit() + ")");
            header.add("paper");
        }
        row(out, header);
        row(out, header.stream().map(h -> "---").toList());
        for (RunOutcome outcome : outcomes) {
            PlannedRun run = outcome.planned();
            List<String> cells = new ArrayList<>(List.of(String.valueOf(run.number()), run.driverName(),
                    run.workloadName(), outcome.status(), differences(manifest, run.number())));
            for (StudyMetric metric : metrics) {
                cells.add(outcome.spread(metric).map(s -> ours(s, metric.unit())).orElse("—"));
                cells.add(paper(run.run(), metric));
            }
            row(out, cells);
        }
        long failed = outcomes.stream().filter(o -> !o.succeeded()).count();
        out.append("\n").append(failed == 0 ? "Every run completed and delivered every message."
                : failed + " of " + outcomes.size() + " runs FAILED (see the result column).").append("\n");
        List<StudyDifference> differences = manifest.differences();
        if (!differences.isEmpty()) {
            out.append("\nDifferences from the paper:\n\n");
            for (int d = 0; d < differences.size(); d++) {
                StudyDifference difference = differences.get(d);
                out.append("- D").append(d + 1).append(": the paper: ").append(difference.paper()).append("; here: ")
                        .append(difference.here()).append("; expected effect: ").append(difference.effect()).append("\n");
            }
        }
        List<String> uncompared = outcomes.stream().flatMap(o -> o.planned().run().paper().stream()
                .filter(f -> f.metric() == null)
                .map(f -> "- run " + o.planned().number() + ": " + f.text() + ": " + f.notCompared())).toList();
        if (!uncompared.isEmpty()) {
            out.append("\nThe paper's figures with nothing to compare here:\n\n").append(String.join("\n", uncompared)).append("\n");
        }
        return out.toString();
    }

    private static String differences(StudyManifest manifest, int number) {
        List<String> ids = new ArrayList<>();
        for (int d = 0; d < manifest.differences().size(); d++) {
            if (manifest.differences().get(d).appliesTo(number)) {
                ids.add("D" + (d + 1));
            }
        }
        return ids.isEmpty() ? "—" : String.join(", ", ids);
    }

    private static String ours(Spread spread, String unit) {
        String mean = format(spread.mean(), unit);
        return Double.isNaN(spread.ciHigh()) ? mean : mean + " ± " + format((spread.ciHigh() - spread.ciLow()) / 2, unit);
    }

    private static String paper(StudyRun run, StudyMetric metric) {
        String figures = run.paper().stream().filter(f -> metric.key().equals(f.metric()))
                .map(PaperFigure::text).collect(Collectors.joining("; "));
        return figures.isEmpty() ? "—" : figures;
    }

    /** Rates as whole numbers, sizes per second with two decimals, times with three (a microsecond in ms). */
    static String format(double value, String unit) {
        String pattern = switch (unit) {
            case "msg/s" -> "%,.0f";
            case "MB/s", "us" -> "%,.2f";
            default -> "%,.3f";
        };
        return String.format(Locale.ROOT, pattern, value);
    }

    private static void row(StringBuilder out, List<String> cells) {
        out.append("| ").append(cells.stream().map(c -> c.replace("|", "\\|")).collect(Collectors.joining(" | "))).append(" |\n");
    }
}

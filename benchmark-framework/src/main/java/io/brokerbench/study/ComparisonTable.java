package io.brokerbench.study;

import io.brokerbench.stats.Spread;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The study's comparison as a markdown table: one row per run, and for each compared metric ours
 * (the mean over the repetitions, ± the half-width of its 95 % confidence interval when there are
 * several) beside what the paper published for that run.
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
        List<String> header = new ArrayList<>(List.of("#", "driver", "workload", "result"));
        for (StudyMetric metric : metrics) {
            header.add(metric.key() + " (" + metric.unit() + ")");
            header.add("paper");
        }
        row(out, header);
        row(out, header.stream().map(h -> "---").toList());
        for (RunOutcome outcome : outcomes) {
            PlannedRun run = outcome.planned();
            List<String> cells = new ArrayList<>(List.of(String.valueOf(run.number()), run.driverName(),
                    run.workloadName(), outcome.status()));
            for (StudyMetric metric : metrics) {
                cells.add(outcome.spread(metric).map(s -> ours(s, metric.unit())).orElse("—"));
                cells.add(paper(run.run(), metric));
            }
            row(out, cells);
        }
        long failed = outcomes.stream().filter(o -> !o.succeeded()).count();
        out.append("\n").append(failed == 0 ? "Every run completed and delivered every message."
                : failed + " of " + outcomes.size() + " runs FAILED (see the result column).").append("\n");
        return out.toString();
    }

    private static String ours(Spread spread, String unit) {
        String mean = format(spread.mean(), unit);
        return Double.isNaN(spread.ciHigh()) ? mean : mean + " ± " + format((spread.ciHigh() - spread.ciLow()) / 2, unit);
    }

    private static String paper(StudyRun run, StudyMetric metric) {
        String figures = run.paper().stream().filter(f -> f.metric().equals(metric.key()))
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

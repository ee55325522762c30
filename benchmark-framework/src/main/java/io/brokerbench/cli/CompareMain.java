package io.brokerbench.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.brokerbench.compare.ComparedStep;
import io.brokerbench.compare.Comparison;
import io.brokerbench.compare.ComparisonConsole;
import io.brokerbench.compare.RegressionGate;
import io.brokerbench.report.html.ComparisonReport;
import io.brokerbench.result.ResultWriter;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code bin/compare}: is the candidate better or worse than the baseline, by more than the runs' own spread? */
@Command(name = "compare", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = {"Compares a candidate's runs with a baseline's: per figure both values, the difference with its"
                + " 95 %% confidence interval, and a verdict (better, worse, no difference measurable).",
            "Each side: a result file, a --repeat summary (its runs), or a directory of result files of one workload on one driver;"
                + " or both sides sweeps of the same steps, compared step by step.",
            "Exit codes: 0 compared (and the gate held), 2 bad input, 5 the candidate broke the --fail-if-worse gate."})
public final class CompareMain implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "BASELINE", description = "The runs to compare against.")
    Path baseline;

    @Parameters(index = "1", paramLabel = "CANDIDATE", description = "The runs to judge.")
    Path candidate;

    @Option(names = "--fail-if-worse", paramLabel = "FIGURE:N%[,...]",
            description = "Exit with code 5 when a figure is worse (interval excluding no change) by more than N %%,"
                    + " e.g. 'endToEndLatency.p99:5%%,publishRate:3%%'.")
    String failIfWorse;

    @Option(names = "--json", paramLabel = "FILE", description = "Also write the comparison as JSON to FILE.")
    Path json;

    @Option(names = "--html", paramLabel = "FILE",
            description = "Also write the comparison as an HTML page to FILE: each run as a dot, the intervals, the latency"
                    + " percentile curves of both sides overlaid.")
    Path html;

    @Option(names = "--allow-different-workloads",
            description = "Compare even when the two sides ran different workloads.")
    boolean allowDifferentWorkloads;

    private final PrintStream out;
    private final PrintStream err;

    private CompareMain(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    public static int run(String[] args, PrintStream out, PrintStream err) {
        return CommandLines.execute(new CompareMain(out, err), args, out, err, "could not compare: ");
    }

    @Override
    public Integer call() throws IOException {
        RegressionGate gate = failIfWorse == null ? null : RegressionGate.parse(failIfWorse);
        List<ComparedStep> steps = ComparedStep.of(baseline, candidate, allowDifferentWorkloads);
        ComparisonConsole console = new ComparisonConsole(out);
        List<String> broken = new ArrayList<>();
        for (ComparedStep step : steps) {
            if (step.step() != null) {
                out.println("step " + step.step() + ":");
            }
            console.print(step.comparison());
            if (gate != null) {
                gate.broken(step.comparison().figures())
                        .forEach(line -> broken.add(step.step() == null ? line : "step " + step.step() + ": " + line));
            }
        }
        if (json != null) {
            Map<String, Object> document = new LinkedHashMap<>();
            document.put("schema", "brokerbench-comparison/1");
            if (steps.size() == 1 && steps.get(0).step() == null) {
                document.putAll(fields(steps.get(0).comparison()));
            } else {
                document.put("steps", steps.stream().map(step -> {
                    Map<String, Object> fields = new LinkedHashMap<>();
                    fields.put("step", step.step());
                    fields.putAll(fields(step.comparison()));
                    return fields;
                }).toList());
            }
            document.put("gateBroken", broken);
            ResultWriter.writeAtomically(json, new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
                    .writeValueAsBytes(document));
            out.println("comparison: " + json.toAbsolutePath());
        }
        if (html != null) {
            ComparisonReport.write(steps, html);
            out.println("report: " + html.toAbsolutePath());
        }
        if (!broken.isEmpty()) {
            broken.forEach(line -> err.println("regression: " + line));
            return ExitCode.REGRESSION;
        }
        return ExitCode.OK;
    }

    /** One comparison's part of the JSON: both sides' files, every figure, the notes. */
    private static Map<String, Object> fields(Comparison comparison) {
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("baseline", comparison.baseline().runs().stream().map(r -> r.file().toString()).toList());
        fields.put("candidate", comparison.candidate().runs().stream().map(r -> r.file().toString()).toList());
        fields.put("figures", comparison.figures());
        fields.put("notes", comparison.notes());
        return fields;
    }
}

package io.brokerbench.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.brokerbench.compare.Comparison;
import io.brokerbench.compare.ComparisonConsole;
import io.brokerbench.compare.RegressionGate;
import io.brokerbench.report.html.ComparisonReport;
import io.brokerbench.result.ResultWriter;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
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
                + " 95 % confidence interval, and a verdict (better, worse, no difference measurable).",
            "Each side: a result file, a --repeat summary (its runs), or a directory of result files of one workload on one driver.",
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
        Comparison comparison = Comparison.of(baseline, candidate, allowDifferentWorkloads);
        new ComparisonConsole(out).print(comparison);
        List<String> broken = gate == null ? List.of() : gate.broken(comparison.figures());
        if (json != null) {
            Map<String, Object> document = new LinkedHashMap<>();
            document.put("schema", "brokerbench-comparison/1");
            document.put("baseline", comparison.baseline().runs().stream().map(r -> r.file().toString()).toList());
            document.put("candidate", comparison.candidate().runs().stream().map(r -> r.file().toString()).toList());
            document.put("figures", comparison.figures());
            document.put("notes", comparison.notes());
            document.put("gateBroken", broken);
            ResultWriter.writeAtomically(json, new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
                    .writeValueAsBytes(document));
            out.println("comparison: " + json.toAbsolutePath());
        }
        if (html != null) {
            ComparisonReport.write(comparison, html);
            out.println("report: " + html.toAbsolutePath());
        }
        if (!broken.isEmpty()) {
            broken.forEach(line -> err.println("regression: " + line));
            return ExitCode.REGRESSION;
        }
        return ExitCode.OK;
    }
}

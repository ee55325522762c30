package io.brokerbench.cli;

import io.brokerbench.report.html.HtmlReport;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code bin/report}: one self-contained HTML page from one or more result files (ours or OMB's). */
@Command(name = "report", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = {"Writes one self-contained HTML report (inline SVG charts, opens offline) for benchmark result files.",
            "Several files are compared: overlays with one colour per run and a comparison table.",
            "Exit codes: 0 ok, 1 the report could not be written, 2 bad input."})
public final class ReportMain implements Callable<Integer> {

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", defaultValue = "report.html",
            description = "The HTML file to write (default: ${DEFAULT-VALUE}).")
    Path output;

    @Parameters(arity = "1..*", paramLabel = "RESULT.json", description = "Result files of bin/benchmark or of OMB.")
    List<Path> results = new ArrayList<>();

    private final PrintStream out;

    private ReportMain(PrintStream out) {
        this.out = out;
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    public static int run(String[] args, PrintStream out, PrintStream err) {
        return CommandLines.execute(new ReportMain(out), args, out, err, "could not write the report: ");
    }

    @Override
    public Integer call() throws IOException {
        new HtmlReport().write(results, output);
        out.println("report: " + output.toAbsolutePath());
        return ExitCode.OK;
    }
}

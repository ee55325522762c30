package io.brokerbench.cli;

import io.brokerbench.config.ConfigException;
import io.brokerbench.lifecycle.ShutdownSequence;
import io.brokerbench.progress.ProgressLine;
import io.brokerbench.report.html.HtmlReport;
import io.brokerbench.result.ResultWriter;
import io.brokerbench.study.ComparisonTable;
import io.brokerbench.study.RunOutcome;
import io.brokerbench.study.RunSelection;
import io.brokerbench.study.ScaleName;
import io.brokerbench.study.StudyCatalog;
import io.brokerbench.study.StudyManifest;
import io.brokerbench.study.StudyPlan;
import io.brokerbench.study.StudyRunner;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code bin/reproduce}: one published study, rerun with one command. Every run goes through
 * {@code bin/benchmark}'s own command ({@link Main#run}); then one comparison of ours beside the
 * paper's figures, as markdown and as one HTML report of every result.
 */
@Command(name = "reproduce", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = {"Reruns one of the studies in workloads/studies/ against local brokers and compares the results with the paper's.",
            "Exit codes: 0 every run completed and delivered every message, 1 a run failed (the others still ran),"
                + " 2 bad input, 3 a run did not deliver every message it sent, 4 a run's producers fell behind their"
                + " schedule (messages due never sent, everything sent delivered), 130 interrupted."})
public final class ReproduceMain implements Callable<Integer> {

    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyy-MM-dd-HH-mm-ss");
    /** How long an interrupted study may take to write its comparison before the JVM stops anyway. */
    private static final long COMPARISON_TIMEOUT_SECONDS = 60;

    @Parameters(arity = "0..1", paramLabel = "STUDY", description = "The study's name (see --list).")
    String study;

    @Option(names = "--list", description = "List the studies and exit.")
    boolean list;

    @Option(names = "--scale", paramLabel = "smoke|local", defaultValue = "local",
            description = "'local': what one 2-core machine carries (default); 'smoke': seconds per run, for tests.")
    String scale;

    @Option(names = "--repeat", paramLabel = "N",
            description = "Run each run N times (default: the study's repetitions at the scale).")
    Integer repeat;

    @Option(names = "--runs", paramLabel = "LIST",
            description = "Only these runs, numbered as in comparison.md: e.g. 19-27 or 1,4,10-12 (default: all).")
    String runs;

    @Option(names = {"-o", "--output"}, paramLabel = "DIR",
            description = "Directory for the workloads as run, every result, comparison.md and comparison.html."
                + " Default: <study>-<scale>-<time> here.")
    Path output;

    @Option(names = "--no-progress",
            description = "Show no progress line (which runs of how many, time elapsed and left, and inside them"
                + " bin/benchmark's own): on a terminal it is redrawn in place, elsewhere or with CI set it is a"
                + " line per step.")
    boolean noProgress;

    private final StudyCatalog catalog;
    private final PrintStream out;
    private final PrintStream err;
    private final ProgressLine progress;

    private ReproduceMain(StudyCatalog catalog, PrintStream out, PrintStream err, ProgressLine progress) {
        this.catalog = catalog;
        this.out = out;
        this.err = err;
        this.progress = progress;
    }

    public static void main(String[] args) {
        ProgressLine progress = ProgressLine.ofStandardOutput();
        PrintStream err = progress.guard(System.err);
        // the log's console appender writes to System.err at each event: its lines, too, clear the progress line first
        System.setErr(err);
        System.exit(run(args, progress.guard(System.out), err));
    }

    public static int run(String[] args, PrintStream out, PrintStream err) {
        return run(StudyCatalog.ofProject(), args, out, err);
    }

    /** As {@link #run(String[], PrintStream, PrintStream)}, with the studies of {@code catalog}. */
    static int run(StudyCatalog catalog, String[] args, PrintStream out, PrintStream err) {
        ProgressLine progress = ProgressLine.around(out);
        PrintStream guardedOut = progress.guard(out);
        PrintStream guardedErr = progress.guard(err);
        return CommandLines.execute(new ReproduceMain(catalog, guardedOut, guardedErr, progress), args, guardedOut,
                guardedErr, "");
    }

    @Override
    public Integer call() throws IOException {
        if (list) {
            for (String name : catalog.names()) {
                out.println(name + "  " + catalog.load(name).title());
            }
            return ExitCode.OK;
        }
        if (study == null) {
            throw new ConfigException("no study given (known: " + String.join(", ", catalog.names()) + "; see --list)");
        }
        ScaleName scaleName = ScaleName.parse(scale);
        if (repeat != null && repeat < 1) {
            throw new ConfigException("option '--repeat' = " + repeat + ": must be at least 1");
        }
        StudyManifest manifest = catalog.load(study);
        RunSelection selection = runs == null ? RunSelection.all() : RunSelection.parse(runs, manifest.runs().size());
        Path directory = output != null ? output
                : Path.of(study + "-" + scaleName.label() + "-" + LocalDateTime.now().format(STAMP));
        if (Files.exists(directory) && !isEmptyDirectory(directory)) {
            throw new ConfigException("option '--output' = '" + directory + "': "
                    + (Files.isDirectory(directory) ? "not empty (an earlier study's results would mix in): give a new directory"
                    : "exists and is not a directory"));
        }
        StudyPlan plan = StudyPlan.prepare(catalog, manifest, scaleName, repeat, selection, directory);
        Files.copy(manifest.file(), directory.resolve(StudyManifest.FILE_NAME), StandardCopyOption.REPLACE_EXISTING);
        // Ctrl-C: the running benchmark stops and writes its result (STOP_RUNS), no further run starts,
        // and the JVM waits for the comparison of what was measured before it stops the brokers
        AtomicBoolean signalled = new AtomicBoolean();
        CountDownLatch compared = new CountDownLatch(1);
        Runnable awaitComparison = () -> {
            signalled.set(true);
            try {
                compared.await(COMPARISON_TIMEOUT_SECONDS, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        };
        ShutdownSequence.register(ShutdownSequence.Stage.WRITE_SUMMARIES, awaitComparison);
        // each bin/benchmark joins the study's line through the stream it is given; with --no-progress, a silent one
        ProgressLine shown = noProgress ? ProgressLine.off(out) : progress;
        PrintStream runOut = shown.guard(out);
        try {
            StudyRunner.Outcomes outcomes = new StudyRunner(
                    args -> signalled.get() ? ExitCode.INTERRUPTED : Main.run(args, runOut, err),
                    code -> code == ExitCode.INTERRUPTED, out, shown).run(plan, directory);
            return compare(plan, outcomes, directory);
        } finally {
            compared.countDown();
            ShutdownSequence.unregister(awaitComparison);
        }
    }

    private static boolean isEmptyDirectory(Path directory) throws IOException {
        if (!Files.isDirectory(directory)) {
            return false;
        }
        try (Stream<Path> entries = Files.list(directory)) {
            return entries.findAny().isEmpty();
        }
    }

    /** Writes and prints the table, writes the HTML comparison; the exit code of the whole study. */
    private int compare(StudyPlan plan, StudyRunner.Outcomes outcomes, Path directory) throws IOException {
        String table = ComparisonTable.markdown(plan, outcomes.runs());
        Path markdown = directory.resolve("comparison.md").toAbsolutePath();
        ResultWriter.writeAtomically(markdown, table.getBytes(StandardCharsets.UTF_8));
        out.println();
        out.print(table);
        out.println();
        out.println("comparison: " + markdown);
        List<Path> results = outcomes.runs().stream().flatMap(o -> o.files().stream()).toList();
        if (!results.isEmpty()) {
            Path html = directory.resolve("comparison.html").toAbsolutePath();
            new HtmlReport().write(results, html);
            out.println("report:     " + html);
        }
        boolean allSucceeded = outcomes.runs().stream().allMatch(RunOutcome::succeeded);
        int exit = outcomes.benchmarkExits().stream().reduce(ExitCode.OK, ExitCode::worst);
        return allSucceeded || exit != ExitCode.OK ? exit : ExitCode.RUN_FAILED;
    }
}

package io.brokerbench.study;

import io.brokerbench.config.ConfigException;
import io.brokerbench.progress.ProgressLine;
import io.brokerbench.progress.ProgressTask;
import io.brokerbench.result.ResultReader;
import io.brokerbench.result.model.BenchmarkResult;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntPredicate;
import java.util.stream.Stream;

/**
 * Runs a {@link StudyPlan} through {@code bin/benchmark}'s own command (one invocation per driver
 * file, with every workload of that driver and {@code --repeat}), so a study runs exactly as the
 * runs it lists would run by hand, then finds each run's result files by the workload's name.
 */
public final class StudyRunner {

    /** {@code bin/benchmark}'s entry point: arguments in, exit code out. */
    @FunctionalInterface
    public interface BenchmarkCommand {
        int run(String[] args);
    }

    private final BenchmarkCommand benchmark;
    private final IntPredicate interrupted;
    private final PrintStream out;
    private final ProgressLine progress;

    /**
     * @param interrupted whether an exit code of {@code benchmark} means it was interrupted (Ctrl-C): no more runs start
     * @param progress where the study shows which of its runs are under way; {@code benchmark} should print
     *     through it too, so its own progress joins the line
     */
    public StudyRunner(BenchmarkCommand benchmark, IntPredicate interrupted, PrintStream out, ProgressLine progress) {
        this.benchmark = benchmark;
        this.interrupted = interrupted;
        this.out = out;
        this.progress = progress;
    }

    /**
     * Runs every driver's runs in turn; a driver whose runs fail does not stop the others, an
     * interruption does (the runs not started have no result).
     *
     * @return the outcome of every run, in the manifest's order, and the exit code of each {@code bin/benchmark} call
     */
    public Outcomes run(StudyPlan plan, Path output) throws IOException {
        // counted in runs, not drivers: one driver may have one run and the next twenty
        int total = plan.byDriver().values().stream().mapToInt(List::size).sum();
        try (ProgressTask runs = progress.steps("study runs", Math.max(1, total))) {
            return run(plan, output, runs);
        }
    }

    private Outcomes run(StudyPlan plan, Path output, ProgressTask progressOfRuns) throws IOException {
        List<Integer> exits = new ArrayList<>();
        Map<Integer, RunOutcome> outcomes = new LinkedHashMap<>();
        int group = 0;
        int runsBefore = 0;
        for (Map.Entry<Path, List<PlannedRun>> driver : plan.byDriver().entrySet()) {
            group++;
            String stem = driver.getKey().getFileName().toString().replaceFirst("\\.ya?ml$", "");
            Path directory = Files.createDirectories(output.resolve(String.format("%02d-%s", group, stem)));
            List<String> args = new ArrayList<>(List.of("--drivers", driver.getKey().toString(),
                    "--repeat", String.valueOf(plan.repetitions()), "--output", directory.toString()));
            driver.getValue().forEach(run -> args.add(run.workloadFile().toString()));
            out.println();
            out.println("##### " + plan.manifest().title() + ": runs "
                    + driver.getValue().stream().map(r -> String.valueOf(r.number())).toList() + " on " + driver.getKey());
            if (!driver.getValue().isEmpty()) {
                progressOfRuns.at(runsBefore + 1, runsBefore + driver.getValue().size(),
                        "(on " + driver.getKey().getFileName() + ")");
            }
            runsBefore += driver.getValue().size();
            int groupExit = benchmark.run(args.toArray(new String[0]));
            exits.add(groupExit);
            Map<String, Found> found = results(directory);
            for (PlannedRun run : driver.getValue()) {
                Found result = found.getOrDefault(run.workloadName(), new Found());
                outcomes.put(run.number(), new RunOutcome(run, result.files, result.documents));
            }
            if (interrupted.test(groupExit)) {
                break;
            }
        }
        List<RunOutcome> ordered = plan.runs().stream()
                .map(run -> outcomes.getOrDefault(run.number(), new RunOutcome(run, List.of(), List.of()))).toList();
        return new Outcomes(ordered, exits);
    }

    /** The result files in {@code directory} by workload name, in file-name order (the order of the repetitions). */
    private static Map<String, Found> results(Path directory) throws IOException {
        Map<String, Found> found = new LinkedHashMap<>();
        List<Path> listed;
        try (Stream<Path> listing = Files.list(directory)) {
            listed = listing.filter(f -> f.toString().endsWith(".json") && !f.toString().endsWith("-summary.json"))
                    .sorted().toList();
        }
        for (Path file : listed) {
            BenchmarkResult document;
            try {
                document = ResultReader.read(file);
            } catch (ConfigException e) {
                throw new IOException(e.getMessage(), e);
            }
            Found ofWorkload = found.computeIfAbsent(String.valueOf(document.workload()), w -> new Found());
            ofWorkload.files.add(file);
            ofWorkload.documents.add(document);
        }
        return found;
    }

    /** One workload's result files and their documents. */
    private static final class Found {
        final List<Path> files = new ArrayList<>();
        final List<BenchmarkResult> documents = new ArrayList<>();
    }

    /** Every run's outcome, in the manifest's order, and what each {@code bin/benchmark} call returned, in call order. */
    public record Outcomes(List<RunOutcome> runs, List<Integer> benchmarkExits) {

        public Outcomes {
            runs = List.copyOf(runs);
            benchmarkExits = List.copyOf(benchmarkExits);
        }
    }
}

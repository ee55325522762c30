package io.brokerbench.study;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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

    private static final ObjectMapper JSON = new ObjectMapper();

    private final BenchmarkCommand benchmark;
    private final PrintStream out;

    public StudyRunner(BenchmarkCommand benchmark, PrintStream out) {
        this.benchmark = benchmark;
        this.out = out;
    }

    /**
     * Runs every driver's runs in turn; a driver whose runs fail does not stop the others.
     *
     * @return the outcome of every run, in the manifest's order, and the highest exit code of {@code bin/benchmark}
     */
    public Outcomes run(StudyPlan plan, Path output) throws IOException {
        int exit = 0;
        Map<Integer, RunOutcome> outcomes = new LinkedHashMap<>();
        int group = 0;
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
            exit = Math.max(exit, benchmark.run(args.toArray(new String[0])));
            Map<String, RunOutcome> found = results(directory);
            for (PlannedRun run : driver.getValue()) {
                RunOutcome none = new RunOutcome(run, List.of(), List.of());
                RunOutcome result = found.getOrDefault(run.workloadName(), none);
                outcomes.put(run.number(), new RunOutcome(run, result.files(), result.results()));
            }
        }
        List<RunOutcome> ordered = plan.runs().stream().map(run -> outcomes.get(run.number())).toList();
        return new Outcomes(ordered, exit);
    }

    /**
     * The result files in {@code directory} by workload name, in file-name order (the order of the
     * repetitions); the outcomes' planned run is not known yet (null).
     */
    private static Map<String, RunOutcome> results(Path directory) throws IOException {
        Map<String, List<Path>> files = new LinkedHashMap<>();
        Map<String, List<JsonNode>> documents = new LinkedHashMap<>();
        List<Path> listed;
        try (Stream<Path> listing = Files.list(directory)) {
            listed = listing.filter(f -> f.toString().endsWith(".json") && !f.toString().endsWith("-summary.json"))
                    .sorted().toList();
        }
        for (Path file : listed) {
            JsonNode document = JSON.readTree(file.toFile());
            String workload = document.path("workload").asText();
            files.computeIfAbsent(workload, w -> new ArrayList<>()).add(file);
            documents.computeIfAbsent(workload, w -> new ArrayList<>()).add(document);
        }
        Map<String, RunOutcome> found = new LinkedHashMap<>();
        files.forEach((workload, paths) -> found.put(workload, new RunOutcome(null, paths, documents.get(workload))));
        return found;
    }

    /** Every run's outcome, in the manifest's order, and the highest exit code {@code bin/benchmark} returned. */
    public record Outcomes(List<RunOutcome> runs, int benchmarkExit) {
    }
}

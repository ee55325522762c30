package io.brokerbench.cli;

import io.brokerbench.config.ConfigException;
import io.brokerbench.progress.ProgressLine;
import io.brokerbench.progress.ProgressTask;
import io.brokerbench.report.html.SweepReport;
import io.brokerbench.result.ResultReader;
import io.brokerbench.result.SweepMaximum;
import io.brokerbench.run.RunControl;
import io.brokerbench.workload.RateSweep;
import io.brokerbench.workload.Workload;
import io.brokerbench.workload.WorkloadLoader;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * A rate sweep of one workload on one driver. A {@code percentOfMax} sweep without {@code maxRate}
 * first runs the workload at {@code producerRate: 0} (the max-rate search, then its measured phase
 * at the rate found, as any such run) and takes the sustainable rate it found as 100 %. Then the
 * workload once per target rate ({@code --repeat} times), each step with its own topics and warm-up
 * and its own result file per run, then one sweep result over the steps.
 */
final class SweepRun {

    /** Runs one workload and writes its result to {@code target}; returns the run's exit code. */
    @FunctionalInterface
    interface Runner {
        int run(Workload workload, Path target, String label);
    }

    private final Runner runner;
    private final Function<String, Path> resultPath;
    private final RunControl control;
    private final PrintStream out;
    private final PrintWriter err;
    private final int repeat;
    private final ProgressLine progress;

    /**
     * @param resultPath where a result file of the given name goes
     * @param repeat how many times each step runs ({@code --repeat}); the search, once
     * @param progress where the sweep shows its step (and run of a step) and the time left
     */
    SweepRun(Runner runner, Function<String, Path> resultPath, RunControl control, PrintStream out, PrintWriter err,
            int repeat, ProgressLine progress) {
        this.runner = runner;
        this.resultPath = resultPath;
        this.control = control;
        this.out = out;
        this.err = err;
        this.repeat = repeat;
        this.progress = progress;
    }

    /**
     * @param overrides the workload keys the command line sets
     * @param base the result files' name without extension: {@code <base>-stepNN.json} (repeated:
     *     {@code <base>-stepNN-runMM.json}), {@code <base>-sweep.json}
     */
    int run(Workload workload, Path workloadFile, Map<String, Object> overrides, String base) {
        try (ProgressTask steps = progress.steps("sweep step", workload.sweep().steps())) {
            return run(workload, workloadFile, overrides, base, steps);
        }
    }

    private int run(Workload workload, Path workloadFile, Map<String, Object> overrides, String base, ProgressTask steps) {
        RateSweep sweep = workload.sweep();
        SweepMaximum maximum = null;
        int exit = ExitCode.OK;
        if (sweep.discoversMaximum()) {
            Path target = resultPath.apply(base + "-search.json");
            // step 0: the search's time is no step's, so it does not inflate the estimate of what the steps take
            steps.at(0, "(searching for the maximum rate)");
            exit = runner.run(load(workloadFile, overrides, 0.0), target, " (sweep: searching for the maximum rate)");
            Optional<SweepMaximum> found = discovered(target);
            if (found.isEmpty()) {
                if (!control.stopRequested()) {
                    err.println("error: sweep of " + workload.name() + ": the max-rate search found no maximum (see "
                            + target.toAbsolutePath() + "), so no step was run");
                }
                return ExitCode.worst(exit, ExitCode.RUN_FAILED);
            }
            maximum = found.get();
            sweep = sweep.withMaximum(maximum.rate());
            out.println(String.format("  sweep: 100 %% is the discovered %,.0f msg/s", maximum.rate()));
        } else if (sweep.percentOfMax() != null) {
            maximum = SweepMaximum.given(sweep.maxRate());
        }
        List<Double> rates = sweep.targetRates();
        String digits = "%0" + String.valueOf(rates.size()).length() + "d";
        String runDigits = "%0" + String.valueOf(repeat).length() + "d";
        List<Double> done = new ArrayList<>();
        List<List<Path>> results = new ArrayList<>();
        for (int i = 0; i < rates.size() && !control.stopRequested(); i++) {
            String step = base + "-step" + String.format(digits, i + 1);
            List<Path> runs = new ArrayList<>();
            steps.at(i + 1, String.format("(%,.0f msg/s)", rates.get(i)));
            try (ProgressTask ofStep = repeat == 1 ? null : progress.steps("run", repeat)) {
                for (int r = 1; r <= repeat && !control.stopRequested(); r++) {
                    if (ofStep != null) {
                        ofStep.at(r, "");
                    }
                    Path target = resultPath.apply(repeat == 1 ? step + ".json"
                            : step + "-run" + String.format(runDigits, r) + ".json");
                    String label = String.format(" (sweep step %d of %d: %,.0f msg/s%s)", i + 1, rates.size(),
                            rates.get(i), repeat == 1 ? "" : ", run " + r + " of " + repeat);
                    exit = ExitCode.worst(exit, runner.run(load(workloadFile, overrides, rates.get(i)), target, label));
                    if (Files.isRegularFile(target)) {
                        runs.add(target);
                    }
                }
            }
            if (!runs.isEmpty()) {
                done.add(rates.get(i));
                results.add(runs);
            }
        }
        if (results.isEmpty()) {
            return exit;
        }
        try {
            Path result = SweepResultFile.write(done, results, maximum, resultPath.apply(base + "-sweep.json"), out);
            out.println("  sweep result: " + result.toAbsolutePath());
            out.println("  report:       " + SweepReport.writeFor(result.toAbsolutePath()));
        } catch (IOException | ConfigException e) {
            err.println("error: could not write the sweep result: " + e.getMessage());
            exit = ExitCode.worst(exit, ExitCode.RUN_FAILED);
        }
        return exit;
    }

    /** The workload as one run at {@code rate} (0: the max-rate search), without its sweep. */
    private static Workload load(Path workloadFile, Map<String, Object> overrides, double rate) {
        Map<String, Object> run = new LinkedHashMap<>(overrides);
        run.put("producerRate", rate);
        run.put("sweep", null);
        return WorkloadLoader.load(workloadFile, run);
    }

    /** The maximum the search run found, from its result file; empty if it wrote none, or found none. */
    private Optional<SweepMaximum> discovered(Path searchResult) {
        if (!Files.isRegularFile(searchResult)) {
            return Optional.empty();
        }
        try {
            return SweepMaximum.discoveredIn(searchResult.getFileName().toString(), ResultReader.read(searchResult));
        } catch (ConfigException e) {
            err.println("error: could not read the max-rate search's result " + searchResult + ": " + e.getMessage());
            return Optional.empty();
        }
    }
}

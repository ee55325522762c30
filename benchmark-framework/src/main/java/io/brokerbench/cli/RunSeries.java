package io.brokerbench.cli;

import io.brokerbench.capacity.SearchProgress;
import io.brokerbench.config.ConfigException;
import io.brokerbench.config.DriverFile;
import io.brokerbench.driver.support.OneLine;
import io.brokerbench.fault.FaultPlan;
import io.brokerbench.fault.FaultSchedule;
import io.brokerbench.lifecycle.ShutdownSequence;
import io.brokerbench.logging.ClientLogSummary;
import io.brokerbench.measurement.IntervalPoint;
import io.brokerbench.measurement.RunRecord;
import io.brokerbench.placement.CpuPlacement;
import io.brokerbench.placement.MeasuredCpu;
import io.brokerbench.placement.SharedCoreWarning;
import io.brokerbench.progress.ProgressLine;
import io.brokerbench.progress.ProgressTask;
import io.brokerbench.progress.RateSearchProgress;
import io.brokerbench.remote.coordinator.ClockSkewCheck;
import io.brokerbench.remote.coordinator.RemoteWorkers;
import io.brokerbench.remote.server.InProcessMetrics;
import io.brokerbench.report.ConsoleReporter;
import io.brokerbench.report.html.HtmlReport;
import io.brokerbench.report.html.RepeatReport;
import io.brokerbench.result.HistogramLog;
import io.brokerbench.result.ResultNumbers;
import io.brokerbench.result.ResultWriter;
import io.brokerbench.result.model.BenchmarkResult;
import io.brokerbench.run.BenchmarkRun;
import io.brokerbench.run.RunClock;
import io.brokerbench.run.RunControl;
import io.brokerbench.run.RunListener;
import io.brokerbench.run.RunOptions;
import io.brokerbench.run.WorkAssignment;
import io.brokerbench.worker.LocalWorker;
import io.brokerbench.worker.Worker;
import io.brokerbench.workload.Payloads;
import io.brokerbench.workload.Workload;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The runs one {@code bin/benchmark} command asks for: every workload on every driver, each once,
 * {@code --repeat} times with a summary, or as a sweep; each run's result file and report written
 * as soon as the run ends (before its workers are closed), and the command's exit code. The command
 * line only parses and checks the options and calls this.
 */
final class RunSeries {

    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyy-MM-dd-HH-mm-ss");

    /** The command's options that shape the runs. */
    record Settings(int repeat, Path output, int readinessTimeoutSeconds, String workerToken, boolean noMetrics,
            boolean extraConsumers, Integer metricsPort, String metricsBind, Map<String, Object> workloadOverrides) {
    }

    /** Where the load runs: this JVM (no URLs) or the listed workers, and how they share the roles. */
    record Distribution(List<URI> urls, WorkAssignment.Layout layout) {
    }

    private final Settings settings;
    private final PrintStream out;
    private final PrintWriter err;
    /** Where the long activities show how far they are. */
    private final ProgressLine progress;
    /** The in-process runs' Prometheus endpoint while they run, with --metrics-port. */
    private InProcessMetrics prometheus;

    /**
     * @param out the command's output, guarded by {@code progress} (its writes clear the progress line)
     * @param err where the error lines go
     */
    RunSeries(Settings settings, PrintStream out, PrintWriter err, ProgressLine progress) {
        this.settings = settings;
        this.out = out;
        this.err = err;
        this.progress = progress;
    }

    /**
     * Every workload on every driver, in that order, each as the settings say; stops at the first
     * run a signal or a lost worker ended.
     *
     * @param workloadFiles where each workload came from, in the same order
     * @return the command's exit code
     */
    int run(List<Workload> loadedWorkloads, List<Path> workloadFiles, List<DriverFile> loadedDrivers,
            Distribution distribution, CpuRequest cpus) throws IOException, InterruptedException {
        RunControl control = new RunControl();
        CountDownLatch done = new CountDownLatch(1);
        Runnable onSignal = () -> {
            control.requestStop("interrupted by a signal (Ctrl-C)");
            try {
                done.await(60, TimeUnit.SECONDS);
            } catch (InterruptedException ignored) {
                Thread.currentThread().interrupt();
            }
        };
        ShutdownSequence.register(ShutdownSequence.Stage.STOP_RUNS, onSignal);
        int exit = ExitCode.OK;
        int pairs = loadedDrivers.size() * loadedWorkloads.size();
        // one workload on one driver is the whole command: only several need a step of their own
        try (ProgressTask each = pairs > 1 ? progress.steps("workload", pairs) : null) {
            startPrometheus();
            int pair = 0;
            for (DriverFile driverFile : loadedDrivers) {
                try (DriverSession session = DriverSession.open(driverFile, out, cpus)) {
                    for (int i = 0; i < loadedWorkloads.size() && !control.stopRequested(); i++) {
                        if (each != null) {
                            each.at(++pair, "(" + loadedWorkloads.get(i).name() + " on " + driverFile.name() + ")");
                        }
                        exit = ExitCode.worst(exit, runRepeated(loadedWorkloads.get(i), workloadFiles.get(i), session, control,
                                distribution));
                    }
                }
                if (control.stopRequested()) {
                    // a lost worker stops every remaining run too: exit 1, not the 130 of Ctrl-C
                    return control.interruptedBySignal() ? ExitCode.INTERRUPTED : ExitCode.worst(exit, ExitCode.RUN_FAILED);
                }
            }
        } finally {
            if (prometheus != null) {
                prometheus.close();
            }
            done.countDown();
            ShutdownSequence.unregister(onSignal);
        }
        return exit;
    }

    private void startPrometheus() {
        if (settings.metricsPort() == null) {
            return;
        }
        try {
            prometheus = InProcessMetrics.start(settings.metricsBind(), settings.metricsPort());
        } catch (RuntimeException e) {
            throw new ConfigException("option '--metrics-port' = " + settings.metricsPort() + ": cannot listen on " + settings.metricsBind()
                    + ":" + settings.metricsPort() + ": " + OneLine.of(e));
        }
        out.println("Prometheus metrics: http://" + settings.metricsBind() + ":" + prometheus.port() + "/metrics");
    }

    /** One workload × driver, as its {@link SeriesShape} says: once, {@code --repeat} times with a summary, or swept. */
    private int runRepeated(Workload workload, Path workloadFile, DriverSession session, RunControl control,
            Distribution distribution) {
        String base = resultBase(workload, session.file());
        SeriesShape shape = SeriesShape.of(workload, settings.repeat());
        if (shape instanceof SeriesShape.Swept swept) {
            SweepRun.Runner runner = (step, target, label) -> runOne(step, workloadFile, session, control, distribution,
                    target, label);
            return new SweepRun(runner, this::resultPath, control, out, err, swept.repeat(), progress)
                    .run(workload, workloadFile, settings.workloadOverrides(), base);
        }
        if (!(shape instanceof SeriesShape.Repeated repeated)) {
            return runOne(workload, workloadFile, session, control, distribution, resultPath(base + ".json"), "");
        }
        int exit = ExitCode.OK;
        List<Path> results = new ArrayList<>();
        String digits = "%0" + String.valueOf(repeated.runs()).length() + "d";
        try (ProgressTask runs = progress.steps("run", repeated.runs())) {
            for (int r = 1; r <= repeated.runs() && !control.stopRequested(); r++) {
                runs.at(r, "");
                Path target = resultPath(base + "-run" + String.format(digits, r) + ".json");
                exit = ExitCode.worst(exit, runOne(workload, workloadFile, session, control, distribution, target,
                        " (run " + r + " of " + repeated.runs() + ")"));
                if (Files.isRegularFile(target)) {
                    results.add(target);
                }
            }
        }
        if (results.isEmpty()) {
            return exit;
        }
        try {
            Path summary = RepeatSummaryFile.write(results, resultPath(base + "-summary.json"), out);
            out.println("  summary: " + summary.toAbsolutePath());
            out.println("  report:  " + RepeatReport.writeFor(summary.toAbsolutePath()));
        } catch (IOException | ConfigException e) {
            err.println("error: could not write the --repeat summary: " + e.getMessage());
            exit = ExitCode.worst(exit, ExitCode.RUN_FAILED);
        }
        return exit;
    }

    private int runOne(Workload workload, Path workloadFile, DriverSession session, RunControl control,
            Distribution distribution, Path target, String repetition) {
        out.println();
        out.println("=== " + workload.name() + " (" + workloadFile + ") on " + session.file().name() + " ("
                + session.file().file() + ")" + repetition);
        if (!workload.ignoredKeys().isEmpty()) {
            out.println("  warning: " + workloadFile + " sets " + workload.ignoredKeys().keySet()
                    + ", which belong to OMB variants this harness does not implement: they have no effect");
        }
        // checked before anything of the run is made: a fault that cannot be placed is bad input (exit 2)
        FaultSchedule faults = workload.faults() == null ? null
                : FaultPlan.schedule(workload, workloadFile, session.broker().orElse(null));
        RunRecord record = new RunRecord(workload, workloadFile.toString(), session.setup(), Instant.now());
        record.environment().putAll(RunEnvironment.describe(session.setup().driverClass()));
        Map<String, Object> brokerInfo = session.describeBroker();
        record.environment().put("localBroker", brokerInfo);
        CpuPlacement placement = session.placement();
        if (placement.worthRecording()) {
            // a copy per run: the run's own CPU figures and warning are added to it when it finishes
            record.environment().put("cpuPlacement", new LinkedHashMap<>(placement.toResult()));
        }
        RunOptions options = new RunOptions(Duration.ofSeconds(settings.readinessTimeoutSeconds()),
                RunOptions.defaults().drainTimeout(), RunOptions.defaults().maxInFlightMessagesPerProducer());
        RemoteWorkers remote = distribution.urls().isEmpty() ? null
                : RemoteWorkers.connect(distribution.urls(), settings.workerToken(), control, message -> out.println("  " + message));
        List<Worker> runWorkers = remote == null ? List.of(inProcessWorker()) : remote.workers();
        if (!settings.noMetrics()) {
            record.metrics().watchBroker(session::brokerNodes);
        }
        if (prometheus != null) {
            prometheus.watchBroker(session::brokerNodes);
        }
        HistogramLog histograms = openHistogramLog(target, record);
        RateSearchProgress search = new RateSearchProgress(progress);
        WritingListener writer = new WritingListener(new ConsoleReporter(out), target, remote, session, search, brokerInfo);
        long payloadSeed = Payloads.seed(workload);
        record.payloadSeed(payloadSeed);
        BenchmarkRun run = new BenchmarkRun(record, Payloads.of(workload, payloadSeed), runWorkers, distribution.layout(),
                settings.extraConsumers(), options, control, writer, RunClock.SYSTEM);
        if (faults != null) {
            run.withFaults(faults);
        }
        if (remote != null) {
            remote.watch(record);
        }
        RunRecord result;
        try {
            result = run.execute();
        } catch (ConfigException e) {
            // refused at set-up (a named topic the broker does not have): nothing was measured, so no log either
            if (histograms != null) {
                discardQuietly(histograms);
                histograms = null;
            }
            throw e;
        } finally {
            if (workload.faults() != null) {
                // the next run (of --repeat, or another workload) starts with every node of the cluster up
                session.broker().ifPresent(broker -> FaultPlan.restartStoppedNodes(broker, out));
            }
            search.close();
            if (histograms != null) {
                histograms.close();
            }
            if (remote != null) {
                remote.stopWatching();
            }
            // printed beside the run's own lines (deliberate console output), where the user reads the run's outcome
            ClientLogSummary.drain().forEach(line -> out.println("  " + line));
        }
        if (control.interruptedBySignal()) {
            return ExitCode.INTERRUPTED;
        }
        // a result that could not be written outranks a delivery verdict: exit 3 would send the user
        // to a result file that does not exist
        if (!result.complete() || writer.failed()) {
            return ExitCode.RUN_FAILED;
        }
        return ExitCode.of(result);
    }

    /**
     * The run's raw latency histograms, logged beside its result as they are measured; a log that
     * cannot be opened (a full disk, a read-only directory) is said once and the run goes on without.
     */
    private HistogramLog openHistogramLog(Path target, RunRecord record) {
        try {
            HistogramLog log = HistogramLog.open(target, record.workload().name() + " on " + record.driver().name());
            record.histograms(log);
            return log;
        } catch (IOException e) {
            err.println("warning: no histogram log for this run: " + IoFailure.describe(e, HistogramLog.pathFor(target)));
            return null;
        }
    }

    private void discardQuietly(HistogramLog histograms) {
        try {
            histograms.discard();
        } catch (IOException e) {
            err.println("warning: could not delete " + histograms.fileName() + ": " + IoFailure.reason(e));
        }
    }

    private Worker inProcessWorker() {
        Worker worker = new LocalWorker(!settings.noMetrics());
        return prometheus == null ? worker : prometheus.exporting(worker);
    }

    /** {@code <workload>-<driver>-<time>}: the name of a run's result files, without extension. */
    private static String resultBase(Workload workload, DriverFile driver) {
        return String.format("%s-%s-%s", safe(workload.name()), safe(driver.name()), LocalDateTime.now().format(STAMP));
    }

    /** Where a result file named {@code name} goes: here, into the --output directory, or the --output file itself. */
    private Path resultPath(String name) {
        if (settings.output() == null) {
            return Path.of(name);
        }
        return Files.isDirectory(settings.output()) ? settings.output().resolve(name) : settings.output();
    }

    private static String safe(String name) {
        return name.replaceAll("[^A-Za-z0-9._-]+", "_");
    }

    /** Writes the result file as soon as the run has finished, before its workers are closed. */
    private final class WritingListener implements RunListener {
        private final ConsoleReporter console;
        private final Path target;
        private final RemoteWorkers remote;
        private final DriverSession session;
        private final RateSearchProgress search;
        private final Map<String, Object> brokerInfo;
        private boolean failed;

        WritingListener(ConsoleReporter console, Path target, RemoteWorkers remote, DriverSession session,
                RateSearchProgress search, Map<String, Object> brokerInfo) {
            this.console = console;
            this.target = target;
            this.remote = remote;
            this.session = session;
            this.search = search;
            this.brokerInfo = brokerInfo;
        }

        /** The local broker's shape as it reports it, beside what the run asked for ({@code environment.localBroker.shape}). */
        @Override
        public void topicsCreated(List<String> topics) {
            session.describeBrokerShape(topics).ifPresent(shape -> brokerInfo.put("shape", shape));
        }

        @Override
        public void note(String message) {
            console.note(message);
        }

        @Override
        public void interval(IntervalPoint point) {
            search.interval(point.phase());
            console.interval(point);
        }

        @Override
        public void searchProgress(SearchProgress window) {
            search.window(window);
        }

        @Override
        public void finished(RunRecord record) {
            search.close();
            if (remote != null) {
                remote.stopWatching();
                ClockSkewCheck.warning(record).ifPresent(warning -> {
                    record.environment().put("clockWarning", warning);
                    console.note("warning: " + warning);
                });
            }
            notePlacement(record);
            console.finished(record);
            Path result = target.toAbsolutePath();
            BenchmarkResult written;
            try {
                written = new ResultWriter().write(record, result);
            } catch (IOException e) {
                String why = "could not write result " + result + ": " + IoFailure.describe(e, result);
                Optional<ResultFallback.Written> saved = ResultFallback.write(record, result, new ResultWriter());
                if (saved.isEmpty()) {
                    fail(why + ", nor in " + ResultFallback.describe(result) + ": what the run measured is lost");
                    return;
                }
                // the command still failed (the result is not where it was asked for), but nothing measured is lost
                fail(why + "; written to " + saved.get().file() + " instead");
                result = saved.get().file();
                written = saved.get().result();
            }
            out.println("  result: " + result);
            if (record.histograms() instanceof HistogramLog log) {
                out.println("  histograms: " + HistogramLog.pathFor(result) + " (" + log.cost()
                        + (log.failed() ? "; incomplete: writing it failed, likely a full disk" : "") + ")");
            }
            Path report = HtmlReport.pathFor(result);
            try {
                HtmlReport.writeFor(result, written);
                out.println("  report: " + report);
            } catch (IOException e) {
                fail("could not write report " + report + ": " + IoFailure.describe(e, report)
                        + " (the result " + result + " was written)");
            }
        }

        /** The run's CPU use beside its placement, and the shared-cores warning once per run when it applies. */
        @SuppressWarnings("unchecked")
        private void notePlacement(RunRecord record) {
            if (!(record.environment().get("cpuPlacement") instanceof Map<?, ?> recorded)) {
                return;
            }
            Map<String, Object> placement = (Map<String, Object>) recorded;
            MeasuredCpu cpu = MeasuredCpu.of(record);
            placement.put("clientCpuCores", cpu.clientCores().isPresent() ? ResultNumbers.round3(cpu.clientCores().getAsDouble()) : null);
            placement.put("brokerCpuCores", cpu.brokerCores().isPresent() ? ResultNumbers.round3(cpu.brokerCores().getAsDouble()) : null);
            String warning = SharedCoreWarning.decide(session.placement(), cpu, session.file().localBroker()).orElse(null);
            placement.put("warning", warning);
            if (warning != null) {
                console.note("warning: " + warning);
            }
        }

        private void fail(String message) {
            failed = true;
            err.println("error: " + message);
        }

        /** Whether a result or report file could not be written: the run did not deliver what it promised. */
        boolean failed() {
            return failed;
        }
    }
}

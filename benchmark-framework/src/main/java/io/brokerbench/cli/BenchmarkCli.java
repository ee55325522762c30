package io.brokerbench.cli;

import io.brokerbench.capacity.SearchProgress;
import io.brokerbench.config.ConfigException;
import io.brokerbench.config.DriverConfigCheck;
import io.brokerbench.config.DriverFile;
import io.brokerbench.driver.support.OneLine;
import io.brokerbench.lifecycle.ShutdownSequence;
import io.brokerbench.logging.ClientLogSummary;
import io.brokerbench.progress.ProgressLine;
import io.brokerbench.progress.ProgressTask;
import io.brokerbench.progress.RateSearchProgress;
import io.brokerbench.placement.ClientPinning;
import io.brokerbench.placement.CpuList;
import io.brokerbench.placement.CpuPlacement;
import io.brokerbench.placement.MeasuredCpu;
import io.brokerbench.placement.OnlineCpus;
import io.brokerbench.placement.SharedCoreWarning;
import io.brokerbench.remote.coordinator.ClockSkewCheck;
import io.brokerbench.remote.coordinator.RemoteWorkers;
import io.brokerbench.remote.coordinator.WorkerUrl;
import io.brokerbench.remote.coordinator.WorkersFile;
import io.brokerbench.report.ConsoleReporter;
import io.brokerbench.report.html.HtmlReport;
import io.brokerbench.report.html.RepeatReport;
import io.brokerbench.result.CsvExport;
import io.brokerbench.result.ResultWriter;
import io.brokerbench.run.BenchmarkRun;
import io.brokerbench.run.IntervalPoint;
import io.brokerbench.run.RunClock;
import io.brokerbench.run.RunControl;
import io.brokerbench.run.RunListener;
import io.brokerbench.run.RunOptions;
import io.brokerbench.run.RunRecord;
import io.brokerbench.run.WorkAssignment;
import io.brokerbench.remote.server.InProcessMetrics;
import io.brokerbench.worker.LocalWorker;
import io.brokerbench.worker.Worker;
import io.brokerbench.workload.Payloads;
import io.brokerbench.workload.Workload;
import io.brokerbench.workload.WorkloadLoader;
import java.io.IOException;
import java.io.PrintStream;
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
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code bin/benchmark}: OMB's command line, plus validation and the local-broker default. What it
 * prints to {@code out} (runs, results, file names) and the error lines are its deliberate console
 * output; everything else goes through slf4j.
 */
@Command(name = "benchmark", mixinStandardHelpOptions = true, sortOptions = false,
        versionProvider = VersionProvider.class,
        description = {"Runs OMB-format workloads against message brokers and writes one JSON result per workload × driver.",
            "Exit codes: 0 ok, 1 a run failed (partial result written) or a result file could not be written,"
                + " 2 bad input, 3 messages lost/duplicated/reordered or sends failed/unacknowledged, 4 rate not held"
                + " (messages due never sent; everything sent was delivered), 130 interrupted (result written, marked"
                + " incomplete). When several apply: 130, 3, 2, 1, 4, in that order."})
public final class BenchmarkCli implements Callable<Integer> {

    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyy-MM-dd-HH-mm-ss");
    private static final String DEFAULT_WORKERS_FILE = "workers.yaml";

    @Option(names = {"-d", "--drivers"}, split = ",", paramLabel = "FILE",
            description = "Driver YAML files, e.g. driver-<broker>/<broker>-local.yaml (comma-separated or repeated).")
    List<Path> drivers = new ArrayList<>();

    @Option(names = {"-w", "--workers"}, split = ",", paramLabel = "URL",
            description = "Worker URLs (http://host:8080,...) for a distributed run.")
    List<String> workers = new ArrayList<>();

    @Option(names = {"-wf", "--workers-file"}, paramLabel = "FILE",
            description = "YAML file listing worker URLs ('workers:' list). Default: ./workers.yaml if it exists.")
    Path workersFile;

    @Option(names = "--worker-token", paramLabel = "TOKEN", defaultValue = "${env:BROKERBENCH_WORKER_TOKEN}",
            showDefaultValue = CommandLine.Help.Visibility.NEVER,
            description = "Token the workers were started with (default: environment variable BROKERBENCH_WORKER_TOKEN).")
    String workerToken;

    @Option(names = "--worker-roles", paramLabel = "split|mixed", defaultValue = "split",
            description = "Distributed runs: 'split' puts producers and consumers on separate workers (OMB's way),"
                + " 'mixed' makes every worker produce and consume (default ${DEFAULT-VALUE}).")
    String workerRoles;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE",
            description = "Result file (one workload × driver), or a directory for several. Default: <workload>-<driver>-<time>.json here.")
    Path output;

    @Option(names = {"-x", "--extra"},
            description = "Distributed runs, split roles: two thirds of the workers consume instead of half (OMB's flag).")
    boolean extraConsumers;

    @Option(names = {"-c", "--csv"}, paramLabel = "DIR",
            description = "Summarise the result JSON files in DIR as DIR/results.csv and exit (OMB's flag).")
    Path csvDirectory;

    @Option(names = "--validate",
            description = "Check the workload and driver files and that --output can take the results, then exit without running.")
    boolean validateOnly;

    @Option(names = "--readiness-timeout", paramLabel = "SECONDS", defaultValue = "60",
            description = "How long consumers may take to receive the first probe message (default ${DEFAULT-VALUE}).")
    int readinessTimeoutSeconds;

    @Option(names = "--test-messages", paramLabel = "N",
            description = "Count-bounded runs: publish exactly N messages over all producers, then wait until all are"
                + " consumed (the workload key testMessages; no warm-up, the workload's durations are not used).")
    Long testMessages;

    @Option(names = "--sweep", split = ",", paramLabel = "RATE",
            description = "Rate sweep: one run per target rate (msg/s, comma-separated), each with its own warm-up, and one"
                + " result with a step per rate and the knee (<name>-sweep.json/.html); the workload key sweep.rates.")
    List<Double> sweepRates;

    @Option(names = "--repeat", paramLabel = "N", defaultValue = "1",
            description = "Run each workload × driver N times (fresh topics each time), keep each run's result"
                + " (<name>-runNN.json) and write a summary per metric: mean, standard deviation, 95 %% confidence"
                + " interval (<name>-summary.json/.html); with a sweep, each step N times, the sweep result giving each"
                + " step's mean and its 95 %% confidence interval. Default ${DEFAULT-VALUE}.")
    int repeat;

    @Option(names = "--metrics-port", paramLabel = "PORT",
            description = "Serve Prometheus metrics of the in-process run at http://ADDRESS:PORT/metrics, with the names"
                + " workers use on their stats port (0: any free port).")
    Integer metricsPort;

    @Option(names = "--metrics-bind", paramLabel = "ADDRESS", defaultValue = "127.0.0.1",
            description = "Address of --metrics-port (default ${DEFAULT-VALUE}; 0.0.0.0 for all).")
    String metricsBind;

    @Option(names = "--no-metrics",
            description = "In-process runs: record no load-generator, broker, client-library or driver statistics"
                + " per interval (to measure what recording them costs).")
    boolean noMetrics;

    @Option(names = "--no-progress",
            description = "Show no progress line (where a repeat, sweep, max-rate search or several workloads are,"
                + " time elapsed and left): on a terminal it is redrawn in place, elsewhere or with CI set it is a"
                + " line per step.")
    boolean noProgress;

    @Option(names = "--client-cpus", paramLabel = "LIST",
            description = "In-process runs: run the load generator (this JVM) on these CPUs only, a taskset list such as"
                + " 0 or 0-1,3 (bin/benchmark starts java under taskset -c LIST). A local broker without its own CPUs"
                + " then gets every online CPU.")
    String clientCpus;

    @Option(names = "--broker-cpus", paramLabel = "LIST",
            description = "Pin the local broker to these CPUs, a taskset list such as 1 (overrides the driver files'"
                + " localBrokerCpus). Default: every online CPU.")
    String brokerCpus;

    @Parameters(paramLabel = "WORKLOAD", description = "Workload YAML files.")
    List<Path> workloads = new ArrayList<>();

    @Spec
    CommandSpec spec;

    private final PrintStream out;
    /** Where the long activities show how far they are; one that shows nothing with --no-progress. */
    private ProgressLine progress;
    /** The in-process runs' Prometheus endpoint while they run, with --metrics-port. */
    private InProcessMetrics prometheus;

    /**
     * @param out the command's output, guarded by {@code progress} (its writes clear the progress line)
     * @param progress the line the runs' progress goes on
     */
    public BenchmarkCli(PrintStream out, ProgressLine progress) {
        this.out = out;
        this.progress = progress;
    }

    @Override
    public Integer call() throws Exception {
        if (noProgress) {
            progress = ProgressLine.off(out);
        }
        if (csvDirectory != null) {
            Path csv = CsvExport.export(csvDirectory);
            out.println("wrote " + csv);
            return ExitCode.OK;
        }
        if (workloads.isEmpty()) {
            throw new ConfigException("no workload file given (usage: benchmark --drivers DRIVER.yaml WORKLOAD.yaml ...)");
        }
        if (drivers.isEmpty()) {
            throw new ConfigException("no driver file given: use --drivers, e.g. --drivers driver-<broker>/<broker>-local.yaml");
        }
        if (repeat < 1) {
            throw new ConfigException("option '--repeat' = " + repeat + ": must be at least 1");
        }
        if (readinessTimeoutSeconds < 1) {
            throw new ConfigException("option '--readiness-timeout' = " + readinessTimeoutSeconds + ": must be at least 1");
        }
        List<Workload> loadedWorkloads = new ArrayList<>();
        for (Path workload : workloads) {
            loadedWorkloads.add(WorkloadLoader.load(workload, workloadOverrides()));
        }
        List<DriverFile> loadedDrivers = new ArrayList<>();
        for (Path driver : drivers) {
            DriverFile file = DriverFile.load(driver);
            DriverConfigCheck.check(file);
            loadedDrivers.add(file);
        }
        List<URI> workerUrls = workerUrls();
        WorkAssignment.Layout layout = layout();
        checkMetricsOptions(!workerUrls.isEmpty());
        CpuList online = OnlineCpus.read();
        CpuList wantedClientCpus = cpuOption("--client-cpus", clientCpus, online);
        CpuList wantedBrokerCpus = cpuOption("--broker-cpus", brokerCpus, online);
        checkCpuOptions(!workerUrls.isEmpty(), loadedDrivers);
        int resultsPerDriver = 0;
        for (Workload workload : loadedWorkloads) {
            // a sweep: each step's runs, the sweep result, and the max-rate search run when it discovers its maximum
            resultsPerDriver += workload.sweep().wanted()
                    ? workload.sweep().steps() * repeat + 1 + (workload.sweep().discoversMaximum() ? 1 : 0) : repeat;
        }
        OutputCheck.check(output, resultsPerDriver * loadedDrivers.size());
        if (validateOnly) {
            workloads.forEach(w -> out.println("valid workload: " + w));
            drivers.forEach(d -> out.println("valid driver:   " + d));
            return ExitCode.OK;
        }
        // before any driver, broker or load thread exists: everything this JVM starts from here on runs there
        if (wantedClientCpus != null && ClientPinning.pinSelf(wantedClientCpus)) {
            out.println("pinned this JVM to CPUs " + wantedClientCpus + " after start (bin/benchmark starts it under taskset:"
                    + " its GC and JIT threads were sized for the CPUs it started on)");
        }
        CpuList runningOn = workerUrls.isEmpty() ? ClientPinning.current(online) : null;
        CpuRequest cpus = new CpuRequest(online, runningOn, wantedClientCpus != null, wantedBrokerCpus);
        return runAll(loadedWorkloads, loadedDrivers, new Distribution(workerUrls, layout), cpus);
    }

    /** A CPU list option, or null when not given; checked against the machine's online CPUs. */
    private static CpuList cpuOption(String option, String value, CpuList online) {
        if (value == null) {
            return null;
        }
        try {
            return CpuList.parse(value).requireWithin(online);
        } catch (IllegalArgumentException e) {
            throw new ConfigException("option '" + option + "' = '" + value + "': " + e.getMessage());
        }
    }

    /** --client-cpus pins this JVM, which is the load generator only in-process; --broker-cpus needs a local broker. */
    private void checkCpuOptions(boolean distributed, List<DriverFile> loadedDrivers) {
        if (distributed && clientCpus != null) {
            throw new ConfigException("option '--client-cpus' = '" + clientCpus + "': pins the in-process load generator;"
                    + " workers run elsewhere (start them under taskset -c LIST)");
        }
        if (brokerCpus != null && loadedDrivers.stream().noneMatch(DriverFile::needsLocalBroker)) {
            throw new ConfigException("option '--broker-cpus' = '" + brokerCpus + "': pins a local broker, but no driver file"
                    + " starts one (localBroker:)");
        }
    }

    /** Workload keys the command line sets for every workload. */
    private Map<String, Object> workloadOverrides() {
        Map<String, Object> overrides = new LinkedHashMap<>();
        if (testMessages != null) {
            if (testMessages < 1) {
                throw new ConfigException("option '--test-messages' = " + testMessages + ": must be at least 1");
            }
            overrides.put("testMessages", testMessages);
        }
        if (sweepRates != null) {
            overrides.put("sweep", Map.of("rates", sweepRates));
        }
        return overrides;
    }

    /** Both metrics options shape the in-process worker; workers record, and serve, their own. */
    private void checkMetricsOptions(boolean distributed) {
        if (metricsPort != null && (metricsPort < 0 || metricsPort > 65_535)) {
            throw new ConfigException("option '--metrics-port' = " + metricsPort + ": expected a port 0-65535");
        }
        if (distributed && metricsPort != null) {
            throw new ConfigException("option '--metrics-port' = " + metricsPort + ": serves an in-process run's metrics;"
                    + " workers serve theirs on their stats port (benchmark-worker -sp)");
        }
        if (distributed && noMetrics) {
            throw new ConfigException("option '--no-metrics': applies to in-process runs; workers always record theirs");
        }
    }

    /** Where the load runs: this JVM (no URLs) or the listed workers, and how they share the roles. */
    private record Distribution(List<URI> urls, WorkAssignment.Layout layout) {
    }

    /** From --workers, else --workers-file, else ./workers.yaml if present (as OMB); none: one process. */
    private List<URI> workerUrls() {
        if (!workers.isEmpty() && workersFile != null) {
            throw new ConfigException("options '--workers' and '--workers-file' both given: use one");
        }
        if (!workers.isEmpty()) {
            List<URI> urls = new ArrayList<>();
            for (String url : workers) {
                try {
                    URI parsed = WorkerUrl.parse(url);
                    if (urls.contains(parsed)) {
                        throw new IllegalArgumentException("listed twice");
                    }
                    urls.add(parsed);
                } catch (IllegalArgumentException e) {
                    throw new ConfigException("option '--workers' = '" + url + "': " + OneLine.message(e));
                }
            }
            return urls;
        }
        if (workersFile != null) {
            return WorkersFile.load(workersFile);
        }
        Path implicit = Path.of(DEFAULT_WORKERS_FILE);
        if (Files.isRegularFile(implicit)) {
            out.println("distributed run: workers from ./" + DEFAULT_WORKERS_FILE + " (found in the current directory)");
            return WorkersFile.load(implicit);
        }
        return List.of();
    }

    private WorkAssignment.Layout layout() {
        return switch (workerRoles) {
            case "split" -> WorkAssignment.Layout.SPLIT;
            case "mixed" -> WorkAssignment.Layout.MIXED;
            default -> throw new ConfigException("option '--worker-roles' = '" + workerRoles + "': expected split or mixed");
        };
    }

    private int runAll(List<Workload> loadedWorkloads, List<DriverFile> loadedDrivers, Distribution distribution,
            CpuRequest cpus) throws IOException, InterruptedException {
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
                        exit = ExitCode.worst(exit, runRepeated(loadedWorkloads.get(i), workloads.get(i), session, control,
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
        if (metricsPort == null) {
            return;
        }
        try {
            prometheus = InProcessMetrics.start(metricsBind, metricsPort);
        } catch (RuntimeException e) {
            throw new ConfigException("option '--metrics-port' = " + metricsPort + ": cannot listen on " + metricsBind
                    + ":" + metricsPort + ": " + OneLine.of(e));
        }
        out.println("Prometheus metrics: http://" + metricsBind + ":" + prometheus.port() + "/metrics");
    }

    /** One workload × driver, {@code --repeat} times; with more than one run, their summary too. */
    private int runRepeated(Workload workload, Path workloadFile, DriverSession session, RunControl control,
            Distribution distribution) {
        String base = resultBase(workload, session.file());
        if (workload.sweep().wanted()) {
            SweepRun.Runner runner = (step, target, label) -> runOne(step, workloadFile, session, control, distribution,
                    target, label);
            return new SweepRun(runner, this::resultPath, control, out, spec.commandLine().getErr(), repeat, progress)
                    .run(workload, workloadFile, workloadOverrides(), base);
        }
        if (repeat == 1) {
            return runOne(workload, workloadFile, session, control, distribution, resultPath(base + ".json"), "");
        }
        int exit = ExitCode.OK;
        List<Path> results = new ArrayList<>();
        String digits = "%0" + String.valueOf(repeat).length() + "d";
        try (ProgressTask runs = progress.steps("run", repeat)) {
            for (int r = 1; r <= repeat && !control.stopRequested(); r++) {
                runs.at(r, "");
                Path target = resultPath(base + "-run" + String.format(digits, r) + ".json");
                exit = ExitCode.worst(exit, runOne(workload, workloadFile, session, control, distribution, target,
                        " (run " + r + " of " + repeat + ")"));
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
        } catch (IOException e) {
            spec.commandLine().getErr().println("error: could not write the repeat summary: " + e.getMessage());
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
        RunRecord record = new RunRecord(workload, workloadFile.toString(), session.setup(), Instant.now());
        record.environment().putAll(RunEnvironment.describe(session.setup().driverClass()));
        record.environment().put("localBroker", session.describeBroker());
        CpuPlacement placement = session.placement();
        if (placement.worthRecording()) {
            // a copy per run: the run's own CPU figures and warning are added to it when it finishes
            record.environment().put("cpuPlacement", new LinkedHashMap<>(placement.toResult()));
        }
        RunOptions options = new RunOptions(Duration.ofSeconds(readinessTimeoutSeconds),
                RunOptions.defaults().drainTimeout(), RunOptions.defaults().maxInFlightMessagesPerProducer());
        RemoteWorkers remote = distribution.urls().isEmpty() ? null
                : RemoteWorkers.connect(distribution.urls(), workerToken, control, message -> out.println("  " + message));
        List<Worker> runWorkers = remote == null ? List.of(inProcessWorker()) : remote.workers();
        if (!noMetrics) {
            session.brokerProcess().ifPresent(record.metrics()::watchBroker);
        }
        if (prometheus != null) {
            session.brokerProcess().ifPresent(prometheus::watchBroker);
        }
        RateSearchProgress search = new RateSearchProgress(progress);
        WritingListener writer = new WritingListener(new ConsoleReporter(out), target, remote, session, search);
        BenchmarkRun run = new BenchmarkRun(record, Payloads.of(workload), runWorkers, distribution.layout(),
                extraConsumers, options, control, writer, RunClock.SYSTEM);
        if (remote != null) {
            remote.watch(record);
        }
        RunRecord result;
        try {
            result = run.execute();
        } finally {
            search.close();
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

    private Worker inProcessWorker() {
        Worker worker = new LocalWorker(!noMetrics);
        return prometheus == null ? worker : prometheus.exporting(worker);
    }

    /** {@code <workload>-<driver>-<time>}: the name of a run's result files, without extension. */
    private static String resultBase(Workload workload, DriverFile driver) {
        return String.format("%s-%s-%s", safe(workload.name()), safe(driver.name()), LocalDateTime.now().format(STAMP));
    }

    /** Where a result file named {@code name} goes: here, into the --output directory, or the --output file itself. */
    private Path resultPath(String name) {
        if (output == null) {
            return Path.of(name);
        }
        return Files.isDirectory(output) ? output.resolve(name) : output;
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
        private boolean failed;

        WritingListener(ConsoleReporter console, Path target, RemoteWorkers remote, DriverSession session,
                RateSearchProgress search) {
            this.console = console;
            this.target = target;
            this.remote = remote;
            this.session = session;
            this.search = search;
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
            try {
                new ResultWriter().write(record, result);
            } catch (IOException e) {
                fail("could not write result " + result + ": " + IoFailure.describe(e, result));
                return;
            }
            out.println("  result: " + result);
            Path report = HtmlReport.pathFor(result);
            try {
                HtmlReport.writeFor(result);
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
            placement.put("clientCpuCores", cpu.clientCores().isPresent() ? round3(cpu.clientCores().getAsDouble()) : null);
            placement.put("brokerCpuCores", cpu.brokerCores().isPresent() ? round3(cpu.brokerCores().getAsDouble()) : null);
            String warning = SharedCoreWarning.decide(session.placement(), cpu, session.file().localBroker()).orElse(null);
            placement.put("warning", warning);
            if (warning != null) {
                console.note("warning: " + warning);
            }
        }

        private static double round3(double value) {
            return Math.round(value * 1000.0) / 1000.0;
        }

        private void fail(String message) {
            failed = true;
            spec.commandLine().getErr().println("error: " + message);
        }

        /** Whether a result or report file could not be written: the run did not deliver what it promised. */
        boolean failed() {
            return failed;
        }
    }
}

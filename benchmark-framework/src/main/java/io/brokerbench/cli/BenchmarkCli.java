package io.brokerbench.cli;

import io.brokerbench.config.ConfigException;
import io.brokerbench.config.DriverConfigCheck;
import io.brokerbench.config.DriverFile;
import io.brokerbench.driver.support.OneLine;
import io.brokerbench.placement.ClientPinning;
import io.brokerbench.placement.CpuList;
import io.brokerbench.placement.OnlineCpus;
import io.brokerbench.progress.ProgressLine;
import io.brokerbench.remote.coordinator.WorkerUrl;
import io.brokerbench.remote.coordinator.WorkersFile;
import io.brokerbench.result.CsvExport;
import io.brokerbench.run.WorkAssignment;
import io.brokerbench.worker.ConsumerSpec;
import io.brokerbench.worker.ProducerSpec;
import io.brokerbench.worker.Worker;
import io.brokerbench.workload.FaultSpec;
import io.brokerbench.workload.Workload;
import io.brokerbench.workload.WorkloadLoader;
import io.brokerbench.yaml.YamlDocument;
import io.brokerbench.yaml.YamlException;
import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine;

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

    private static final String DEFAULT_WORKERS_FILE = "workers.yaml";
    /** Drivers whose brokers live in the worker's JVM (see {@link #checkDriversAcross}). */
    private static final Set<String> IN_ONE_JVM_DRIVERS = Set.of("io.brokerbench.driver.inmemory.InMemoryBenchmarkDriver");

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

    @Option(names = "--fault", paramLabel = "FAULT",
            description = "Add a fault to every workload's faults, as one entry of the workload key faults: e.g."
                + " 'atSeconds: 30, action: kill, target: leader' or 'atSeconds: 20, action: command, command: ...,"
                + " undo: ..., seconds: 15'. Repeatable; see docs/faults.md.")
    List<String> faults = new ArrayList<>();

    @Parameters(paramLabel = "WORKLOAD", description = "Workload YAML files.")
    List<Path> workloads = new ArrayList<>();

    @Spec
    CommandSpec spec;

    private final PrintStream out;
    /** Where the long activities show how far they are; one that shows nothing with --no-progress. */
    private ProgressLine progress;

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
        checkDriversAcross(workerUrls.size(), layout, loadedDrivers, loadedWorkloads);
        int resultsPerDriver = 0;
        long bytesPerDriver = 0;
        for (Workload workload : loadedWorkloads) {
            // a sweep: each step's runs, the sweep result, and the max-rate search run when it discovers its maximum
            int results = workload.sweep().wanted()
                    ? workload.sweep().steps() * repeat + 1 + (workload.sweep().discoversMaximum() ? 1 : 0) : repeat;
            resultsPerDriver += results;
            bytesPerDriver += results * OutputCheck.bytesForRun(workload);
        }
        OutputCheck.check(output, resultsPerDriver * loadedDrivers.size());
        OutputCheck.spaceWarning(output, bytesPerDriver * loadedDrivers.size()).ifPresent(w -> out.println("warning: " + w));
        if (validateOnly) {
            workloads.forEach(w -> out.println("valid workload: " + w));
            drivers.forEach(d -> out.println("valid driver:   " + d));
            return ExitCode.OK;
        }
        OutputCheck.prepare(output, resultsPerDriver * loadedDrivers.size());
        // before any driver, broker or load thread exists: everything this JVM starts from here on runs there
        if (wantedClientCpus != null && ClientPinning.pinSelf(wantedClientCpus)) {
            out.println("pinned this JVM to CPUs " + wantedClientCpus + " after start (bin/benchmark starts it under taskset:"
                    + " its GC and JIT threads were sized for the CPUs it started on)");
        }
        CpuList runningOn = workerUrls.isEmpty() ? ClientPinning.current(online) : null;
        CpuRequest cpus = new CpuRequest(online, runningOn, wantedClientCpus != null, wantedBrokerCpus);
        RunSeries.Settings settings = new RunSeries.Settings(repeat, output, readinessTimeoutSeconds, workerToken, noMetrics,
                extraConsumers, metricsPort, metricsBind, workloadOverrides());
        return new RunSeries(settings, out, spec.commandLine().getErr(), progress).run(loadedWorkloads, workloads,
                loadedDrivers, new RunSeries.Distribution(workerUrls, layout), cpus);
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

    /**
     * The in-memory driver keeps its topics inside one JVM, the first worker's (which creates them):
     * a producer or consumer dealt to any other worker would find no topic, and the run would fail
     * after setup. Refused up front unless every producer and consumer lands on the first worker.
     */
    private void checkDriversAcross(int workers, WorkAssignment.Layout layout, List<DriverFile> loadedDrivers,
            List<Workload> loadedWorkloads) {
        for (DriverFile driver : loadedDrivers) {
            if (workers < 2 || !IN_ONE_JVM_DRIVERS.contains(driver.driverClass())) {
                continue;
            }
            for (Workload workload : loadedWorkloads) {
                WorkAssignment assignment = WorkAssignment.of(layout, extraConsumers, workers,
                        Collections.nCopies(workload.totalProducers(), (ProducerSpec) null),
                        Collections.nCopies(workload.totalConsumers(), (ConsumerSpec) null));
                for (int w = 1; w < workers; w++) {
                    if (!assignment.producersOf(w).isEmpty() || !assignment.consumersOf(w).isEmpty()) {
                        throw new ConfigException(driver.file() + ": driverClass '" + driver.driverClass() + "' keeps its"
                                + " topics inside one JVM and cannot run workload '" + workload.name() + "' across "
                                + workers + " workers: run it in-process (no --workers) or on one worker");
                    }
                }
            }
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
        if (!faults.isEmpty()) {
            overrides.put(WorkloadLoader.ADDED_FAULTS, faults.stream().map(BenchmarkCli::fault).toList());
        }
        return overrides;
    }

    /**
     * One {@code --fault}, checked on its own so that a mistake is named as the option's, not as a line of
     * the workload file; whether its time lies in the measured phase is checked with each workload.
     */
    private static FaultSpec fault(String text) {
        String mapping = text.strip().startsWith("{") ? text : "{" + text + "}";
        try {
            return YamlDocument.parse(Path.of("option '--fault' = '" + text.strip() + "'"), mapping).bind(FaultSpec.class);
        } catch (YamlException e) {
            throw new ConfigException(e.getMessage(), e);
        }
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
}

package io.brokerbench.cli;

import io.brokerbench.driver.support.OneLine;
import io.brokerbench.config.ConfigException;
import io.brokerbench.placement.ClientPinning;
import io.brokerbench.placement.CpuList;
import io.brokerbench.placement.OnlineCpus;
import io.brokerbench.remote.server.WorkerServer;
import io.brokerbench.remote.wire.WireProtocol;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code bin/benchmark-worker}: a load generator a coordinator drives over HTTP. Safe by default:
 * it listens on loopback only, and refuses to listen on another address without a token unless
 * told {@code --insecure}.
 */
@Command(name = "benchmark-worker", mixinStandardHelpOptions = true, sortOptions = false,
        versionProvider = VersionProvider.class,
        description = {"Serves the worker API a coordinator (bin/benchmark --workers URL,...) drives.",
            "Exit codes: 0 stopped, 1 could not start (port taken), 2 bad input."})
public final class WorkerMain implements Callable<Integer> {

    @Option(names = {"-p", "--port"}, defaultValue = "8080", description = "Port of the worker API (default ${DEFAULT-VALUE}).")
    int port;

    @Option(names = {"-sp", "--stats-port"}, defaultValue = "8081",
            description = "Port of the Prometheus metrics, GET /metrics (default ${DEFAULT-VALUE}).")
    int statsPort;

    @Option(names = "--bind", paramLabel = "ADDRESS", defaultValue = "127.0.0.1",
            description = "Address to listen on (default ${DEFAULT-VALUE}; 0.0.0.0 for all).")
    String bind;

    @Option(names = "--token", paramLabel = "TOKEN", defaultValue = "${env:BROKERBENCH_WORKER_TOKEN}",
            showDefaultValue = CommandLine.Help.Visibility.NEVER,
            description = "Require 'Authorization: Bearer TOKEN' on every request (default: environment variable"
                + " BROKERBENCH_WORKER_TOKEN, which unlike the option is not visible in the process list).")
    String token;

    @Option(names = "--insecure", description = "Allow listening on a non-loopback address without a token.")
    boolean insecure;

    @Option(names = "--lease-seconds", defaultValue = "10", paramLabel = "SECONDS",
            description = "Stop the load and reset when the coordinator has sent nothing for this long (default ${DEFAULT-VALUE}).")
    int leaseSeconds;

    @Option(names = "--client-cpus", paramLabel = "LIST",
            description = "Run this worker on these CPUs only, a taskset list such as 0 or 0-1,3 (bin/benchmark-worker"
                + " starts java under taskset -c LIST).")
    String clientCpus;

    private final PrintStream out;

    WorkerMain(PrintStream out) {
        this.out = out;
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /** Runs the worker until the JVM stops; returns only on a start failure (or --help). */
    static int run(String[] args, PrintStream out, PrintStream err) {
        return CommandLines.execute(new WorkerMain(out), args, out, err, "could not start the worker: ");
    }

    @Override
    public Integer call() throws Exception {
        checkPort("--port", port);
        checkPort("--stats-port", statsPort);
        if (port == statsPort) {
            throw new ConfigException("options '--port' and '--stats-port' are both " + port + ": give two ports");
        }
        if (leaseSeconds < 2) {
            throw new ConfigException("option '--lease-seconds' = " + leaseSeconds + ": must be at least 2");
        }
        boolean loopback;
        try {
            loopback = InetAddress.getByName(bind).isLoopbackAddress();
        } catch (UnknownHostException e) {
            throw new ConfigException("option '--bind' = '" + bind + "': unknown address");
        }
        boolean hasToken = token != null && !token.isBlank();
        if (!loopback && !hasToken && !insecure) {
            throw new ConfigException("option '--bind' = '" + bind + "': refusing to serve a non-loopback address without"
                    + " a token (give --token or BROKERBENCH_WORKER_TOKEN, or --insecure on a trusted network)");
        }
        if (clientCpus != null) {
            pin(clientCpus);
        }
        WorkerServer server;
        try {
            server = new WorkerServer(bind, port, statsPort, hasToken ? token : null, Duration.ofSeconds(leaseSeconds));
        } catch (RuntimeException e) {
            // Javalin reports a taken port as an unchecked exception
            throw new IOException(bind + ":" + port + "/" + statsPort + ": " + OneLine.message(e), e);
        }
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            server.close();
            stopped.countDown();
        }, "brokerbench-worker-shutdown"));
        // deliberate console output: where to point the coordinator, shown whatever the log level
        out.printf("brokerbench worker listening on http://%s:%d (metrics http://%s:%d/metrics), protocol %d, %s%n",
                bind, server.port(), bind, server.statsPort(), WireProtocol.VERSION,
                hasToken ? "token required" : "NO TOKEN: anyone who reaches this address can drive it");
        out.flush();
        stopped.await();
        return ExitCode.OK;
    }

    /** Checks the list against the machine; pins this JVM when bin/benchmark-worker could not start it under taskset. */
    private void pin(String list) throws IOException, InterruptedException {
        CpuList cpus;
        try {
            cpus = CpuList.parse(list).requireWithin(OnlineCpus.read());
        } catch (IllegalArgumentException e) {
            throw new ConfigException("option '--client-cpus' = '" + list + "': " + e.getMessage());
        }
        if (ClientPinning.pinSelf(cpus)) {
            out.println("pinned this JVM to CPUs " + cpus + " after start (bin/benchmark-worker starts it under taskset:"
                    + " its GC and JIT threads were sized for the CPUs it started on)");
        }
    }

    private static void checkPort(String option, int value) {
        if (value < 0 || value > 65_535) {
            throw new ConfigException("option '" + option + "' = " + value + ": expected a port 0-65535");
        }
    }
}

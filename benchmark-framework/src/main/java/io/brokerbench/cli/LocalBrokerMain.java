package io.brokerbench.cli;

import io.brokerbench.config.ConfigException;
import io.brokerbench.config.DriverFile;
import io.brokerbench.localbroker.LocalBroker;
import io.brokerbench.localbroker.LocalBrokers;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code bin/local-broker DRIVER.yaml}: the local broker a driver file's {@code localBroker:} names,
 * started on 127.0.0.1 as {@code bin/benchmark} starts it, for tools that are not this harness (another
 * benchmark, a client library's own tools). Prints the broker's connection settings on stdout, one
 * {@code NAME=VALUE} line per {@code ${localBroker.NAME}} endpoint, and keeps the broker until SIGINT,
 * SIGTERM or the end of standard input; then stops it and deletes its data (a SIGKILL takes the broker
 * with it too, and the scratch janitor removes its data).
 */
@Command(name = "local-broker", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = {"Starts the local broker of a driver file with 'localBroker:' on 127.0.0.1 and keeps it running.",
            "Prints its connection settings on stdout, one NAME=VALUE line each (the ${localBroker.NAME} of driver files),",
            "then waits: Ctrl-C, SIGTERM or the end of standard input stops the broker and deletes its data",
            "(standard input from /dev/null is not an end: then only a signal stops it).",
            "Exit codes: 0 stopped, 1 the broker did not start, 2 bad input."})
public final class LocalBrokerMain implements Callable<Integer> {

    @Parameters(arity = "1", paramLabel = "DRIVER.yaml", description = "A driver file with a 'localBroker:' key.")
    Path driverFile;

    private final PrintStream out;
    private final PrintStream err;
    private final InputStream in;
    private LocalBroker broker;
    private boolean stopped;

    private LocalBrokerMain(PrintStream out, PrintStream err, InputStream in) {
        this.out = out;
        this.err = err;
        this.in = in;
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err, System.in));
    }

    public static int run(String[] args, PrintStream out, PrintStream err, InputStream in) {
        return CommandLines.execute(new LocalBrokerMain(out, err, in), args, out, err, "could not start the local broker: ");
    }

    @Override
    public Integer call() throws IOException, InterruptedException {
        DriverFile file = DriverFile.load(driverFile);
        if (!file.needsLocalBroker()) {
            throw ConfigException.file(driverFile, "no 'localBroker' key: this driver file points at a broker of its own,"
                    + " there is no local broker to start");
        }
        err.println("starting a local " + file.localBroker() + " broker on 127.0.0.1 for " + driverFile + " ...");
        long start = System.nanoTime();
        // registered first: a signal while the broker starts stops what has started
        Thread hook = new Thread(this::stop, "local-broker-stop");
        Runtime.getRuntime().addShutdownHook(hook);
        LocalBroker started = LocalBrokers.start(file.localBroker(), file.localBrokerNodes(), LocalBrokers.home(), null,
                file.localBrokerNamespaces());
        synchronized (this) {
            broker = started;
            if (stopped) {
                started.close();
                return ExitCode.INTERRUPTED;
            }
        }
        for (Map.Entry<String, String> endpoint : new TreeMap<>(started.endpoints()).entrySet()) {
            out.println(endpoint.getKey() + "=" + endpoint.getValue());
        }
        out.flush();
        boolean devNull = in == System.in && stdinIsDevNull();
        err.println(String.format("local %s ready in %.1f s; stop it with Ctrl-C or SIGTERM%s",
                started, (System.nanoTime() - start) / 1e9,
                devNull ? "" : " or by closing standard input"));
        if (devNull) {
            Thread.currentThread().join(); // until a signal ends the JVM
        }
        awaitEndOf(in);
        stop();
        err.println("local " + started.type() + " broker stopped");
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // a signal came meanwhile: the hook finds the broker stopped
        }
        return ExitCode.OK;
    }

    /** Idempotent; the shutdown hook waits here while standard input's end stops the broker. */
    private synchronized void stop() {
        if (!stopped) {
            stopped = true;
            if (broker != null) {
                broker.close();
            }
        }
    }

    private static void awaitEndOf(InputStream in) {
        byte[] buffer = new byte[4096];
        try {
            while (in.read(buffer) >= 0) {
                // whatever is written is ignored
            }
        } catch (IOException e) {
            // standard input is gone: as good as its end
        }
    }

    /**
     * Standard input from /dev/null, as a non-interactive shell gives a command it starts in the
     * background ({@code bin/local-broker FILE &}), ends at once: that is not a request to stop.
     */
    private static boolean stdinIsDevNull() {
        try {
            return Files.isSameFile(Path.of("/proc/self/fd/0"), Path.of("/dev/null"));
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }
}

package io.brokerbench.testing;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Ctrl-C as a user sends it: a JVM of this test's classpath is started, and once it has printed two
 * intervals of its measured phase it gets a real SIGINT.
 */
public final class CtrlC {

    private CtrlC() {
    }

    /**
     * The start of a command that runs this test's java on its classpath ({@code java -cp ...}; JVM
     * options and the main class follow) with SIGINT at its default. Through perl (in every Debian,
     * perl-base is essential), which restores SIGINT's default before it execs java: a test suite started
     * with SIGINT ignored (a background job without job control, nohup) would hand that on, and the JVM
     * would never see a Ctrl-C a test sends. The process's pid is java's (exec).
     */
    public static List<String> javaThatTakesCtrlC() {
        return List.of("perl", "-e", "$SIG{INT} = 'DEFAULT'; exec { $ARGV[0] } @ARGV or die \"exec $ARGV[0]: $!\\n\"",
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp", System.getProperty("java.class.path"));
    }

    /** What the interrupted JVM printed and its exit code. */
    public record Interrupted(String console, int exitCode) {
    }

    /**
     * Runs {@code mainClass} with {@code args} in {@code directory}, interrupts it in its measured phase
     * and waits for it to end.
     *
     * @param systemProperties {@code -D} options, e.g. {@code "-Dbenchmark.home=..."}
     */
    public static Interrupted duringMeasurement(Path directory, List<String> systemProperties, Class<?> mainClass,
            List<String> args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(javaThatTakesCtrlC());
        command.addAll(systemProperties);
        command.add(mainClass.getName());
        command.addAll(args);
        Process process = new ProcessBuilder(command).directory(directory.toFile()).redirectErrorStream(true).start();
        StringBuilder console = new StringBuilder();
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            int measured = 0;
            String line;
            while (measured < 2 && (line = lines.readLine()) != null) {
                console.append(line).append('\n');
                if (line.startsWith("[measure")) {
                    measured++;
                }
            }
            new ProcessBuilder("kill", "-INT", Long.toString(process.pid())).start().waitFor();
            while ((line = lines.readLine()) != null) {
                console.append(line).append('\n');
            }
        }
        if (!process.waitFor(90, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("still running 90 s after SIGINT:\n" + console);
        }
        return new Interrupted(console.toString(), process.exitValue());
    }
}

package io.brokerbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.brokerbench.testing.ConfigRejectingDriver;
import io.brokerbench.testing.DirectoryBreakingDriver;
import io.brokerbench.testing.TestFiles;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The command line never reports a result it did not deliver: where results go, and what happens when they cannot. */
@Timeout(120)
class ResultOutputTest {

    private static final Path HOME = Path.of(System.getProperty("benchmark.home", "..")).toAbsolutePath().normalize();
    private static final String INMEMORY = HOME.resolve("driver-inmemory/inmemory.yaml").toString();
    /** A directory no one can create files in, root included (sysfs refuses them). */
    private static final Path UNWRITABLE = Path.of("/sys");

    @TempDir
    Path dir;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(String... args) {
        out.reset();
        err.reset();
        return Main.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private String stdout() {
        return out.toString(StandardCharsets.UTF_8);
    }

    private String stderr() {
        return err.toString(StandardCharsets.UTF_8);
    }

    /** A two-second workload of the in-memory driver. */
    private Path workload() {
        TestFiles.workload(dir, "");
        return dir.resolve("workload.yaml");
    }

    private void assertRefusedBeforeAnythingRan(int exit, String expectedError) {
        assertEquals(ExitCode.BAD_INPUT, exit, stderr() + stdout());
        assertEquals("error: " + expectedError, stderr().strip());
        assertFalse(stdout().contains("==="), stdout());
    }

    @Test
    void anOutputBelowARegularFileIsRefusedBeforeAnythingRuns() throws Exception {
        Path plain = Files.writeString(dir.resolve("plain"), "a file, not a directory\n");
        Path output = plain.resolve("sub/result.json");
        String expected = "option '--output' = '" + output + "': " + plain + " is not a directory";
        assertRefusedBeforeAnythingRan(run("--validate", "--drivers", INMEMORY, "-o", output.toString(), workload().toString()),
                expected);
        assertRefusedBeforeAnythingRan(run("--drivers", INMEMORY, "-o", output.toString(), workload().toString()), expected);
    }

    @Test
    void anOutputDirectoryWhereNoFileCanBeCreatedIsRefused() {
        assumeTrue(Files.isDirectory(UNWRITABLE));
        assertEquals(ExitCode.BAD_INPUT, run("--drivers", INMEMORY, "-o", UNWRITABLE.toString(), workload().toString()));
        assertTrue(stderr().startsWith("error: option '--output' = '/sys': directory /sys is not writable ("), stderr());
        assertEquals(1, stderr().strip().lines().count(), stderr());
        assertFalse(stdout().contains("==="), stdout());

        Path file = UNWRITABLE.resolve("result.json");
        assertEquals(ExitCode.BAD_INPUT, run("--validate", "--drivers", INMEMORY, "-o", file.toString(), workload().toString()));
        assertTrue(stderr().startsWith("error: option '--output' = '" + file + "': directory /sys is not writable ("), stderr());
    }

    @Test
    void theDefaultOutputInAnUnwritableCurrentDirectoryIsRefused() throws Exception {
        assumeTrue(Files.isDirectory(UNWRITABLE));
        Process benchmark = new ProcessBuilder(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), "-Dbenchmark.home=" + HOME,
                Main.class.getName(), "--validate", "--drivers", INMEMORY, workload().toString()))
                .directory(UNWRITABLE.toFile()).redirectErrorStream(true).start();
        String output = new String(benchmark.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(benchmark.waitFor(60, TimeUnit.SECONDS), output);
        assertEquals(ExitCode.BAD_INPUT, benchmark.exitValue(), output);
        assertTrue(output.startsWith("error: no '--output' given, so results go to the current directory /sys,"
                + " which is not writable ("), output);
    }

    @Test
    void severalRunsIntoOneFileAreRefusedByValidateAsByARun() throws Exception {
        Path first = workload();
        Path second = Files.copy(first, dir.resolve("second.yaml"));
        Path output = dir.resolve("one.json");
        String expected = "option '--output' = '" + output + "': several runs need a directory, not a file";
        assertRefusedBeforeAnythingRan(run("--validate", "--drivers", INMEMORY, "-o", output.toString(),
                first.toString(), second.toString()), expected);
        assertRefusedBeforeAnythingRan(run("--drivers", INMEMORY, "-o", output.toString(),
                first.toString(), second.toString()), expected);
    }

    @Test
    void aResultThatCannotBeWrittenAfterTheRunFailsNamingTheFile() throws Exception {
        Path results = Files.createDirectory(dir.resolve("results"));
        Path driver = TestFiles.write(dir, "breaking.yaml", "name: Breaking\ndriverClass: "
                + DirectoryBreakingDriver.class.getName() + "\nbreakDirectory: " + results + "\n");

        int exit = run("--drivers", driver.toString(), "-o", results.toString(), workload().toString());

        assertEquals(ExitCode.RUN_FAILED, exit, stderr() + stdout());
        assertTrue(Files.isRegularFile(results), "the driver replaced the directory");
        String error = stderr().strip();
        assertEquals(1, error.lines().count(), error);
        assertTrue(error.matches("error: could not write result \\Q" + results + "\\E/test-Breaking-[0-9-]+\\.json: \\Q"
                + results + "\\E: not a directory; written to .+/test-Breaking-[0-9-]+\\.json instead"), error);
        // nothing measured is lost: the result went to the first fallback directory, and the console says where
        Path saved = Path.of(error.substring(error.indexOf("; written to ") + 13, error.lastIndexOf(" instead")));
        try {
            assertTrue(Files.isRegularFile(saved), saved.toString());
            assertTrue(stdout().contains("result: " + saved), stdout());
        } finally {
            Files.deleteIfExists(saved);
            Files.deleteIfExists(Path.of(saved.toString().replaceFirst("\\.json$", ".html")));
        }
    }

    @Test
    void aReportThatCannotBeWrittenIsNamedAndTheResultIsKept() throws Exception {
        Path result = dir.resolve("r.json");
        Path report = Files.createDirectory(dir.resolve("r.html"));

        int exit = run("--drivers", INMEMORY, "-o", result.toString(), workload().toString());

        assertEquals(ExitCode.RUN_FAILED, exit, stderr() + stdout());
        assertEquals("error: could not write report " + report + ": Is a directory (the result " + result + " was written)",
                stderr().strip());
        assertTrue(stdout().contains("result: " + result), stdout());
        JsonNode json = new ObjectMapper().readTree(result.toFile());
        assertTrue(json.get("complete").asBoolean(), json.toString());
    }

    @Test
    void resultReportAndCsvAreReadableLikeAnyNewFile() throws Exception {
        Set<PosixFilePermission> usual = Files.getPosixFilePermissions(Files.createFile(dir.resolve("any-new-file")));
        assumeTrue(usual.contains(PosixFilePermission.OTHERS_READ), "the umask hides new files from others: nothing to tell");
        Path results = dir.resolve("results");

        assertEquals(ExitCode.OK, run("--drivers", INMEMORY, "-o", results.resolve("r.json").toString(), workload().toString()),
                stderr());
        assertEquals(ExitCode.OK, run("--csv", results.toString()), stderr());

        for (String name : List.of("r.json", "r.html", "results.csv")) {
            assertEquals(usual, Files.getPosixFilePermissions(results.resolve(name)), name);
        }
    }

    @Test
    void aDriverThatRejectsItsFileIsToldWithTheUsersFileNotTheScratchCopy() throws Exception {
        Path driver = TestFiles.write(dir, "rejected.yaml", "name: Rejecting\ndriverClass: "
                + ConfigRejectingDriver.class.getName() + "\n");
        Path result = dir.resolve("r.json");

        int exit = run("--drivers", driver.toString(), "-o", result.toString(), workload().toString());

        assertEquals(ExitCode.RUN_FAILED, exit, stderr() + stdout());
        String console = stdout() + stderr();
        assertTrue(console.contains("cannot parse " + driver + ": unexpected key"), console);
        assertFalse(console.contains("brokerbench-driver-"), console);
        String reason = new ObjectMapper().readTree(result.toFile()).get("incompleteReason").asText();
        assertTrue(reason.contains("cannot parse " + driver + ": unexpected key"), reason);
    }
}

package io.brokerbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerbench.testing.TestFiles;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code bin/local-broker}'s bad input: one line on stderr, exit code 2, nothing started. */
class LocalBrokerMainTest {

    private static final Path HOME = Path.of(System.getProperty("benchmark.home", "..")).toAbsolutePath().normalize();

    @TempDir
    Path dir;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int localBroker(String... args) {
        return LocalBrokerMain.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), new ByteArrayInputStream(new byte[0]));
    }

    private String stderr() {
        return err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void aDriverFileWithoutLocalBrokerIsBadInputInOneLine() {
        Path file = HOME.resolve("driver-inmemory/inmemory.yaml");

        assertEquals(ExitCode.BAD_INPUT, localBroker(file.toString()));

        assertEquals(1, stderr().lines().count(), stderr());
        assertTrue(stderr().startsWith("error: " + file + ": no 'localBroker' key"), stderr());
        assertEquals("", out.toString(StandardCharsets.UTF_8));
    }

    @Test
    void anUnknownLocalBrokerTypeIsBadInputNamingTheField() throws Exception {
        Path file = TestFiles.write(dir, "d.yaml", "name: X\ndriverClass: x.Y\nlocalBroker: nosuchbroker\n");

        assertEquals(ExitCode.BAD_INPUT, localBroker(file.toString()));

        assertEquals(1, stderr().lines().count(), stderr());
        assertTrue(stderr().contains("localBroker") && stderr().contains("nosuchbroker"), stderr());
    }

    @Test
    void aMissingFileOrNoArgumentIsBadInput() {
        assertEquals(ExitCode.BAD_INPUT, localBroker(dir.resolve("missing.yaml").toString()));
        assertEquals(1, stderr().lines().count(), stderr());
        err.reset();
        assertEquals(ExitCode.BAD_INPUT, localBroker());
        assertTrue(stderr().startsWith("error: "), stderr());
    }
}

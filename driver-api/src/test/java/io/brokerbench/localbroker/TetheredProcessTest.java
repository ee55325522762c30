package io.brokerbench.localbroker;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Brokers die with the JVM that started them, even one killed with SIGKILL, and not before. */
@Timeout(120)
class TetheredProcessTest {

    @TempDir
    Path dir;

    @Test
    void brokerStartedFromAShortLivedThreadOutlivesItAndDiesWithTheKilledJvm() throws Exception {
        Path scratch = Files.createDirectory(dir.resolve("scratch"));
        Process jvm = new ProcessBuilder(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx64m", "-cp", System.getProperty("java.class.path"), TetheringJvm.class.getName(), scratch.toString()))
                .redirectErrorStream(true).start();
        try {
            long brokerPid = awaitReady(jvm);
            ProcessHandle broker = ProcessHandle.of(brokerPid).orElseThrow(
                    () -> new AssertionError("the broker died with the short-lived thread that started it"));
            assertTrue(broker.isAlive(), "the broker died with the short-lived thread that started it");
            assertEquals(Optional.of(jvm.pid()), broker.parent().map(ProcessHandle::pid));
            assertTrue(broker.info().command().orElse("").endsWith("sleep"), "the pid is the broker's own, not a wrapper's");

            jvm.destroyForcibly().waitFor();

            await("broker pid " + brokerPid + " gone after its JVM was killed").atMost(Duration.ofSeconds(30))
                    .until(() -> !broker.isAlive());
            await("scratch directory " + scratch + " removed").atMost(Duration.ofSeconds(30))
                    .until(() -> !Files.exists(scratch));
        } finally {
            jvm.destroyForcibly();
        }
    }

    @Test
    void closeStopsTheBrokerItself() throws Exception {
        BrokerProcess sleep = BrokerProcess.start("sleep", List.of("sleep", "600"), dir, dir.resolve("sleep.log"), Map.of());
        ProcessHandle handle = ProcessHandle.of(sleep.pid()).orElseThrow();
        // setpriv execs the broker in its own process, a moment after start returns
        await("setpriv replaced by sleep in process " + handle.pid()).atMost(Duration.ofSeconds(30))
                .until(() -> handle.info().command().orElse("").endsWith("sleep"));
        sleep.close();
        assertFalse(sleep.isAlive());
        assertFalse(handle.isAlive());
    }

    @Test
    void findsSetprivOnlyAsAnExecutableFileOnThePath() throws Exception {
        Path empty = Files.createDirectory(dir.resolve("empty"));
        Path bin = Files.createDirectory(dir.resolve("bin"));
        Path setpriv = Files.createFile(bin.resolve("setpriv"));
        String path = "" + java.io.File.pathSeparator + empty + java.io.File.pathSeparator + bin;
        assertEquals(Optional.empty(), TetheredProcess.find("setpriv", path), "not executable");
        Files.setPosixFilePermissions(setpriv, PosixFilePermissions.fromString("rwxr-xr-x"));
        assertEquals(Optional.of(setpriv), TetheredProcess.find("setpriv", path));
        assertEquals(Optional.empty(), TetheredProcess.find("setpriv", null));
    }

    private static long awaitReady(Process jvm) throws Exception {
        StringBuilder output = new StringBuilder();
        BufferedReader lines = new BufferedReader(new InputStreamReader(jvm.getInputStream(), StandardCharsets.UTF_8));
        for (String line = lines.readLine(); line != null; line = lines.readLine()) {
            if (line.startsWith("ready ")) {
                return Long.parseLong(line.substring("ready ".length()));
            }
            output.append(line).append('\n');
        }
        throw new AssertionError("the JVM ended without starting its broker: " + output);
    }
}

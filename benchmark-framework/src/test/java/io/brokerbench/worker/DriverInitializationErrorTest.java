package io.brokerbench.worker;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerbench.config.DriverFile;
import io.brokerbench.remote.coordinator.HttpWorker;
import io.brokerbench.remote.coordinator.WorkerUrl;
import io.brokerbench.remote.server.WorkerServer;
import io.brokerbench.testing.ConfigRejectingDriver;
import io.brokerbench.testing.TestFiles;
import java.nio.file.Path;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A driver reads a scratch copy of the user's driver file; when it rejects it, the user must read
 * the name of their own file, in this JVM and from a worker alike.
 */
@Timeout(60)
class DriverInitializationErrorTest {

    @TempDir
    Path dir;

    /** {@code io}: the driver throws an IOException (as Jackson's parse errors are); {@code argument}: an IllegalArgumentException. */
    private DriverSetup rejectedSetup(String how) {
        Path file = TestFiles.write(dir, "rejected.yaml", "name: Rejecting\ndriverClass: "
                + ConfigRejectingDriver.class.getName() + "\nreject: " + how + "\n");
        DriverFile driver = DriverFile.load(file);
        return new DriverSetup(driver.name(), driver.driverClass(), driver.text(), file.toString());
    }

    @ParameterizedTest
    @ValueSource(strings = {"io", "argument"})
    void inThisJvmTheMessageNamesTheUsersFile(String how) {
        DriverSetup setup = rejectedSetup(how);
        LocalWorker worker = new LocalWorker();
        try {
            DriverException e = assertThrows(DriverException.class, () -> worker.initializeDriver(setup));
            assertNamesOnlyTheUsersFile(e.getMessage(), setup);
        } finally {
            worker.close();
        }
    }

    @Test
    void fromAWorkerTheMessageNamesTheUsersFile() {
        DriverSetup setup = rejectedSetup("io");
        try (WorkerServer server = new WorkerServer("127.0.0.1", 0, 0, "token", Duration.ofMinutes(5))) {
            HttpWorker worker = new HttpWorker(WorkerUrl.parse("http://127.0.0.1:" + server.port()), "token",
                    UUID.randomUUID().toString(),
                    (lost, at, reason) -> { });
            DriverException e = assertThrows(DriverException.class, () -> worker.initializeDriver(setup));
            assertNamesOnlyTheUsersFile(e.getMessage(), setup);
        }
    }

    private static void assertNamesOnlyTheUsersFile(String message, DriverSetup setup) {
        assertTrue(message.contains("cannot parse " + setup.sourceFile() + ": unexpected key"), message);
        assertFalse(message.contains("brokerbench-driver-"), message);
    }
}

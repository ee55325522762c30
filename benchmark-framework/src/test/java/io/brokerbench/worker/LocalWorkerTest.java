package io.brokerbench.worker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerbench.config.ConfigException;
import io.brokerbench.testing.LeakCheckingDriver;
import io.brokerbench.testing.LeakCheckingDriver.Ledger;
import io.brokerbench.testing.LeakCheckingDriver.Step;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The in-process worker's own safety: its scratch directory, and drivers that fail to set up. */
class LocalWorkerTest {

    /** Scratch directories live in the temporary directory: it must survive every test here. */
    private Path canary;
    private final String ledgerName = LeakCheckingDriver.newLedger();

    @BeforeEach
    void plantCanary() throws IOException {
        canary = Files.createTempFile("brokerbench-canary-", ".txt");
    }

    @AfterEach
    void checkCanary() throws IOException {
        assertTrue(Files.exists(canary), "the temporary directory was deleted");
        Files.delete(canary);
    }

    @Test
    void aSourceFileThatNamesNoFileIsRefusedBeforeAnythingIsCreated() {
        for (String sourceFile : new String[] {"", ".", "..", "/", "drivers/", "a\u0000b"}) {
            try (LocalWorker worker = new LocalWorker()) {
                ConfigException refused = assertThrows(ConfigException.class,
                        () -> worker.initializeDriver(setup(Step.NONE, sourceFile)));
                assertTrue(refused.getMessage().startsWith("field 'sourceFile' = '"), refused.getMessage());
                assertTrue(refused.getMessage().endsWith("': must name a file"), refused.getMessage());
            }
        }
        assertEquals(0, ledger().opened());
    }

    @Test
    void theDriverFileKeepsTheUsersNameAndCloseDeletesOnlyItsDirectory() throws Exception {
        LocalWorker worker = new LocalWorker();
        worker.initializeDriver(setup(Step.NONE, "/home/user/driver-kafka/kafka.yaml"));
        Path file = ledger().files().get(0);
        assertEquals("kafka.yaml", file.getFileName().toString());
        assertTrue(file.getParent().getFileName().toString().startsWith("brokerbench-driver-"), file.toString());
        // a driver file may hold a broker's password: this user's alone
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file.getParent())));

        worker.close();
        assertFalse(Files.exists(file.getParent()));
        assertEquals(1, ledger().closed());
    }

    @Test
    void aDriverWhoseInitializationFailsIsClosedAndItsDirectoryRemoved() {
        try (LocalWorker worker = new LocalWorker()) {
            DriverException failure = assertThrows(DriverException.class, () -> worker.initializeDriver(setup(Step.INITIALIZE,
                    "leak.yaml")));
            assertTrue(failure.getMessage().contains("cannot reach the broker"), failure.getMessage());
            assertEquals(1, ledger().closed(), "closed at once, not only when the worker is");
            assertFalse(Files.exists(ledger().files().get(0).getParent()));
        }
        assertEquals(1, ledger().closed(), "closed once");
    }

    @Test
    void aClosedWorkerSetsUpNoDriver() {
        LocalWorker worker = new LocalWorker();
        worker.close();
        assertThrows(IllegalStateException.class, () -> worker.initializeDriver(setup(Step.NONE, "leak.yaml")));
        assertEquals(0, ledger().opened());
    }

    private DriverSetup setup(Step failAt, String sourceFile) {
        return new DriverSetup("LeakChecking", LeakCheckingDriver.class.getName(), LeakCheckingDriver.yaml(ledgerName,
                failAt), sourceFile);
    }

    private Ledger ledger() {
        return LeakCheckingDriver.ledger(ledgerName);
    }
}

package io.brokerbench.localbroker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The installer against the real apt-get while this JVM holds dpkg's frontend lock, as a running
 * apt or unattended upgrade would (apt's locks are fcntl locks, which FileChannel.lock takes). The
 * package is one that is always installed, so apt-get changes nothing once it has the lock.
 */
class AptGetLockIT {

    private static final Path FRONTEND_LOCK = Path.of("/var/lib/dpkg/lock-frontend");
    private static final List<String> INSTALL_INSTALLED_PACKAGE = List.of("install", "-y", "-qq", "coreutils");

    @TempDir
    Path dir;

    @BeforeEach
    void needsRootAndApt() {
        Assumptions.assumeTrue("root".equals(System.getProperty("user.name")), "taking dpkg's lock needs root");
        Assumptions.assumeTrue(Files.isExecutable(Path.of("/usr/bin/apt-get")) && Files.exists(FRONTEND_LOCK),
                "needs Debian's apt-get");
    }

    @Test
    void waitsWhileTheDpkgLockIsHeldSaysSoOnceAndInstallsWhenItIsReleased() throws Exception {
        FileChannel holder = FileChannel.open(FRONTEND_LOCK, StandardOpenOption.WRITE);
        FileLock held = holder.tryLock();
        Assumptions.assumeTrue(held != null, "another apt or dpkg is running now");
        List<String> told = new CopyOnWriteArrayList<>();
        AptGet apt = new AptGet(Duration.ofMinutes(3), Duration.ofMillis(200), line -> {
            told.add(line);
            close(holder); // the other apt finishes
        });
        try {
            apt.run(INSTALL_INSTALLED_PACKAGE, dir.resolve("apt.log"));
        } finally {
            close(holder);
        }

        assertEquals(List.of("waiting up to 180 s for " + FRONTEND_LOCK + ", held by process "
                + ProcessHandle.current().pid() + " (java) ..."), told);
        assertFalse(held.isValid(), "apt-get succeeded only after the lock was released");
    }

    @Test
    void givesUpWithOneLineNamingTheLockAndItsHolderAfterTheWait() throws Exception {
        try (FileChannel holder = FileChannel.open(FRONTEND_LOCK, StandardOpenOption.WRITE)) {
            FileLock held = holder.tryLock();
            Assumptions.assumeTrue(held != null, "another apt or dpkg is running now");
            List<String> told = new CopyOnWriteArrayList<>();
            AptGet apt = new AptGet(Duration.ofSeconds(2), Duration.ofMillis(200), told::add);

            IOException e = assertThrows(IOException.class, () -> apt.run(INSTALL_INSTALLED_PACKAGE, dir.resolve("apt.log")));

            assertEquals("'apt-get install -y -qq coreutils' gave up after waiting 2 s for " + FRONTEND_LOCK
                    + ", held by process " + ProcessHandle.current().pid() + " (java) (raise -D"
                    + AptGet.LOCK_WAIT_PROPERTY + ", or retry when it is done)", e.getMessage());
            assertEquals(1, told.size(), "said once that it waits, however many tries: " + told);
            assertNotNull(held);
            assertTrue(held.isValid());
        }
    }

    private static void close(FileChannel channel) {
        try {
            channel.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

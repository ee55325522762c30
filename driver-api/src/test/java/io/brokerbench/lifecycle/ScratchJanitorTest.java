package io.brokerbench.lifecycle;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A dismissed janitor leaves the directory alone (removal when its JVM dies: TetheredProcessTest). */
class ScratchJanitorTest {

    @Test
    void dismissedJanitorExitsAndKeepsTheDirectory(@TempDir Path dir) throws Exception {
        Path scratch = Files.createDirectory(dir.resolve("scratch"));
        Files.writeString(scratch.resolve("broker.log"), "kept");
        ScratchJanitor janitor = ScratchJanitor.watch(scratch);
        assertTrue(janitor.isWatching());
        janitor.dismiss();
        assertFalse(janitor.isWatching());
        assertTrue(Files.exists(scratch.resolve("broker.log")));
    }
}

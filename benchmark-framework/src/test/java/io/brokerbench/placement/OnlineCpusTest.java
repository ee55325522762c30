package io.brokerbench.placement;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OnlineCpusTest {

    @TempDir
    Path dir;

    @Test
    void readsTheKernelsList() throws IOException {
        Path online = Files.writeString(dir.resolve("online"), "0-1,4\n");
        assertEquals("0-1,4", OnlineCpus.read(online, 2).toString());
    }

    @Test
    void withoutTheKernelsListCountsFromZero() throws IOException {
        assertEquals("0-2", OnlineCpus.read(dir.resolve("missing"), 3).toString());
        assertEquals("0-2", OnlineCpus.read(Files.writeString(dir.resolve("garbled"), "?"), 3).toString());
    }
}

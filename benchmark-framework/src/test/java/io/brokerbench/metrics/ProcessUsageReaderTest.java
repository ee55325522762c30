package io.brokerbench.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProcessUsageReaderTest {

    @Test
    void residentMemoryComesFromTheStatusFilesKilobytes(@TempDir Path dir) throws Exception {
        Path status = Files.writeString(dir.resolve("status"), "Name:\tjava\nVmPeak:\t  999 kB\nVmRSS:\t  123456 kB\nThreads:\t7\n");
        ProcessUsageReader.Usage usage = new ProcessUsageReader(ProcessHandle.current(), status).read().orElseThrow();
        assertEquals(123456L * 1024, usage.residentBytes());
        assertTrue(usage.cpuSeconds() > 0);
    }

    @Test
    void withoutAStatusFileMemoryIsUnknown(@TempDir Path dir) {
        ProcessUsageReader.Usage usage = new ProcessUsageReader(ProcessHandle.current(), dir.resolve("none")).read()
                .orElseThrow();
        assertEquals(-1, usage.residentBytes());
    }

    @Test
    void anExitedProcessHasNoUsage() throws Exception {
        Process process = new ProcessBuilder("true").start();
        process.waitFor();
        assertTrue(new ProcessUsageReader(process.toHandle()).read().isEmpty());
    }
}

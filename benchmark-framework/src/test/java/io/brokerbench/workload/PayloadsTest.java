package io.brokerbench.workload;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.brokerbench.config.ConfigException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PayloadsTest {

    @TempDir
    Path dir;

    /** A workload read from a file in the test's directory, with {@code payload} lines that say what it sends. */
    private Workload workload(String payload) throws IOException {
        Path file = Files.writeString(dir.resolve("w.yaml"), "name: w\ntopics: 1\npartitionsPerTopic: 1\n"
                + "producersPerTopic: 1\ntestDurationSeconds: 1\n" + payload);
        return new WorkloadLoader(Map.of(), dir, null).read(file);
    }

    private Workload randomized(int size, double ratio, int pool) throws IOException {
        return workload("messageSize: " + size + "\nuseRandomizedPayloads: true\nrandomBytesRatio: " + ratio
                + "\nrandomizedPayloadPoolSize: " + pool + "\n");
    }

    @Test
    void fileWorkloadSendsTheFilesBytes() throws IOException {
        byte[] content = "0123456789".getBytes();
        Files.write(dir.resolve("p.data"), content);
        List<byte[]> payloads = Payloads.of(workload("messageSize: 10\npayloadFile: p.data\n"));
        assertEquals(1, payloads.size());
        assertArrayEquals(content, payloads.get(0));
    }

    @Test
    void fileThatChangedSizeSinceLoadingIsRejected() throws IOException {
        Path file = Files.write(dir.resolve("p.data"), new byte[10]);
        Workload w = workload("messageSize: 10\npayloadFile: p.data\n");
        Files.write(file, new byte[11]);
        assertThrows(ConfigException.class, () -> Payloads.of(w));
    }

    @Test
    void fileThatBecameADirectorySinceLoadingIsNamedWithItsField() throws IOException {
        Path payload = Files.write(dir.resolve("p.data"), new byte[10]);
        Workload w = workload("messageSize: 10\npayloadFile: p.data\n");
        Files.delete(payload);
        Files.createDirectory(payload);
        ConfigException e = assertThrows(ConfigException.class, () -> Payloads.of(w));
        assertEquals("workload 'w': field 'payloadFile' = 'p.data': " + payload + " is a directory, not a file", e.getMessage());
    }

    @Test
    void randomizedPoolIsRandomHeadThenZeros() throws IOException {
        List<byte[]> pool = Payloads.of(randomized(1000, 0.3, 5), 42L);
        assertEquals(5, pool.size());
        for (byte[] p : pool) {
            assertEquals(1000, p.length);
            // OMB: the first (int) (size * ratio) bytes are random, the rest zero
            for (int i = 300; i < 1000; i++) {
                assertEquals(0, p[i], "byte " + i);
            }
            assertFalse(allZero(Arrays.copyOf(p, 300)), "random part is all zeros");
        }
        assertFalse(Arrays.equals(pool.get(0), pool.get(1)), "pool entries should differ");
    }

    @Test
    void sameSeedSamePool() throws IOException {
        Workload w = randomized(64, 1.0, 3);
        List<byte[]> a = Payloads.of(w, 7L);
        List<byte[]> b = Payloads.of(w, 7L);
        List<byte[]> c = Payloads.of(w, 8L);
        for (int i = 0; i < 3; i++) {
            assertArrayEquals(a.get(i), b.get(i));
        }
        assertFalse(Arrays.equals(a.get(0), c.get(0)));
    }

    @Test
    void ratioZeroIsAllZeros() throws IOException {
        assertEquals(true, allZero(Payloads.of(randomized(100, 0.0, 1), 1L).get(0)));
    }

    private static boolean allZero(byte[] bytes) {
        for (byte b : bytes) {
            if (b != 0) {
                return false;
            }
        }
        return true;
    }
}

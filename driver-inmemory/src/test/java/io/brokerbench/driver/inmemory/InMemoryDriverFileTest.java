package io.brokerbench.driver.inmemory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerbench.driver.inmemory.capacity.CapacityModel;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The driver file: no capacity, a capacity, and the one-line errors of a wrong one. */
class InMemoryDriverFileTest {

    private static final String HEAD = "name: InMemory\ndriverClass: io.brokerbench.driver.inmemory.InMemoryBenchmarkDriver\n";

    @TempDir
    Path dir;

    @Test
    void aFileWithoutCapacityIsTheLoopBack() throws IOException {
        assertEquals(Optional.empty(), InMemoryDriverFile.read(file(HEAD)).capacityModel());
    }

    @Test
    void theShippedFilesReadAsTheyShould() {
        Path module = Path.of("").toAbsolutePath();
        assertEquals(Optional.empty(), InMemoryDriverFile.read(module.resolve("inmemory.yaml").toFile()).capacityModel());
        CapacityModel model = InMemoryDriverFile.read(module.resolve("inmemory-capacity.yaml").toFile()).capacityModel()
                .orElseThrow();
        assertEquals(100_000, model.serviceRate());
    }

    @Test
    void aCapacitySectionIsTheModelWithDefaultsForWhatItLeavesOut() throws IOException {
        assertEquals(Optional.of(new CapacityModel(200_000, 50_000, 0.2, 9)), InMemoryDriverFile.read(file(HEAD
                + "capacity: {serviceRate: 200000, queueLimit: 50000, serviceTimeJitter: 0.2, seed: 9}\n")).capacityModel());
        assertEquals(Optional.of(new CapacityModel(37_000, InMemoryDriverFile.DEFAULT_QUEUE_LIMIT, 0,
                InMemoryDriverFile.DEFAULT_SEED)), InMemoryDriverFile.read(file(HEAD + "capacity:\n  serviceRate: 37000\n"))
                .capacityModel());
    }

    @Test
    void anUnknownKeyIsOneLineNamingFileKeyAndValue() throws IOException {
        File file = file(HEAD + "capacity: {serviceRate: 1000, queueLimt: 5}\n");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> InMemoryDriverFile.read(file));
        assertOneLineNaming(e, file, "capacity.queueLimt", "5");
        File topLevel = file(HEAD + "capacty: {serviceRate: 1000}\n");
        e = assertThrows(IllegalArgumentException.class, () -> InMemoryDriverFile.read(topLevel));
        assertOneLineNaming(e, topLevel, "capacty", "capacity");
    }

    @Test
    void valuesOutOfBoundsAreOneLineErrors() throws IOException {
        File jitter = file(HEAD + "capacity: {serviceRate: 1000, serviceTimeJitter: 1.5}\n");
        assertOneLineNaming(assertThrows(IllegalArgumentException.class, () -> InMemoryDriverFile.read(jitter)), jitter,
                "capacity.serviceTimeJitter", "1.5");
        File rate = file(HEAD + "capacity: {serviceRate: 0}\n");
        assertOneLineNaming(assertThrows(IllegalArgumentException.class, () -> InMemoryDriverFile.read(rate)), rate,
                "capacity.serviceRate", "0");
        File limit = file(HEAD + "capacity: {serviceRate: 1000, queueLimit: 2000000}\n");
        assertOneLineNaming(assertThrows(IllegalArgumentException.class, () -> InMemoryDriverFile.read(limit)), limit,
                "capacity.queueLimit", "2000000");
    }

    @Test
    void aCapacityWithoutItsServiceRateIsAnError() throws IOException {
        File file = file(HEAD + "capacity: {queueLimit: 1000}\n");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> InMemoryDriverFile.read(file));
        assertOneLineNaming(e, file, "field 'capacity'", "queueLimit", "serviceRate", "required");
    }

    @Test
    void theDriverChecksItsFileBeforeARun() throws IOException {
        File file = file(HEAD + "capacity: {serviceRate: 1000, jitter: 0.1}\n");
        try (InMemoryBenchmarkDriver driver = new InMemoryBenchmarkDriver()) {
            assertThrows(IllegalArgumentException.class, () -> driver.checkConfiguration(file));
            assertThrows(IllegalArgumentException.class, () -> driver.initialize(file, null));
        }
    }

    private static void assertOneLineNaming(IllegalArgumentException e, File file, String... parts) {
        String message = e.getMessage();
        assertTrue(!message.contains("\n"), message);
        assertTrue(message.contains(file.toString()), message);
        for (String part : parts) {
            assertTrue(message.contains(part), part + " in: " + message);
        }
    }

    private File file(String text) throws IOException {
        Path file = Files.createTempFile(dir, "inmemory", ".yaml");
        Files.writeString(file, text);
        return file.toFile();
    }
}

package io.brokerbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.brokerbench.config.ExtDirectory;
import io.brokerbench.driver.inmemory.InMemoryBenchmarkDriver;
import io.brokerbench.testing.SourceJar;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunEnvironmentTest {

    @TempDir
    Path dir;

    @Test
    void aDriverFromAnExtFolderIsRecordedWithThatFoldersClientLibraryVersions() throws Exception {
        Path folder = Files.createDirectories(dir.resolve("ext/kafka"));
        SourceJar.build(folder.resolve("driver-kafka-1.0.jar"),
                Map.of("org.example.KafkaDriver", "package org.example; public class KafkaDriver {}"), List.of());
        SourceJar.build(folder.resolve("kafka-clients-3.9.1.jar"),
                Map.of("org.example.Client", "package org.example; public class Client {}"), List.of());
        ExtDirectory ext = ExtDirectory.scan(dir.resolve("ext"), getClass().getClassLoader());

        Map<String, Object> fromFolder = RunEnvironment.describe("org.example.KafkaDriver", ext);
        Map<String, Object> fromProject = RunEnvironment.describe(InMemoryBenchmarkDriver.class.getName(), ext);

        assertEquals("3.9.1", ((Map<?, ?>) fromFolder.get("clientVersions")).get("kafka-clients"));
        assertEquals(folder.toString(), fromFolder.get("driverFolder"));
        assertFalse(((Map<?, ?>) fromProject.get("clientVersions")).containsKey("kafka-clients"), fromProject.toString());
        assertFalse(fromProject.containsKey("driverFolder"), fromProject.toString());
    }
}

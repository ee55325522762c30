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
        Path folder = Files.createDirectories(dir.resolve("ext/example"));
        SourceJar.build(folder.resolve("driver-example-1.0.jar"),
                Map.of("org.example.ExampleDriver", "package org.example; public class ExampleDriver {}"), List.of());
        // a client library named in this module's test resource META-INF/brokerbench/client-libraries
        SourceJar.build(folder.resolve("example-client-3.9.1.jar"),
                Map.of("org.example.Client", "package org.example; public class Client {}"), List.of());
        ExtDirectory ext = ExtDirectory.scan(dir.resolve("ext"), getClass().getClassLoader());

        Map<String, Object> fromFolder = RunEnvironment.describe("org.example.ExampleDriver", ext);
        Map<String, Object> fromProject = RunEnvironment.describe(InMemoryBenchmarkDriver.class.getName(), ext);

        assertEquals("3.9.1", ((Map<?, ?>) fromFolder.get("clientVersions")).get("example-client"));
        assertEquals(folder.toString(), fromFolder.get("driverFolder"));
        assertFalse(((Map<?, ?>) fromProject.get("clientVersions")).containsKey("example-client"), fromProject.toString());
        assertFalse(fromProject.containsKey("driverFolder"), fromProject.toString());
    }
}

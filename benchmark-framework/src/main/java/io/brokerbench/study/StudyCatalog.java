package io.brokerbench.study;

import io.brokerbench.config.ConfigException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** The studies under {@code workloads/studies/} of the project: one directory each, named by the study, with its {@code study.yaml}. */
public record StudyCatalog(Path home) {

    public static final String DIRECTORY = "workloads/studies";

    /** The catalog of the project at {@code -Dbenchmark.home}, else of the working directory. */
    public static StudyCatalog ofProject() {
        String home = System.getProperty("benchmark.home");
        return new StudyCatalog(Path.of(home == null || home.isBlank() ? "" : home).toAbsolutePath().normalize());
    }

    /** The studies' names, sorted. */
    public List<String> names() {
        Path root = home.resolve(DIRECTORY);
        if (!Files.isDirectory(root)) {
            return List.of();
        }
        try (Stream<Path> dirs = Files.list(root)) {
            return dirs.filter(dir -> Files.isRegularFile(dir.resolve(StudyManifest.FILE_NAME)))
                    .map(dir -> dir.getFileName().toString()).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The study called {@code name}; an unknown name is bad input naming it and the studies there are. */
    public StudyManifest load(String name) {
        List<String> names = names();
        if (!names.contains(name)) {
            throw new ConfigException("study '" + name + "': no such study in " + home.resolve(DIRECTORY)
                    + " (known: " + String.join(", ", names) + ")");
        }
        return StudyManifest.load(home.resolve(DIRECTORY).resolve(name).resolve(StudyManifest.FILE_NAME));
    }

    /** A path a manifest gives, from the project root. */
    public Path resolve(String projectPath) {
        return home.resolve(projectPath).normalize();
    }
}

package io.brokerbench.config;

import io.brokerbench.driver.support.OneLine;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Driver jars built outside this project (OMB's drivers, or anyone's) in the project's ext/
 * directory. Each folder {@code ext/NAME/} holds one driver jar with the jars it needs and gets a
 * class loader of its own, so drivers cannot replace the project's libraries or each other's.
 * Jars directly in ext/ (the layout before folders: one self-contained driver jar) share one more
 * such loader, as if they were a folder of their own.
 */
public final class ExtDirectory {

    /** Where ext/ is, when not {@code ext/} under {@code -Dbenchmark.home} (or the working directory). */
    public static final String LOCATION_PROPERTY = "benchmark.ext";

    private static ExtDirectory configured;

    private final Path dir;
    private final List<DriverFolderClassLoader> folders;

    private ExtDirectory(Path dir, List<DriverFolderClassLoader> folders) {
        this.dir = dir;
        this.folders = folders;
    }

    /**
     * This process's ext/ directory, read once: the loaders live as long as the drivers they
     * loaded, which is the life of the process.
     */
    public static synchronized ExtDirectory configured() {
        if (configured == null) {
            configured = scan(location(), ExtDirectory.class.getClassLoader());
        }
        return configured;
    }

    static Path location() {
        String explicit = System.getProperty(LOCATION_PROPERTY);
        if (explicit != null) {
            return Path.of(explicit).toAbsolutePath().normalize();
        }
        return Path.of(System.getProperty("benchmark.home", "."), "ext").toAbsolutePath().normalize();
    }

    /** The folders of {@code dir} (none when it does not exist), each loading ahead of {@code project}. */
    public static ExtDirectory scan(Path dir, ClassLoader project) {
        List<DriverFolderClassLoader> folders = new ArrayList<>();
        if (Files.isDirectory(dir)) {
            for (Path folder : entries(dir).stream().filter(Files::isDirectory).toList()) {
                List<Path> jars = jars(folder);
                if (!jars.isEmpty()) {
                    folders.add(new DriverFolderClassLoader(folder, jars, project));
                }
            }
            List<Path> loose = jars(dir);
            if (!loose.isEmpty()) {
                folders.add(new DriverFolderClassLoader(dir, loose, project));
            }
        }
        return new ExtDirectory(dir, List.copyOf(folders));
    }

    /** The ext/ directory this was read from. */
    public Path dir() {
        return dir;
    }

    /**
     * The folder whose jars hold {@code className}, and those jars; empty when the class comes from
     * the project's classpath.
     */
    public Optional<Folder> folderHolding(String className) {
        return foldersHolding(className).stream().findFirst().map(loader -> new Folder(loader.folder(), loader.jars()));
    }

    /** A driver folder of ext/ (or ext/ itself, for the jars directly in it) and its jars. */
    public record Folder(Path path, List<Path> jars) {
    }

    /** The loaders of the folders whose own jars hold {@code className}, in folder-name order. */
    List<DriverFolderClassLoader> foldersHolding(String className) {
        return folders.stream().filter(folder -> folder.holds(className)).toList();
    }

    private static List<Path> jars(Path folder) {
        return entries(folder).stream()
                .filter(f -> Files.isRegularFile(f) && f.getFileName().toString().endsWith(".jar"))
                .toList();
    }

    private static List<Path> entries(Path folder) {
        try (Stream<Path> listed = Files.list(folder)) {
            return listed.sorted().toList();
        } catch (IOException e) {
            throw new ConfigException(folder + ": cannot list driver jars: " + OneLine.of(e));
        }
    }
}

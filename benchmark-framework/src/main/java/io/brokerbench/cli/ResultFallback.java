package io.brokerbench.cli;

import io.brokerbench.measurement.RunRecord;
import io.brokerbench.result.ResultWriter;
import io.brokerbench.result.model.BenchmarkResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Where a result goes when its own path cannot take it (a full disk, a directory that went away
 * during the run): the temporary directory, then the current one, then the user's home, each only if
 * it is not where the write just failed. A measurement that took minutes is never thrown away for want
 * of a place to put it. An existing file there is never replaced: the name gets a number.
 */
final class ResultFallback {

    /** A result written somewhere else: where, and what. */
    record Written(Path file, BenchmarkResult result) {
    }

    private ResultFallback() {
    }

    /** The places to try for a result meant for {@code target}, in order. */
    static List<Path> directories(Path target) {
        Set<Path> places = new LinkedHashSet<>();
        places.add(Path.of(System.getProperty("java.io.tmpdir")).toAbsolutePath().normalize());
        places.add(Path.of("").toAbsolutePath().normalize());
        places.add(Path.of(System.getProperty("user.home")).toAbsolutePath().normalize());
        places.remove(target.toAbsolutePath().normalize().getParent());
        return List.copyOf(places);
    }

    /** Writes {@code record}'s result to the first fallback directory that takes it; empty when none did. */
    static Optional<Written> write(RunRecord record, Path target, ResultWriter writer) {
        for (Path dir : directories(target)) {
            Path file = unusedName(dir, target.getFileName().toString());
            try {
                return Optional.of(new Written(file, writer.write(record, file)));
            } catch (IOException e) {
                // next place: this one is full or unwritable too
            }
        }
        return Optional.empty();
    }

    /** {@code name} in {@code dir}, or with -2, -3, … before its extension if a file has that name already. */
    static Path unusedName(Path dir, String name) {
        int dot = name.lastIndexOf('.');
        String base = dot > 0 ? name.substring(0, dot) : name;
        String extension = dot > 0 ? name.substring(dot) : "";
        Path file = dir.resolve(name);
        for (int n = 2; Files.exists(file); n++) {
            file = dir.resolve(base + "-" + n + extension);
        }
        return file;
    }

    /** The directories, for a message. */
    static String describe(Path target) {
        return String.join(", ", directories(target).stream().map(Path::toString).toList());
    }
}

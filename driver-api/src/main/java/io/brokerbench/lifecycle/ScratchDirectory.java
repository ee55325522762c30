package io.brokerbench.lifecycle;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/** Temporary directories the harness makes (broker run directories, driver files) and removes. */
public final class ScratchDirectory {

    private ScratchDirectory() {
    }

    /** Deletes {@code dir} and everything below it; best effort, as it only ever holds temporary data. */
    public static void deleteRecursively(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            List<Path> paths = walk.sorted(Comparator.reverseOrder()).toList();
            for (Path p : paths) {
                Files.deleteIfExists(p);
            }
        } catch (IOException ignored) {
            // a leftover file in /tmp is not worth failing a finished benchmark for
        }
    }
}

package io.brokerbench.cli;

import io.brokerbench.config.ConfigException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Checks, before anything starts, that the result files can be written where {@code --output}
 * (or its default, the current directory) puts them: a benchmark that runs for an hour and then
 * cannot save its result has wasted the hour.
 */
final class OutputCheck {

    private OutputCheck() {
    }

    /**
     * @param output the {@code --output} value, or null for the current directory
     * @param runs how many result files the command will write
     * @throws ConfigException naming the option, the path and what is wrong with it
     */
    static void check(Path output, int runs) {
        if (output == null) {
            Path here = Path.of("").toAbsolutePath();
            requireWritable(here, "no '--output' given, so results go to the current directory " + here + ", which",
                    ": give --output a writable directory");
            return;
        }
        String option = "option '--output' = '" + output + "': ";
        if (Files.isDirectory(output)) {
            Path dir = output.toAbsolutePath();
            requireWritable(dir, option + "directory " + dir, "");
            return;
        }
        if (runs > 1) {
            if (Files.exists(output) || output.getFileName().toString().endsWith(".json")) {
                throw new ConfigException(option + "several runs need a directory, not a file");
            }
            // a directory still to be made (prepare makes it): where it goes must take it
            requireWritable(nearestExisting(output), option + "directory " + nearestExisting(output), "");
            return;
        }
        if (Files.exists(output) && !Files.isRegularFile(output)) {
            // a device or pipe would be replaced by the atomic rename, not written to
            throw new ConfigException(option + "exists and is not a regular file");
        }
        // missing parent directories are created when the result is written: the nearest existing one must take them
        Path dir = nearestExisting(output.toAbsolutePath().getParent());
        if (!Files.isDirectory(dir)) {
            throw new ConfigException(option + dir + " is not a directory");
        }
        requireWritable(dir, option + "directory " + dir, "");
    }

    /**
     * Makes the {@code --output} directory that several runs write into when it does not exist yet
     * ({@code -o results/} on a fresh machine), after {@link #check} accepted it.
     */
    static void prepare(Path output, int runs) throws IOException {
        if (output != null && runs > 1 && !Files.exists(output)) {
            Files.createDirectories(output);
        }
    }

    /** {@code path} itself if it exists, else its nearest existing ancestor. */
    private static Path nearestExisting(Path path) {
        Path dir = path.toAbsolutePath();
        while (!Files.exists(dir) && dir.getParent() != null) {
            dir = dir.getParent();
        }
        return dir;
    }

    /** Does what the result writer will do, create a file: permission bits do not tell (root, read-only mounts). */
    private static void requireWritable(Path dir, String subject, String advice) {
        try {
            Files.delete(Files.createTempFile(dir, ".brokerbench-write-check-", ".tmp"));
        } catch (IOException e) {
            throw new ConfigException(subject + " is not writable (" + IoFailure.reason(e) + ")" + advice);
        }
    }
}

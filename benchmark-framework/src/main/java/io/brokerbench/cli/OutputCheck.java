package io.brokerbench.cli;

import io.brokerbench.config.ConfigException;
import io.brokerbench.workload.Workload;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;

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
     * What one run's files take, about: a run of 24 reporting intervals wrote 1.6 MB (its result 112 KB,
     * histogram log 1.2 MB, report 271 KB; 2026-11-27), so 70 KB an interval, and a floor for the rest.
     */
    static long bytesForRun(Workload workload) {
        long seconds = workload.warmupDuration().plus(workload.testDuration()).toSeconds();
        long intervals = Math.max(1, seconds / Math.max(1, workload.reportingInterval().toSeconds()));
        return 512 * 1024 + intervals * 70 * 1024;
    }

    /**
     * A warning when the file system the results go to has less free space than {@code needed} bytes:
     * said before the run, so that a full disk is not found out after the measurement.
     */
    static Optional<String> spaceWarning(Path output, long needed) {
        Path dir = nearestExisting(output == null ? Path.of("") : output);
        try {
            long free = Files.getFileStore(dir).getUsableSpace();
            if (free < needed) {
                return Optional.of(String.format(Locale.ROOT, "only %.1f MB free where the results go (%s); this command's"
                        + " results need about %.1f MB: a result that cannot be written is saved in %s instead",
                        free / 1e6, dir, needed / 1e6, ResultFallback.describe(dir.resolve("result.json"))));
            }
        } catch (IOException e) {
            // the write check before this one passed: a file store that cannot say its space is no reason to stop
        }
        return Optional.empty();
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

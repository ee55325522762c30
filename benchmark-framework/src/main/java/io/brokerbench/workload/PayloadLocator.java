package io.brokerbench.workload;

import io.brokerbench.yaml.FieldException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Where a workload's {@code payloadFile} is on this machine: as given if absolute, else relative to
 * the working directory, else relative to the project home (OMB's workloads name payload files
 * relative to its root, so they work from anywhere once the home is known).
 *
 * @param workingDirectory where relative payload files are looked up first
 * @param home the project home, where they are looked up second; may be null
 */
public record PayloadLocator(Path workingDirectory, Path home) {

    public PayloadLocator {
        workingDirectory = workingDirectory.toAbsolutePath().normalize();
        home = home == null ? null : home.toAbsolutePath().normalize();
    }

    /** The first place looked that holds a file, else the first place looked (for the reader to fail on). */
    public Path locate(String payloadFile) {
        List<Path> candidates = candidates(payloadFile);
        return candidates.stream().filter(Files::isRegularFile).findFirst().orElse(candidates.get(0));
    }

    /** The file, checked to exist and hold {@code messageSize} bytes; a problem names field {@code payloadFile}. */
    Path check(String payloadFile, int messageSize) {
        Path found = locate(payloadFile);
        if (!Files.isRegularFile(found)) {
            List<Path> tried = candidates(payloadFile);
            for (Path candidate : tried) {
                if (Files.isDirectory(candidate)) {
                    throw new FieldException("payloadFile", payloadFile, candidate + " is a directory, not a file");
                }
            }
            String where = tried.size() == 1 ? tried.get(0).toString() : tried.get(0) + " or " + tried.get(1);
            String hint = home == null && !Path.of(payloadFile).isAbsolute()
                    ? " (set -Dbenchmark.home to the project root)" : "";
            throw new FieldException("payloadFile", payloadFile, "no such file: " + where + hint);
        }
        long size;
        try {
            size = Files.size(found);
        } catch (IOException e) {
            throw new FieldException("payloadFile", payloadFile, "cannot read " + found);
        }
        if (!Files.isReadable(found)) {
            throw new FieldException("payloadFile", payloadFile, "cannot read " + found);
        }
        if (size != messageSize) {
            throw new FieldException("payloadFile", payloadFile, found + " is " + size
                    + " bytes but messageSize is " + messageSize + " (they must match)");
        }
        return found;
    }

    private List<Path> candidates(String payloadFile) {
        Path given = Path.of(payloadFile);
        List<Path> candidates = new ArrayList<>();
        if (given.isAbsolute()) {
            candidates.add(given.normalize());
        } else {
            candidates.add(workingDirectory.resolve(given).normalize());
            if (home != null && !home.equals(workingDirectory)) {
                candidates.add(home.resolve(given).normalize());
            }
        }
        return candidates;
    }
}

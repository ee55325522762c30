package io.brokerbench.worker;

import io.brokerbench.config.ConfigException;
import java.nio.charset.StandardCharsets;

/**
 * The driver a worker loads: its class and its YAML as run (local-broker placeholders already
 * resolved). The text, not a path, travels to workers, so remote workers need no copy of the file.
 */
public record DriverSetup(String name, String driverClass, String yaml, String sourceFile) {

    /** Longer names are refused by common file systems (ext4, xfs, NTFS count 255). */
    private static final int MAX_NAME_BYTES = 255;

    /**
     * The name a worker gives its copy of the driver file: the last element of {@code sourceFile}
     * (the coordinator's path, '/' or '\' separated), so the driver's own messages name the user's file.
     *
     * @throws ConfigException unless that is a plain file name (not empty, ".", ".." or over 255
     *     bytes, no NUL), which keeps the copy inside the worker's own scratch directory
     */
    public String fileName() {
        String name = sourceFile.substring(Math.max(sourceFile.lastIndexOf('/'), sourceFile.lastIndexOf('\\')) + 1);
        if (name.isEmpty() || name.equals(".") || name.equals("..") || name.indexOf('\0') >= 0
                || name.getBytes(StandardCharsets.UTF_8).length > MAX_NAME_BYTES) {
            throw new ConfigException("field 'sourceFile' = '" + shown(sourceFile) + "': must name a file");
        }
        return name;
    }

    /** The value as an error message may show it: one line, control characters visible, bounded. */
    private static String shown(String value) {
        String printable = value.replaceAll("\\p{Cntrl}", "?");
        return printable.length() <= 200 ? printable : printable.substring(0, 200) + "...";
    }
}

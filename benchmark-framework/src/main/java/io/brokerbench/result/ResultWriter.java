package io.brokerbench.result;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.brokerbench.measurement.RunRecord;
import io.brokerbench.result.model.BenchmarkResult;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * Writes result files atomically: to a temporary file beside the target, forced to disk, then
 * renamed over it, so a reader (or a crash) never sees half a result.
 */
public final class ResultWriter {

    private final ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    private final ResultAssembler assembler = new ResultAssembler(mapper);

    /** Writes {@code run}'s result file and returns what it wrote, for the report made from it. */
    public BenchmarkResult write(RunRecord run, Path target) throws IOException {
        BenchmarkResult result = assembler.assemble(run);
        writeAtomically(target, mapper.writeValueAsBytes(result));
        return result;
    }

    public static void writeAtomically(Path target, byte[] content) throws IOException {
        Path dir = target.toAbsolutePath().getParent();
        try {
            Files.createDirectories(dir);
        } catch (FileAlreadyExistsException e) {
            // thrown when the directory, or one above it, is a file: say that, not "already exists"
            throw new NotDirectoryException(e.getFile());
        }
        Path temp = createTempFile(dir, "." + target.getFileName());
        try {
            try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING);
                    OutputStream out = Channels.newOutputStream(channel)) {
                out.write(content);
                out.flush();
                channel.force(true);
            }
            try {
                Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(temp);
        }
    }

    /**
     * A temporary file that becomes a result file as readable as any other the user creates:
     * {@link Files#createTempFile} alone makes it owner-only (0600), and the rename keeps that.
     */
    private static Path createTempFile(Path dir, String prefix) throws IOException {
        if (!dir.getFileSystem().supportedFileAttributeViews().contains("posix")) {
            return Files.createTempFile(dir, prefix, ".tmp");
        }
        // 0666 minus the umask, as for any file created without asking for particular permissions
        return Files.createTempFile(dir, prefix, ".tmp",
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-rw-rw-")));
    }
}

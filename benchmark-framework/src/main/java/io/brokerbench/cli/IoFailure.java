package io.brokerbench.cli;

import io.brokerbench.driver.support.OneLine;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.util.Objects;

/**
 * Why a file operation failed, in words: NIO leaves the reason empty for the commonest errors
 * (EACCES, ENOENT, EEXIST) and puts only the path in the message.
 */
final class IoFailure {

    private IoFailure() {
    }

    /**
     * The reason, preceded by the path it concerns unless that is {@code target} or a temporary
     * file beside it (which the user never asked for and would not recognise).
     */
    static String describe(IOException e, Path target) {
        String reason = reason(e);
        if (e instanceof FileSystemException fs && fs.getFile() != null) {
            Path file = Path.of(fs.getFile()).toAbsolutePath();
            Path wanted = target.toAbsolutePath();
            if (!file.equals(wanted) && !Objects.equals(file.getParent(), wanted.getParent())) {
                return file + ": " + reason;
            }
        }
        return reason;
    }

    static String reason(IOException e) {
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof NoSuchFileException) {
            return "no such file or directory";
        }
        if (e instanceof NotDirectoryException) {
            return "not a directory";
        }
        if (e instanceof FileAlreadyExistsException) {
            return "already exists";
        }
        if (e instanceof DirectoryNotEmptyException) {
            return "directory not empty";
        }
        if (e instanceof FileSystemException fs && fs.getReason() != null) {
            return fs.getReason();
        }
        return OneLine.message(e);
    }
}

package io.brokerbench.localbroker;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Native brokers (Redis, NATS) come from Debian packages: the first start on a machine without the
 * binary installs the package with apt-get (the project runs as root on its machines), so a fresh
 * machine needs nothing by hand.
 */
public final class DebianPackage {

    private static final Logger LOG = LoggerFactory.getLogger(DebianPackage.class);

    /** sbin directories are not on every PATH (nats-server lives in /usr/sbin on Debian). */
    private static final List<String> EXTRA_DIRS = List.of("/usr/local/sbin", "/usr/local/bin", "/usr/sbin", "/usr/bin");

    private DebianPackage() {
    }

    /** The path of {@code binary}, installing Debian package {@code pkg} first if it is missing. */
    public static synchronized Path executable(String binary, String pkg) throws IOException, InterruptedException {
        Path found = find(binary);
        if (found != null) {
            return found;
        }
        LOG.info("{} not found: installing Debian package {} (first use only) ...", binary, pkg);
        Path log = Files.createTempFile("brokerbench-apt-" + pkg + "-", ".log");
        AptGet apt = AptGet.configured();
        apt.run(List.of("update", "-qq"), log);
        apt.run(List.of("install", "-y", "-qq", pkg), log);
        found = find(binary);
        if (found == null) {
            throw new IOException("installed Debian package " + pkg + " but found no " + binary + " (see " + log + ")");
        }
        Files.deleteIfExists(log);
        return found;
    }

    /** First line of {@code <binary> --version}, for brokers that print their version there. */
    public static String versionLine(Path binary) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(binary.toString(), "--version")
                .redirectErrorStream(true)
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .start();
        byte[] out = process.getInputStream().readAllBytes();
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new IOException(binary + " --version did not finish within 30 s");
        }
        String text = new String(out, StandardCharsets.UTF_8).strip();
        int newline = text.indexOf('\n');
        return newline < 0 ? text : text.substring(0, newline);
    }

    private static Path find(String binary) {
        List<String> dirs = new ArrayList<>();
        String path = System.getenv("PATH");
        if (path != null) {
            dirs.addAll(List.of(path.split(File.pathSeparator)));
        }
        dirs.addAll(EXTRA_DIRS);
        for (String dir : dirs) {
            if (dir.isEmpty()) {
                continue;
            }
            Path candidate = Path.of(dir, binary);
            if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                return candidate;
            }
        }
        return null;
    }
}

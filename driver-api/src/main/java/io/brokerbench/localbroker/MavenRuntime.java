package io.brokerbench.localbroker;

import io.brokerbench.lifecycle.ScratchDirectory;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Broker jars for JVM brokers come from Maven Central: {@code deploy/local/<type>/pom.xml} lists them,
 * and the first start copies them into {@code deploy/local/<type>/lib-<version>/} (ignored by git);
 * later starts reuse that directory.
 *
 * <p>The version is written once, as a property of the project's parent pom: the launcher's module
 * copies it into a resource at build time ({@link #builtVersion}) and the launcher hands it to the
 * deploy pom, which has no version of its own.
 */
public final class MavenRuntime {

    private static final Logger LOG = LoggerFactory.getLogger(MavenRuntime.class);

    private MavenRuntime() {
    }

    /**
     * The broker version the build wrote beside {@code launcher}: property {@code version} of the
     * resource {@code broker.properties} in the launcher's package, filled in by Maven resource
     * filtering from the parent pom.
     */
    public static String builtVersion(Class<?> launcher) {
        Properties properties = new Properties();
        try (InputStream in = launcher.getResourceAsStream("broker.properties")) {
            if (in == null) {
                throw new IllegalStateException("no broker.properties beside " + launcher.getName() + " in this build");
            }
            properties.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read broker.properties beside " + launcher.getName(), e);
        }
        String version = properties.getProperty("version", "").strip();
        if (version.isEmpty() || version.contains("${")) {
            throw new IllegalStateException("broker.properties beside " + launcher.getName() + " has version '"
                    + version + "': the build did not fill it in (resource filtering)");
        }
        return version;
    }

    /**
     * Returns the directory holding the runtime jars of {@code pom}, resolving them first if
     * {@code markerJar} is not there yet.
     */
    public static Path resolve(Path pom, String versionProperty, String version, String markerJar)
            throws IOException, InterruptedException {
        Path lib = pom.getParent().resolve("lib-" + version);
        if (Files.exists(lib.resolve(markerJar))) {
            return lib;
        }
        Path staging = Files.createDirectories(pom.getParent().resolve("lib-" + version + ".partial"));
        Path log = pom.getParent().resolve("resolve-" + version + ".log");
        LOG.info("resolving {} {} broker jars from Maven Central (first use only) ...", pom.getParent().getFileName(),
                version);
        Process mvn = new ProcessBuilder(List.of("mvn", "-B", "-q", "-f", pom.toString(),
                "dependency:copy-dependencies", "-DoutputDirectory=" + staging, "-DincludeScope=runtime",
                "-D" + versionProperty + "=" + version))
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        if (!mvn.waitFor(20, TimeUnit.MINUTES) || mvn.exitValue() != 0) {
            mvn.destroyForcibly();
            throw new IOException("could not resolve broker jars with " + pom + " (see " + log + ")");
        }
        // a rename makes the directory appear complete or not at all, so an interrupted resolve is retried
        ScratchDirectory.deleteRecursively(lib);
        Files.move(staging, lib);
        return lib;
    }
}

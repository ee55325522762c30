package io.brokerbench.compat;

import java.io.IOException;
import java.io.OutputStream;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * Builds a driver jar from sources the way an outside author's build would, with the JDK alone:
 * compile against the given API classpath only (Maven's 'provided' scope), then pack the classes.
 * No Maven, so it works in a clean checkout where {@code mvn verify} has installed nothing.
 */
final class DriverJar {

    private DriverJar() {
    }

    static Path build(Path sourceRoot, List<Path> apiClasspath, Path work, Path jar) throws IOException {
        Path classes = Files.createTempDirectory(work, "classes-");
        compile(sourceRoot, apiClasspath, classes);
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        try (OutputStream out = Files.newOutputStream(jar);
                JarOutputStream jarOut = new JarOutputStream(out, manifest);
                Stream<Path> files = Files.walk(classes)) {
            for (Path file : files.filter(Files::isRegularFile).sorted().toList()) {
                jarOut.putNextEntry(new JarEntry(classes.relativize(file).toString().replace('\\', '/')));
                Files.copy(file, jarOut);
                jarOut.closeEntry();
            }
        }
        return jar;
    }

    private static void compile(Path sourceRoot, List<Path> apiClasspath, Path classes) throws IOException {
        JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
        if (compiler == null) {
            throw new IllegalStateException("no Java compiler in " + System.getProperty("java.home") + " (a JRE, not a JDK?)");
        }
        List<Path> sources;
        try (Stream<Path> files = Files.walk(sourceRoot)) {
            sources = files.filter(f -> f.toString().endsWith(".java")).sorted().toList();
        }
        if (sources.isEmpty()) {
            throw new IllegalStateException("no Java sources under " + sourceRoot);
        }
        String classpath = apiClasspath.stream().map(Path::toString)
                .collect(Collectors.joining(java.io.File.pathSeparator));
        StringWriter diagnostics = new StringWriter();
        try (StandardJavaFileManager fileManager = compiler.getStandardFileManager(null, null, null)) {
            Iterable<? extends JavaFileObject> units = fileManager.getJavaFileObjectsFromPaths(sources);
            List<String> options = List.of("--release", "17", "-proc:none", "-Xlint:all", "-Werror",
                    "-classpath", classpath, "-d", classes.toString());
            Boolean ok = compiler.getTask(diagnostics, fileManager, null, options, null, units).call();
            if (!ok) {
                throw new IllegalStateException("compiling " + sourceRoot + " against " + classpath + " failed:\n"
                        + diagnostics);
            }
        }
    }
}

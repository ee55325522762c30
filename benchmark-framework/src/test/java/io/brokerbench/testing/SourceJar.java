package io.brokerbench.testing;

import io.brokerbench.lifecycle.ScratchDirectory;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.io.StringWriter;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.ToolProvider;

/** A jar compiled by the JDK's compiler from sources held in strings, for class-loading tests. */
public final class SourceJar {

    private SourceJar() {
    }

    /**
     * Compiles {@code sources} (class name to source text) against {@code classpath} only and packs
     * the classes into {@code jar}.
     */
    public static Path build(Path jar, Map<String, String> sources, List<Path> classpath) throws IOException {
        JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
        if (compiler == null) {
            throw new IllegalStateException("no Java compiler in " + System.getProperty("java.home"));
        }
        Path classes = Files.createTempDirectory("brokerbench-sourcejar-");
        try {
            compile(compiler, classes, sources, classpath);
            pack(classes, jar);
        } finally {
            ScratchDirectory.deleteRecursively(classes);
        }
        return jar;
    }

    private static void compile(JavaCompiler compiler, Path classes, Map<String, String> sources, List<Path> classpath) {
        List<JavaFileObject> units = new ArrayList<>();
        sources.forEach((name, text) -> units.add(new Source(name, text)));
        List<String> options = List.of("--release", "17", "-proc:none", "-d", classes.toString(),
                "-classpath", classpath.stream().map(Path::toString).collect(Collectors.joining(File.pathSeparator)));
        StringWriter diagnostics = new StringWriter();
        if (!compiler.getTask(diagnostics, null, null, options, null, units).call()) {
            throw new IllegalStateException("compiling " + sources.keySet() + " failed:\n" + diagnostics);
        }
    }

    private static void pack(Path classes, Path jar) throws IOException {
        Files.createDirectories(jar.toAbsolutePath().getParent());
        try (OutputStream out = Files.newOutputStream(jar);
                JarOutputStream jarOut = new JarOutputStream(out);
                Stream<Path> files = Files.walk(classes)) {
            for (Path file : files.filter(Files::isRegularFile).sorted().toList()) {
                jarOut.putNextEntry(new JarEntry(classes.relativize(file).toString().replace('\\', '/')));
                Files.copy(file, jarOut);
                jarOut.closeEntry();
            }
        }
    }

    /** Where {@code type}'s class file or jar is, to compile against it. */
    public static Path locationOf(Class<?> type) {
        try {
            return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    private static final class Source extends SimpleJavaFileObject {
        private final String text;

        Source(String className, String text) {
            super(URI.create("string:///" + className.replace('.', '/') + Kind.SOURCE.extension), Kind.SOURCE);
            this.text = text;
        }

        @Override
        public CharSequence getCharContent(boolean ignoreEncodingErrors) {
            return text;
        }
    }
}

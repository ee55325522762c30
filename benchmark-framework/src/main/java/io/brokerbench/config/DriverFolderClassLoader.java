package io.brokerbench.config;

import java.io.IOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;

/**
 * The jars of one ext/ folder: a driver and the libraries it was built with. They are searched
 * before the project's classpath, so a driver keeps the client library versions it was built
 * against even where the project bundles others (netty, jackson, a broker's client). The exceptions are
 * the types that the harness and the driver hand each other: a copy of those loaded from the folder
 * would be a different type from the harness's, and the driver would not be a
 * {@code BenchmarkDriver} to the harness. Those always come from the project: OMB's driver API,
 * slf4j (logging goes through the project's one backend), the BookKeeper stats API (the
 * {@code StatsLogger} drivers are handed), the framework's own {@code io.brokerbench} types, and
 * the JDK.
 */
final class DriverFolderClassLoader extends URLClassLoader {

    static {
        registerAsParallelCapable();
    }

    /**
     * OMB's driver API is exactly this package (BenchmarkDriver, BenchmarkProducer, BenchmarkConsumer,
     * ConsumerCallback, ResourceCreator and their nested types). Its sub-packages are not API: OMB's
     * own drivers live there ({@code ...driver.<broker>}) and load from the folder.
     */
    static final String DRIVER_API_PACKAGE = "io.openmessaging.benchmark.driver";

    /** Package prefixes, sub-packages included, that always come from the project. */
    static final List<String> PROJECT_PACKAGE_PREFIXES =
            List.of("java.", "org.slf4j.", "org.apache.bookkeeper.stats.", "io.brokerbench.");

    private final Path folder;
    private final List<Path> jars;
    private final ClassLoader platform = ClassLoader.getPlatformClassLoader();

    DriverFolderClassLoader(Path folder, List<Path> jars, ClassLoader project) {
        super("ext:" + folder.getFileName(), urls(jars), project);
        this.folder = folder;
        this.jars = List.copyOf(jars);
    }

    /** Where the jars are, for messages. */
    Path folder() {
        return folder;
    }

    /** The folder's jars, in the order they are searched. */
    List<Path> jars() {
        return jars;
    }

    /** Whether the folder's own jars hold {@code className} (the project's classpath is not searched). */
    boolean holds(String className) {
        return findResource(className.replace('.', '/') + ".class") != null;
    }

    static boolean fromProject(String className) {
        int lastDot = className.lastIndexOf('.');
        String pkg = lastDot < 0 ? "" : className.substring(0, lastDot);
        if (pkg.equals(DRIVER_API_PACKAGE)) {
            return true;
        }
        for (String prefix : PROJECT_PACKAGE_PREFIXES) {
            if (className.startsWith(prefix)) {
                return true;
            }
        }
        return false;
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        synchronized (getClassLoadingLock(name)) {
            Class<?> type = findLoadedClass(name);
            if (type == null) {
                // project types: the parent first (the usual order), the folder only for what the project lacks
                type = fromProject(name) ? super.loadClass(name, false) : folderFirst(name);
            }
            if (resolve) {
                resolveClass(type);
            }
            return type;
        }
    }

    private Class<?> folderFirst(String name) throws ClassNotFoundException {
        try {
            // the JDK's own modules (javax.*, jdk.*, ...) are never replaced by a copy in a jar
            return platform.loadClass(name);
        } catch (ClassNotFoundException notPlatform) {
            // not a JDK class
        }
        try {
            return findClass(name);
        } catch (ClassNotFoundException notInFolder) {
            return getParent().loadClass(name);
        }
    }

    @Override
    public URL getResource(String name) {
        URL own = findResource(name);
        return own != null ? own : getParent().getResource(name);
    }

    @Override
    public Enumeration<URL> getResources(String name) throws IOException {
        List<URL> all = new ArrayList<>(Collections.list(findResources(name)));
        all.addAll(Collections.list(getParent().getResources(name)));
        return Collections.enumeration(all);
    }

    private static URL[] urls(List<Path> jars) {
        URL[] urls = new URL[jars.size()];
        for (int i = 0; i < urls.length; i++) {
            try {
                urls[i] = jars.get(i).toUri().toURL();
            } catch (MalformedURLException e) {
                throw new IllegalArgumentException("not a jar path: " + jars.get(i), e);
            }
        }
        return urls;
    }
}

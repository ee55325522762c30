package io.brokerbench.config;

import io.brokerbench.driver.support.OneLine;
import io.openmessaging.benchmark.driver.BenchmarkDriver;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Modifier;
import java.util.List;
import java.util.stream.Collectors;

/** Finds and instantiates a driver file's {@code driverClass}, with one-line errors naming the file. */
public final class DriverClassResolver {

    private DriverClassResolver() {
    }

    /**
     * The driver class: from the ext/ folder whose jars hold it (see {@link ExtDirectory}), else
     * from the thread's context class loader (the project's classpath).
     */
    public static Class<? extends BenchmarkDriver> resolve(DriverFile driver) {
        return resolve(driver.driverClass(), driver.file().toString());
    }

    /** As {@link #resolve(DriverFile)}, for a driver known by class name and the file it came from. */
    public static Class<? extends BenchmarkDriver> resolve(String name, String file) {
        return resolve(name, file, ExtDirectory.configured());
    }

    /** As {@link #resolve(String, String)}, with driver folders from {@code ext}. */
    public static Class<? extends BenchmarkDriver> resolve(String name, String file, ExtDirectory ext) {
        List<DriverFolderClassLoader> holding = ext.foldersHolding(name);
        if (holding.size() > 1) {
            throw problem(file, name, "is in more than one folder of " + ext.dir() + " ("
                    + holding.stream().map(f -> f.folder().getFileName().toString()).collect(Collectors.joining(", "))
                    + "); keep it in one");
        }
        Class<?> type = holding.isEmpty() ? fromProject(name, file) : fromFolder(name, file, holding.get(0));
        if (!BenchmarkDriver.class.isAssignableFrom(type)) {
            throw problem(file, name, "not a " + BenchmarkDriver.class.getName());
        }
        if (type.isInterface() || Modifier.isAbstract(type.getModifiers())) {
            throw problem(file, name, "is abstract, so it cannot be instantiated");
        }
        return type.asSubclass(BenchmarkDriver.class);
    }

    private static Class<?> fromProject(String name, String file) {
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        if (loader == null) {
            loader = DriverClassResolver.class.getClassLoader();
        }
        try {
            return Class.forName(name, false, loader);
        } catch (ClassNotFoundException | NoClassDefFoundError e) {
            throw problem(file, name, "no such class on the classpath");
        } catch (LinkageError e) {
            throw problem(file, name, "cannot load the class (" + e.getClass().getSimpleName() + ")");
        }
    }

    private static Class<?> fromFolder(String name, String file, DriverFolderClassLoader folder) {
        try {
            return Class.forName(name, false, folder);
        } catch (ClassNotFoundException | LinkageError e) {
            // the class file is there, so what is missing is something it needs
            throw problem(file, name, "cannot load the class from " + folder.folder() + " (" + OneLine.of(e)
                    + "; are the jars it needs in that folder?)");
        }
    }

    /** A new instance through the public no-argument constructor, as OMB creates drivers. */
    public static BenchmarkDriver instantiate(DriverFile driver) {
        return instantiate(driver.driverClass(), driver.file().toString());
    }

    /** As {@link #instantiate(DriverFile)}, for a driver known by class name and the file it came from. */
    public static BenchmarkDriver instantiate(String name, String file) {
        return instantiate(name, file, ExtDirectory.configured());
    }

    /**
     * As {@link #instantiate(String, String)}, with driver folders from {@code ext}. A driver from a
     * folder is constructed, and afterwards called, with the folder's loader as the thread's
     * context class loader (see {@link FolderDriverCalls}).
     */
    public static BenchmarkDriver instantiate(String name, String file, ExtDirectory ext) {
        Class<? extends BenchmarkDriver> type = resolve(name, file, ext);
        if (!(type.getClassLoader() instanceof DriverFolderClassLoader folder)) {
            return construct(type, name, file);
        }
        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        thread.setContextClassLoader(folder);
        try {
            return FolderDriverCalls.wrap(construct(type, name, file));
        } finally {
            thread.setContextClassLoader(previous);
        }
    }

    private static BenchmarkDriver construct(Class<? extends BenchmarkDriver> type, String name, String file) {
        try {
            return type.getConstructor().newInstance();
        } catch (NoSuchMethodException e) {
            throw problem(file, name, "has no public no-argument constructor");
        } catch (InvocationTargetException e) {
            throw problem(file, name, "constructor failed: " + OneLine.of(e.getCause()));
        } catch (ReflectiveOperationException | LinkageError e) {
            throw problem(file, name, "cannot be instantiated (" + OneLine.of(e) + ")");
        }
    }

    private static ConfigException problem(String file, String name, String problem) {
        return new ConfigException(file + ": field 'driverClass' = '" + name + "': " + problem);
    }
}

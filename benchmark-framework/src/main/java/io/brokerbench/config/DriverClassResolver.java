package io.brokerbench.config;

import io.openmessaging.benchmark.driver.BenchmarkDriver;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Modifier;

/** Finds and instantiates a driver file's {@code driverClass}, with one-line errors naming the file. */
public final class DriverClassResolver {

    private DriverClassResolver() {
    }

    /** The driver class, loaded with the thread's context class loader (where driver jars are). */
    public static Class<? extends BenchmarkDriver> resolve(DriverFile driver) {
        return resolve(driver.driverClass(), driver.file().toString());
    }

    /** As {@link #resolve(DriverFile)}, for a driver known by class name and the file it came from. */
    public static Class<? extends BenchmarkDriver> resolve(String name, String file) {
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        if (loader == null) {
            loader = DriverClassResolver.class.getClassLoader();
        }
        Class<?> type;
        try {
            type = Class.forName(name, false, loader);
        } catch (ClassNotFoundException | NoClassDefFoundError e) {
            throw problem(file, name, "no such class on the classpath");
        } catch (LinkageError e) {
            throw problem(file, name, "cannot load the class (" + e.getClass().getSimpleName() + ")");
        }
        if (!BenchmarkDriver.class.isAssignableFrom(type)) {
            throw problem(file, name, "not a " + BenchmarkDriver.class.getName());
        }
        if (type.isInterface() || Modifier.isAbstract(type.getModifiers())) {
            throw problem(file, name, "is abstract, so it cannot be instantiated");
        }
        return type.asSubclass(BenchmarkDriver.class);
    }

    /** A new instance through the public no-argument constructor, as OMB creates drivers. */
    public static BenchmarkDriver instantiate(DriverFile driver) {
        return instantiate(driver.driverClass(), driver.file().toString());
    }

    /** As {@link #instantiate(DriverFile)}, for a driver known by class name and the file it came from. */
    public static BenchmarkDriver instantiate(String name, String file) {
        Class<? extends BenchmarkDriver> type = resolve(name, file);
        try {
            return type.getConstructor().newInstance();
        } catch (NoSuchMethodException e) {
            throw problem(file, name, "has no public no-argument constructor");
        } catch (InvocationTargetException e) {
            Throwable cause = e.getCause();
            throw problem(file, name, "constructor failed: " + cause.getClass().getSimpleName()
                    + (cause.getMessage() == null ? "" : ": " + cause.getMessage().split("\\R", 2)[0]));
        } catch (ReflectiveOperationException | LinkageError e) {
            throw problem(file, name, "cannot be instantiated (" + e.getClass().getSimpleName() + ")");
        }
    }

    private static ConfigException problem(String file, String name, String problem) {
        return new ConfigException(file + ": field 'driverClass' = '" + name + "': " + problem);
    }
}

package io.brokerbench.config;

import io.openmessaging.benchmark.driver.BenchmarkDriver;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Proxy;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Every call into a driver from an ext/ folder runs with the folder's class loader as the thread's
 * context class loader. Client libraries load the classes their configuration names through it
 * (serializers, for one); with the project's loader they would find the project's copy of
 * the library, or nothing, instead of the folder's. Threads the driver starts during a call inherit
 * it. Producers and consumers the driver hands out are not wrapped: clients read their
 * configuration when they are created, which happens inside these calls.
 */
final class FolderDriverCalls implements InvocationHandler {

    private final BenchmarkDriver driver;
    private final ClassLoader folder;

    private FolderDriverCalls(BenchmarkDriver driver, ClassLoader folder) {
        this.driver = driver;
        this.folder = folder;
    }

    /** {@code driver} behind a proxy with every public interface its class has. */
    static BenchmarkDriver wrap(BenchmarkDriver driver) {
        ClassLoader folder = driver.getClass().getClassLoader();
        return (BenchmarkDriver) Proxy.newProxyInstance(folder, publicInterfaces(driver.getClass()),
                new FolderDriverCalls(driver, folder));
    }

    @Override
    public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        thread.setContextClassLoader(folder);
        try {
            return method.invoke(driver, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        } finally {
            thread.setContextClassLoader(previous);
        }
    }

    private static Class<?>[] publicInterfaces(Class<?> type) {
        Set<Class<?>> found = new LinkedHashSet<>();
        Deque<Class<?>> pending = new ArrayDeque<>();
        for (Class<?> c = type; c != null; c = c.getSuperclass()) {
            pending.addAll(List.of(c.getInterfaces()));
        }
        while (!pending.isEmpty()) {
            Class<?> next = pending.poll();
            if (found.add(next)) {
                pending.addAll(List.of(next.getInterfaces()));
            }
        }
        // a proxy cannot implement another package's non-public interface
        return found.stream().filter(i -> Modifier.isPublic(i.getModifiers())).toArray(Class<?>[]::new);
    }
}

package io.openmessaging.benchmark.driver;

/** A consumer created by a driver; closing it stops delivery to its callback. */
public interface BenchmarkConsumer extends AutoCloseable {
}

package io.openmessaging.benchmark.driver;

/** The consumer interface of the older API copy (see BenchmarkDriver in this directory). */
@SuppressWarnings("try")
public interface BenchmarkConsumer extends AutoCloseable {
}

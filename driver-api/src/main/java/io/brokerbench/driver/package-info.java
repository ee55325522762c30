/**
 * Extensions to the OpenMessaging Benchmark driver API that drivers may opt into. Everything here
 * is optional: a driver written only against {@code io.openmessaging.benchmark.driver} works
 * unchanged.
 */
package io.brokerbench.driver;

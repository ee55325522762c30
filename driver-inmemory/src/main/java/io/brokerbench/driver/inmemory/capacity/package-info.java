/**
 * A broker of known capacity for the in-memory driver: a test device for the harness itself, whose
 * max-rate search must find the capacity it is given. {@link io.brokerbench.driver.inmemory.capacity.CapacityModel}
 * says what the broker is; {@link io.brokerbench.driver.inmemory.capacity.ServiceQueue} is its queueing
 * arithmetic, free of clocks and threads, shared by the driver and by the framework's simulated worker.
 */
package io.brokerbench.driver.inmemory.capacity;

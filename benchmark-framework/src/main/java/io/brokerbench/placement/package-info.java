/**
 * Which CPUs the load generator and a local broker run on: CPU lists as taskset and the kernel
 * write them, the machine's online CPUs, pinning a process with util-linux {@code taskset}, the
 * placement a result records, and the warning when the two share cores while the client is busy.
 */
package io.brokerbench.placement;

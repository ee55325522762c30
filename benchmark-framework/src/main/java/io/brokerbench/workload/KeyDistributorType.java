package io.brokerbench.workload;

/** How producers pick message keys; names and meanings are OpenMessaging Benchmark's. */
public enum KeyDistributorType {
    /** No key: the broker client's default partitioning (round-robin or sticky). */
    NO_KEY,
    /** Cycles through a fixed set of keys, one per message in turn. */
    KEY_ROUND_ROBIN,
    /** A key derived from {@code System.nanoTime()}, so effectively random per message. */
    RANDOM_NANO
}

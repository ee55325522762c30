package io.brokerbench.load;

import io.brokerbench.workload.KeyDistributorType;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * The message key for each sequence number, as OMB's key distributors mean them: none, round-robin
 * over a fixed pool, or random from the pool. Keys and their Optionals are made once, so choosing a
 * key allocates nothing. Round-robin gives sequence n the key n mod {@link #POOL_SIZE}, which the
 * consumer side relies on to judge per-key order.
 */
public abstract class KeyChooser {

    public static final int POOL_SIZE = 10_000;
    private static final int KEY_LENGTH = 7;
    private static final String ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

    public abstract Optional<String> keyFor(long sequence);

    public static KeyChooser of(KeyDistributorType type, long seed) {
        switch (type) {
            case NO_KEY:
                return new NoKey();
            case KEY_ROUND_ROBIN:
                return new RoundRobin(pool(seed));
            case RANDOM_NANO:
                return new Random(pool(seed), seed);
            default:
                throw new IllegalArgumentException("unknown key distributor " + type);
        }
    }

    @SuppressWarnings("unchecked")
    private static Optional<String>[] pool(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        Optional<String>[] keys = new Optional[POOL_SIZE];
        char[] chars = new char[KEY_LENGTH];
        for (int i = 0; i < POOL_SIZE; i++) {
            for (int c = 0; c < KEY_LENGTH; c++) {
                chars[c] = ALPHABET.charAt(random.nextInt(ALPHABET.length()));
            }
            keys[i] = Optional.of(new String(chars));
        }
        return keys;
    }

    private static final class NoKey extends KeyChooser {
        @Override
        public Optional<String> keyFor(long sequence) {
            return Optional.empty();
        }
    }

    private static final class RoundRobin extends KeyChooser {
        private final Optional<String>[] keys;

        RoundRobin(Optional<String>[] keys) {
            this.keys = keys;
        }

        @Override
        public Optional<String> keyFor(long sequence) {
            return keys[(int) (sequence % POOL_SIZE)];
        }
    }

    /** Not thread-safe: each producer has its own. */
    private static final class Random extends KeyChooser {
        private final Optional<String>[] keys;
        private final SplittableRandom random;

        Random(Optional<String>[] keys, long seed) {
            this.keys = keys;
            this.random = new SplittableRandom(seed ^ 0x9E3779B97F4A7C15L);
        }

        @Override
        public Optional<String> keyFor(long sequence) {
            return keys[random.nextInt(POOL_SIZE)];
        }
    }
}

package io.brokerbench.time;

import java.time.Instant;

/**
 * Epoch time in microseconds derived from {@link System#nanoTime()}.
 *
 * <p>Latencies inside one JVM are differences of nanoTime readings. A time that crosses JVMs (the
 * send time a producer stamps into a message, read by a consumer elsewhere) needs the wall clock,
 * which Java offers only through allocating, slower calls. So the offset between the two clocks is
 * measured once, at class load, from the tightest of many (nanoTime, Instant.now(), nanoTime)
 * sandwiches; after that one nanoTime read gives both a monotonic interval time and a
 * microsecond wall time, and both ends of a message convert their nanoTime the same way. The cost
 * is that NTP slewing during a run is not followed; across hosts the clock offset is estimated and
 * reported separately.
 */
public final class WallClock {

    private static final int CALIBRATION_ROUNDS = 1_000;
    private static final long EPOCH_NANOS_MINUS_NANO_TIME = calibrate();

    private WallClock() {
    }

    /** The epoch time, in microseconds, at which {@code System.nanoTime()} read {@code nanoTime}. */
    public static long epochMicros(long nanoTime) {
        return (nanoTime + EPOCH_NANOS_MINUS_NANO_TIME) / 1_000L;
    }

    /** The {@code System.nanoTime()} value at epoch microsecond {@code epochMicros}. */
    public static long nanoTime(long epochMicros) {
        return epochMicros * 1_000L - EPOCH_NANOS_MINUS_NANO_TIME;
    }

    public static long nowEpochMicros() {
        return epochMicros(System.nanoTime());
    }

    private static long calibrate() {
        long tightest = Long.MAX_VALUE;
        long offset = 0;
        for (int i = 0; i < CALIBRATION_ROUNDS; i++) {
            long before = System.nanoTime();
            Instant now = Instant.now();
            long after = System.nanoTime();
            long spread = after - before;
            if (spread < tightest) {
                tightest = spread;
                long epochNanos = now.getEpochSecond() * 1_000_000_000L + now.getNano();
                offset = epochNanos - (before + spread / 2);
            }
        }
        return offset;
    }
}

package io.brokerbench.measurement;

/** Something the run noticed, e.g. a stall, at {@code elapsedSeconds} after the load started. */
public record RunEvent(double elapsedSeconds, String text) {
}

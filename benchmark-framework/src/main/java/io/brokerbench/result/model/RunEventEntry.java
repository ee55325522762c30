package io.brokerbench.result.model;

/** Something the run noticed as it went (a stall, a failure), seconds after the load started. */
public record RunEventEntry(double elapsedSeconds, String text) {
}

package io.brokerbench.result.model;

/**
 * How the consumer backlog (or start-up burst) was worked off ({@code "backlogDrain"}). Null
 * numbers: not known when the run ended. {@code backlogReadSeconds} is timed per message and keeps
 * microseconds.
 */
public record BacklogDrainTimes(
        boolean drained,
        long backlogAtStart,
        long backlogAtEnd,
        Double seconds,
        long consumed,
        Double consumeRate,
        Double consumeMBps,
        Double netDrainRate,
        Double backlogReadSeconds,
        Double backlogReadRate,
        Double backlogReadMBps) {
}

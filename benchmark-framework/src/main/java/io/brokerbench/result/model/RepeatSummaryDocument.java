package io.brokerbench.result.model;

import com.fasterxml.jackson.annotation.JsonUnwrapped;

/** The {@code --repeat} summary file ({@code …-summary.json}): which workload on which driver, and the spread. */
public record RepeatSummaryDocument(String schema, String workload, String driver, @JsonUnwrapped RepeatSpread spread) {

    /** The identifier in {@link #schema} of files written by this version. */
    public static final String SCHEMA = "brokerbench-repeat-summary/1";
}

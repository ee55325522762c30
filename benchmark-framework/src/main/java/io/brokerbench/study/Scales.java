package io.brokerbench.study;

import com.fasterxml.jackson.annotation.JsonProperty;

/** A study's two scales: {@code smoke} (seconds per run, for tests) and {@code local} (what one 2-core machine carries). */
public record Scales(@JsonProperty(required = true) Scale smoke, @JsonProperty(required = true) Scale local) {

    public Scale of(ScaleName name) {
        return name == ScaleName.SMOKE ? smoke : local;
    }
}

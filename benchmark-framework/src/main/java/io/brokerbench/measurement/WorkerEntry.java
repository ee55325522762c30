package io.brokerbench.measurement;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.time.Instant;

/**
 * One worker of a run as the result lists it: its id ("local" or its URL), the role it was given,
 * its clock offset from the coordinator's (distributed runs), and, if it failed, when and why.
 * Filled in as the run learns it, like the rest of {@link RunRecord}.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"id", "role", "clockOffsetMicros", "clockUncertaintyMicros", "failedAt", "failure"})
public final class WorkerEntry {

    private final String id;
    private volatile String role;
    private volatile Long clockOffsetMicros;
    private volatile Long clockUncertaintyMicros;
    private volatile String failedAt;
    private volatile String failure;

    public WorkerEntry(String id) {
        this.id = id;
    }

    public String getId() {
        return id;
    }

    public String getRole() {
        return role;
    }

    public Long getClockOffsetMicros() {
        return clockOffsetMicros;
    }

    public Long getClockUncertaintyMicros() {
        return clockUncertaintyMicros;
    }

    public String getFailedAt() {
        return failedAt;
    }

    public String getFailure() {
        return failure;
    }

    public void role(String label) {
        this.role = label;
    }

    /** The worker's clock minus the coordinator's, and how far that estimate may be off. */
    public void clock(long offsetMicros, long uncertaintyMicros) {
        this.clockOffsetMicros = offsetMicros;
        this.clockUncertaintyMicros = uncertaintyMicros;
    }

    public void failed(Instant at, String why) {
        this.failedAt = at.toString();
        this.failure = why;
    }
}

package io.brokerbench.result.model;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * One worker of the run ({@code "workers"}): its id ("local" or its URL), its role, its clock's
 * offset from the coordinator's (distributed runs) and, if it failed, when and why.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record WorkerOutcome(String id, String role, Long clockOffsetMicros, Long clockUncertaintyMicros,
        String failedAt, String failure) {
}

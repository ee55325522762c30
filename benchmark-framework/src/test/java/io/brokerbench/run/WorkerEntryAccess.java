package io.brokerbench.run;

import io.brokerbench.measurement.RunRecord;
import io.brokerbench.measurement.WorkerEntry;

/** Builds worker entries with a role, which only the run assigns, for tests of other packages. */
public final class WorkerEntryAccess {

    private WorkerEntryAccess() {
    }

    public static void add(RunRecord record, String id, String role, long offsetMicros, long uncertaintyMicros) {
        WorkerEntry entry = new WorkerEntry(id);
        entry.role(role);
        entry.clock(offsetMicros, uncertaintyMicros);
        record.workers().add(entry);
    }
}

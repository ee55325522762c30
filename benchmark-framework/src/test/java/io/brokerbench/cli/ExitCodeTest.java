package io.brokerbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class ExitCodeTest {

    @Test
    void theMoreSevereCodeWinsWhicheverComesFirst() {
        // most severe first: a rate not held says the least of any failure
        List<Integer> bySeverity = List.of(ExitCode.INTERRUPTED, ExitCode.DELIVERY_FAILED, ExitCode.BAD_INPUT,
                ExitCode.RUN_FAILED, ExitCode.RATE_NOT_HELD, ExitCode.OK);
        for (int i = 0; i < bySeverity.size(); i++) {
            for (int j = i; j < bySeverity.size(); j++) {
                int worse = bySeverity.get(i);
                int better = bySeverity.get(j);
                assertEquals(worse, ExitCode.worst(worse, better), worse + " vs " + better);
                assertEquals(worse, ExitCode.worst(better, worse), better + " vs " + worse);
            }
        }
    }
}

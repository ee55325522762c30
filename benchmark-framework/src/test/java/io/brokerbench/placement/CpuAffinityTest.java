package io.brokerbench.placement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class CpuAffinityTest {

    @Test
    void readsTheAllowedListFromProcStatus() {
        String status = "Name:\tjava\nCpus_allowed:\t3\nCpus_allowed_list:\t0-1\nMems_allowed_list:\t0\n";
        assertEquals(Optional.of(CpuList.parse("0-1")), CpuAffinity.fromStatus(status));
        assertTrue(CpuAffinity.fromStatus("Name:\tjava\n").isEmpty());
    }

    @Test
    void pinsEveryThreadOfTheProcess() {
        assertEquals(List.of("taskset", "-a", "-p", "-c", "0,2-3", "4242"), CpuAffinity.command(4242, CpuList.parse("3,0,2")));
    }
}

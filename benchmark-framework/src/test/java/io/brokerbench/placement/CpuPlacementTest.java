package io.brokerbench.placement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

class CpuPlacementTest {

    private static final CpuList ONLINE = CpuList.parse("0-1");

    @Test
    void pinnedApartSharesNothing() {
        CpuPlacement placement = new CpuPlacement(ONLINE, CpuList.parse("0"), true, CpuList.parse("1"), true);
        Map<String, Object> result = placement.toResult();
        assertEquals("0-1", result.get("onlineCpus"));
        assertEquals("0", result.get("clientCpus"));
        assertEquals(true, result.get("clientPinned"));
        assertEquals("1", result.get("brokerCpus"));
        assertEquals(true, result.get("brokerPinned"));
        assertEquals(false, result.get("shared"));
        assertEquals("", result.get("sharedCpus"));
        assertEquals("CPU placement (online 0-1): client on 0 (pinned), local kafka broker on 1 (pinned): no core shared",
                placement.describe("kafka"));
    }

    @Test
    void nothingPinnedSharesEveryCpu() {
        CpuPlacement placement = new CpuPlacement(ONLINE, ONLINE, false, ONLINE, false);
        assertEquals(true, placement.toResult().get("shared"));
        assertEquals("0-1", placement.toResult().get("sharedCpus"));
        assertTrue(placement.worthRecording());
        assertEquals("CPU placement (online 0-1): client on 0-1 (not pinned), local redis broker on 0-1 (not pinned):"
                + " sharing 0-1", placement.describe("redis"));
    }

    @Test
    void overlappingSetsShareTheirCommonCpus() {
        CpuPlacement placement = new CpuPlacement(CpuList.parse("0-3"), CpuList.parse("0-1"), true, CpuList.parse("1-3"), true);
        assertEquals("1", placement.toResult().get("sharedCpus"));
    }

    @Test
    void withoutABrokerOrAKnownClientSharingCannotBeSaid() {
        CpuPlacement noBroker = new CpuPlacement(ONLINE, CpuList.parse("0"), true, null, false);
        assertNull(noBroker.toResult().get("shared"));
        assertNull(noBroker.toResult().get("brokerCpus"));
        assertTrue(noBroker.worthRecording());
        assertEquals("CPU placement (online 0-1): client on 0 (pinned)", noBroker.describe(null));

        CpuPlacement onWorkers = new CpuPlacement(ONLINE, null, false, CpuList.parse("1"), true);
        assertNull(onWorkers.toResult().get("clientCpus"));
        assertNull(onWorkers.toResult().get("shared"));
        assertTrue(onWorkers.shared().isEmpty());

        assertFalse(new CpuPlacement(ONLINE, ONLINE, false, null, false).worthRecording());
    }
}

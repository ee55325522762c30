package io.brokerbench.placement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class CpuListTest {

    @ParameterizedTest
    @CsvSource(delimiter = ';', value = {
        "0; 0; 1",
        "1; 1; 1",
        "0-3; 0-3; 4",
        "0,2-3; 0,2-3; 3",
        "3,0,1,2; 0-3; 4",
        " 0 , 1 ; 0-1; 2",
        "0-1,1-2; 0-2; 3",
        "5-5; 5; 1"})
    void parsesTasksetListsAndWritesThemMerged(String text, String written, int size) {
        CpuList list = CpuList.parse(text);
        assertEquals(written, list.toString());
        assertEquals(size, list.size());
        assertEquals(list, CpuList.parse(written));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", " ", "a", "0,", ",1", "1-", "-1", "2-1", "0-3:2", "1.5", "0x1", "99999", "8192"})
    void rejectsWhatIsNotAList(String text) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> CpuList.parse(text));
        assertTrue(!e.getMessage().isBlank() && !e.getMessage().contains("\n"), e.getMessage());
    }

    @Test
    void aBackwardsRangeIsNamed() {
        assertEquals("range '2-1' runs backwards",
                assertThrows(IllegalArgumentException.class, () -> CpuList.parse("0,2-1")).getMessage());
    }

    @Test
    void aCpuThatIsNotOnlineIsNamedWithTheOnlineList() {
        CpuList online = CpuList.parse("0-1");
        assertEquals(CpuList.parse("1"), CpuList.parse("1").requireWithin(online));
        assertEquals("CPU 2 is not online on this machine (online: 0-1)",
                assertThrows(IllegalArgumentException.class, () -> CpuList.parse("1-3").requireWithin(online)).getMessage());
    }

    @Test
    void intersectionIsWhatBothMayUse() {
        assertEquals("1", CpuList.parse("0-1").intersection(CpuList.parse("1-3")).toString());
        assertTrue(CpuList.parse("0").intersection(CpuList.parse("1")).isEmpty());
        assertEquals("", CpuList.parse("0").intersection(CpuList.parse("1")).toString());
        assertEquals("0-3", CpuList.firstN(4).toString());
    }
}

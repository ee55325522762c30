package io.brokerbench.load;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class PayloadSourceTest {

    private final byte[][] pool = {filled(1), filled(2), filled(3)};

    @Test
    void aReusingProducerSendsOneArrayOfItsOwnHoldingEachTemplateInTurnAndNeverWritesTheSharedPool() {
        PayloadSource source = new PayloadSource(pool, true);
        byte[] first = source.next(0);
        for (long sequence = 0; sequence < 7; sequence++) {
            byte[] payload = source.next(sequence);
            assertSame(first, payload);
            assertArrayEquals(pool[(int) (sequence % 3)], payload);
            Arrays.fill(payload, 0, 32, (byte) -1); // the header, written by the producer
        }
        assertArrayEquals(filled(1), pool[0]);
        assertArrayEquals(filled(2), pool[1]);
        assertArrayEquals(filled(3), pool[2]);
    }

    @Test
    void aProducerWhoseDriverKeepsTheArrayGetsAFreshCopyEachTime() {
        PayloadSource source = new PayloadSource(pool, false);
        byte[] a = source.next(4);
        byte[] b = source.next(4);
        assertNotSame(a, b);
        assertNotSame(pool[1], a);
        assertArrayEquals(pool[1], a);
    }

    @Test
    void templatesOfSeveralSizesAreSentInTurnEachSizeInAnArrayOfItsOwn() {
        byte[] large = new byte[200];
        Arrays.fill(large, (byte) 9);
        PayloadSource source = new PayloadSource(new byte[][] {filled(1), large, filled(3)}, true);
        byte[] small = source.next(0);
        assertArrayEquals(filled(1), small);
        assertArrayEquals(large, source.next(1));
        assertSame(small, source.next(2), "one array per size");
        assertArrayEquals(filled(3), small);
        assertArrayEquals(large, source.next(4));
        assertArrayEquals(filled(1), source.next(3));
    }

    private static byte[] filled(int value) {
        byte[] bytes = new byte[64];
        Arrays.fill(bytes, (byte) value);
        return bytes;
    }
}

package io.brokerbench.load;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

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
    void templatesOfDifferentLengthsAreRejected() {
        assertThrows(IllegalArgumentException.class, () -> new PayloadSource(new byte[][] {new byte[64], new byte[65]}, true));
    }

    private static byte[] filled(int value) {
        byte[] bytes = new byte[64];
        Arrays.fill(bytes, (byte) value);
        return bytes;
    }
}

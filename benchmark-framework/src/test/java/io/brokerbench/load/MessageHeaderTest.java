package io.brokerbench.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.junit.jupiter.api.Test;

class MessageHeaderTest {

    @Test
    void roundTripsThroughArraysAndBuffersOfEitherByteOrder() {
        byte[] payload = new byte[100];
        MessageHeader.write(payload, 7, 123_456_789_012L, 1_700_000_000_000_001L, 1_700_000_000_000_042L);
        assertTrue(MessageHeader.hasMagic(payload));
        assertEquals(7, MessageHeader.producerId(payload));
        assertEquals(123_456_789_012L, MessageHeader.sequence(payload));
        assertEquals(1_700_000_000_000_001L, MessageHeader.intendedMicros(payload));
        assertEquals(1_700_000_000_000_042L, MessageHeader.sendMicros(payload));

        for (ByteOrder order : new ByteOrder[] {ByteOrder.BIG_ENDIAN, ByteOrder.LITTLE_ENDIAN}) {
            ByteBuffer framed = ByteBuffer.allocate(110).order(order);
            framed.position(10);
            framed.put(payload);
            framed.position(10);
            assertTrue(MessageHeader.hasMagic(framed));
            assertEquals(7, MessageHeader.producerId(framed));
            assertEquals(123_456_789_012L, MessageHeader.sequence(framed));
            assertEquals(1_700_000_000_000_042L, MessageHeader.sendMicros(framed));
            assertEquals(10, framed.position(), "reading does not move the buffer");
        }
    }

    @Test
    void shortOrForeignPayloadsHaveNoHeader() {
        assertFalse(MessageHeader.hasMagic(new byte[MessageHeader.SIZE - 1]));
        assertFalse(MessageHeader.hasMagic(new byte[64]));
    }
}

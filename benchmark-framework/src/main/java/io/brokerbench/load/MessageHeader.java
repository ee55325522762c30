package io.brokerbench.load;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The 32 bytes the load generator writes at the start of every payload that is large enough, so
 * the consumer side can measure end-to-end latency to the microsecond and verify delivery:
 *
 * <pre>
 *  offset  size  field
 *       0     4  magic 0x42424D31 ("BBM1"; also the layout version)
 *       4     4  producer id, unique within the run across all workers (-1: a readiness probe)
 *       8     8  sequence number within that producer, from 0, no gaps
 *      16     8  intended send time, epoch microseconds (from the rate schedule)
 *      24     8  actual send time, epoch microseconds (just before sendAsync)
 * </pre>
 *
 * Big-endian. Messages shorter than {@link #SIZE} carry no header: their end-to-end latency falls
 * back to the driver's millisecond publish timestamp, as in OMB, and delivery is not verified.
 */
public final class MessageHeader {

    public static final int SIZE = 32;
    public static final int MAGIC = 0x42424D31;
    public static final int PROBE_PRODUCER = -1;

    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

    private MessageHeader() {
    }

    public static void write(byte[] payload, int producerId, long sequence, long intendedMicros, long sendMicros) {
        INT.set(payload, 0, MAGIC);
        INT.set(payload, 4, producerId);
        LONG.set(payload, 8, sequence);
        LONG.set(payload, 16, intendedMicros);
        LONG.set(payload, 24, sendMicros);
    }

    public static boolean hasMagic(byte[] payload) {
        return payload.length >= SIZE && (int) INT.get(payload, 0) == MAGIC;
    }

    public static int producerId(byte[] payload) {
        return (int) INT.get(payload, 4);
    }

    public static long sequence(byte[] payload) {
        return (long) LONG.get(payload, 8);
    }

    public static long intendedMicros(byte[] payload) {
        return (long) LONG.get(payload, 16);
    }

    public static long sendMicros(byte[] payload) {
        return (long) LONG.get(payload, 24);
    }

    /** Header fields read from a buffer at its position, without moving it, whatever its byte order. */
    public static boolean hasMagic(ByteBuffer payload) {
        return payload.remaining() >= SIZE && readInt(payload, 0) == MAGIC;
    }

    public static int producerId(ByteBuffer payload) {
        return readInt(payload, 4);
    }

    public static long sequence(ByteBuffer payload) {
        return readLong(payload, 8);
    }

    public static long intendedMicros(ByteBuffer payload) {
        return readLong(payload, 16);
    }

    public static long sendMicros(ByteBuffer payload) {
        return readLong(payload, 24);
    }

    private static int readInt(ByteBuffer payload, int offset) {
        int value = payload.getInt(payload.position() + offset);
        return payload.order() == ByteOrder.BIG_ENDIAN ? value : Integer.reverseBytes(value);
    }

    private static long readLong(ByteBuffer payload, int offset) {
        long value = payload.getLong(payload.position() + offset);
        return payload.order() == ByteOrder.BIG_ENDIAN ? value : Long.reverseBytes(value);
    }
}

package io.brokerbench.load;

import java.util.HashMap;
import java.util.Map;

/**
 * The byte array each message is sent in. The header is written into it afterwards, so a producer
 * whose driver may keep the array after {@code sendAsync} returns gets a fresh copy per message;
 * one whose driver has copied the bytes by then (see PayloadCopyingProducer) reuses an array of its
 * own per payload size and allocates nothing once it has met every size.
 *
 * <p>The templates (a payload file, or a pool of randomized payloads, of one size or of several with a
 * {@code messageSizeDistribution}) are shared by every producer of a worker and only read: a producer
 * holds one message's worth of bytes per size, not a copy of the pool, which would be a megabyte per
 * producer with OMB's pools of 1,000 1-KB payloads. Message n is template n mod the pool's size, so a
 * producer cycles through the pool and, over whole cycles, sends its sizes in the pool's proportions.
 */
public final class PayloadSource {

    private final byte[][] templates;
    private final boolean reuse;
    /** Per size, the array a reusing producer sends; and per size, which template it holds now (the header aside). */
    private final Map<Integer, byte[]> own = new HashMap<>();
    private final Map<Integer, Integer> inOwn = new HashMap<>();

    /** @param templates read-only */
    public PayloadSource(byte[][] templates, boolean reuse) {
        this.templates = templates;
        this.reuse = reuse;
    }

    public byte[] next(long sequence) {
        int index = templates.length == 1 ? 0 : (int) (sequence % templates.length);
        byte[] template = templates[index];
        if (!reuse) {
            return template.clone();
        }
        byte[] array = own.computeIfAbsent(template.length, byte[]::new);
        Integer held = inOwn.put(template.length, index);
        if (held == null || held != index) { // with one template only once; with a pool, one copy per message
            System.arraycopy(template, 0, array, 0, array.length);
        }
        return array;
    }
}

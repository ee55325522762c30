package io.brokerbench.load;

/**
 * The byte array each message is sent in. The header is written into it afterwards, so a producer
 * whose driver may keep the array after {@code sendAsync} returns gets a fresh copy per message;
 * one whose driver has copied the bytes by then (see PayloadCopyingProducer) reuses one array of its
 * own and allocates nothing.
 *
 * <p>The templates (a payload file, or a pool of randomized payloads) are shared by every producer of
 * a worker and only read: a producer holds one message's worth of bytes, not a copy of the pool,
 * which would be a megabyte per producer with OMB's pools of 1,000 1-KB payloads.
 */
public final class PayloadSource {

    private final byte[][] templates;
    private final boolean reuse;
    /** The array a reusing producer sends, and which template it holds now (the header aside). */
    private final byte[] own;
    private int inOwn = -1;

    /** @param templates read-only, all of one length */
    public PayloadSource(byte[][] templates, boolean reuse) {
        for (byte[] template : templates) {
            if (template.length != templates[0].length) {
                throw new IllegalArgumentException("payload templates of " + templates[0].length + " and "
                        + template.length + " bytes: all must have the message size");
            }
        }
        this.templates = templates;
        this.reuse = reuse;
        this.own = reuse ? new byte[templates[0].length] : null;
    }

    public byte[] next(long sequence) {
        int index = templates.length == 1 ? 0 : (int) (sequence % templates.length);
        if (!reuse) {
            return templates[index].clone();
        }
        if (index != inOwn) { // with one template only once; with a pool, one copy per message
            System.arraycopy(templates[index], 0, own, 0, own.length);
            inOwn = index;
        }
        return own;
    }
}

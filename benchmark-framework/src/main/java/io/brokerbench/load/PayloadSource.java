package io.brokerbench.load;

/**
 * The byte array each message is sent in. The header is written into it afterwards, so a producer
 * whose driver may keep the array after {@code sendAsync} returns gets a fresh copy per message;
 * one whose driver has copied the bytes by then (see PayloadCopyingProducer) reuses one array per
 * template and allocates nothing.
 */
public final class PayloadSource {

    private final byte[][] templates;
    private final boolean reuse;

    public PayloadSource(byte[][] templates, boolean reuse) {
        this.reuse = reuse;
        this.templates = new byte[templates.length][];
        for (int i = 0; i < templates.length; i++) {
            // private copies: a reused array is written to, and the caller's templates are shared
            this.templates[i] = templates[i].clone();
        }
    }

    public byte[] next(long sequence) {
        byte[] template = templates.length == 1 ? templates[0] : templates[(int) (sequence % templates.length)];
        return reuse ? template : template.clone();
    }

    public boolean reuses() {
        return reuse;
    }
}

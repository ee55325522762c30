package io.brokerbench.remote.wire;


/**
 * The worker API's fixed points. Bump {@link #VERSION} with any change a coordinator and worker of
 * different builds would misread; both refuse to talk across versions rather than mis-measure.
 */
public final class WireProtocol {

    public static final int VERSION = 8;
    /** Every request carries the coordinator's protocol version here. */
    public static final String VERSION_HEADER = "X-Brokerbench-Protocol";
    /** Every request but info and ping names the coordinator's run here (the worker's run lease). */
    public static final String RUN_HEADER = "X-Brokerbench-Run";
    /** Set on a 409 refused because another run, or none, holds the worker; its value is the worker's standing. */
    public static final String NOT_OWNER_HEADER = "X-Brokerbench-Not-Owner";
    public static final String PREFIX = "/v1";
    /** Payload templates travel in the load plan; 64 MiB holds a pool of 64 KiB payloads many times over. */
    public static final long MAX_REQUEST_BYTES = 64L * 1024 * 1024;

    private WireProtocol() {
    }

    /** This build's version, for the handshake's message. */
    public static String buildVersion() {
        String version = WireProtocol.class.getPackage().getImplementationVersion();
        return version == null ? "development build" : version;
    }
}

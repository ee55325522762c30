package io.brokerbench.remote.wire;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;

/** The shared secret of a worker and its coordinator, sent as {@code Authorization: Bearer <token>}. */
public final class BearerToken {

    private final byte[] expected;

    private BearerToken(String token) {
        this.expected = ("Bearer " + token).getBytes(StandardCharsets.UTF_8);
    }

    /** A token, or null when {@code token} is null or blank (no authentication). */
    public static BearerToken of(String token) {
        return token == null || token.isBlank() ? null : new BearerToken(token.strip());
    }

    public static String header(String token) {
        return "Bearer " + token.strip();
    }

    /** Constant-time, so response timing does not reveal how much of a guess was right. */
    public boolean accepts(String authorizationHeader) {
        byte[] given = authorizationHeader == null ? new byte[0] : authorizationHeader.getBytes(StandardCharsets.UTF_8);
        return MessageDigest.isEqual(expected, given);
    }
}

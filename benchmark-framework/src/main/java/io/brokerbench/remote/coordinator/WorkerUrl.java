package io.brokerbench.remote.coordinator;

import java.net.URI;
import java.net.URISyntaxException;

/** A worker's address as the user writes it: {@code http://host:port}, nothing after the port. */
public final class WorkerUrl {

    private WorkerUrl() {
    }

    /** @throws IllegalArgumentException with the problem (without the value) when it is not such a URL */
    public static URI parse(String text) {
        URI uri;
        try {
            uri = new URI(text.strip());
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("not a URL: " + e.getReason());
        }
        if (!"http".equals(uri.getScheme()) && !"https".equals(uri.getScheme())) {
            throw new IllegalArgumentException("expected http://HOST:PORT");
        }
        if (uri.getHost() == null) {
            throw new IllegalArgumentException("no host (expected http://HOST:PORT)");
        }
        if (uri.getPort() < 0) {
            throw new IllegalArgumentException("no port (expected http://HOST:PORT; workers listen on 8080 by default)");
        }
        if ((uri.getPath() != null && !uri.getPath().isEmpty() && !uri.getPath().equals("/"))
                || uri.getQuery() != null || uri.getFragment() != null || uri.getUserInfo() != null) {
            throw new IllegalArgumentException("nothing may follow the port (expected http://HOST:PORT)");
        }
        return URI.create(uri.getScheme() + "://" + uri.getRawAuthority());
    }
}

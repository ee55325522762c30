package io.brokerbench.localbroker.redis;

/**
 * One redis-server, or the sentinel, of a local group: its name (the node's in the result) and the address
 * and port it listens on (127.0.0.1, or its network namespace's address).
 */
record RedisNode(String name, String host, int port) {

    /** Whether a server or the sentinel reporting {@code ip} and {@code port} (as INFO and SENTINEL do) means this node. */
    boolean isAt(String ip, String port) {
        return host.equals(ip) && Integer.toString(this.port).equals(port);
    }
}

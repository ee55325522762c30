package io.brokerbench.remote.server;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.eclipse.jetty.io.Connection;

/**
 * Closes a client's connections beyond {@code max} open at once from its address. Each request in
 * progress holds one of the server's threads, so without this one client trickling request bodies
 * over many connections could occupy them all and starve the coordinator's pings (Jetty 11 offers
 * only a server-wide connection limit, which would shut the coordinator out too).
 */
final class ClientConnectionLimit implements Connection.Listener {

    private final int max;
    private final Map<InetAddress, Integer> open = new ConcurrentHashMap<>();
    /** Each connection's client, noted on opening: a closed socket no longer tells its remote address. */
    private final Map<Connection, InetAddress> clients = new ConcurrentHashMap<>();

    ClientConnectionLimit(int max) {
        this.max = max;
    }

    @Override
    public void onOpened(Connection connection) {
        InetAddress client = clientOf(connection);
        if (client == null) {
            return;
        }
        clients.put(connection, client);
        if (open.merge(client, 1, Integer::sum) > max) {
            connection.getEndPoint().close();
        }
    }

    @Override
    public void onClosed(Connection connection) {
        InetAddress client = clients.remove(connection);
        if (client != null) {
            open.computeIfPresent(client, (address, count) -> count > 1 ? count - 1 : null);
        }
    }

    private static InetAddress clientOf(Connection connection) {
        SocketAddress remote = connection.getEndPoint().getRemoteSocketAddress();
        return remote instanceof InetSocketAddress inet ? inet.getAddress() : null;
    }
}

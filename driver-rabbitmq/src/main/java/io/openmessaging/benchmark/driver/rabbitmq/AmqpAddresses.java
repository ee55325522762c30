package io.openmessaging.benchmark.driver.rabbitmq;

import com.rabbitmq.client.Address;
import com.rabbitmq.client.AddressResolver;
import com.rabbitmq.client.ConnectionFactory;
import java.net.URI;
import java.util.List;

/**
 * A driver file's {@code amqpUris} as the addresses a connection may use, in the file's order: the client
 * connects to the first that accepts, and after losing it (a node killed or cut off) recovers to the first
 * that accepts again, so a cluster's other nodes take over. Not shuffled, as the client's own list
 * resolver would: the node a run connects to first leads the queues it declares ({@code
 * queue_leader_locator = client-local}), and that should not be drawn anew each run. The URIs' user,
 * password and virtual host are the same ({@link RabbitMqConfig} checks it), so the first URI sets them.
 */
final class AmqpAddresses implements AddressResolver {

    private final List<Address> addresses;

    AmqpAddresses(List<String> uris) {
        this.addresses = uris.stream().map(AmqpAddresses::address).toList();
    }

    private static Address address(String uri) {
        URI parsed = URI.create(uri.strip());
        int port = parsed.getPort() != -1 ? parsed.getPort()
                : "amqps".equals(parsed.getScheme()) ? ConnectionFactory.DEFAULT_AMQP_OVER_SSL_PORT
                : ConnectionFactory.DEFAULT_AMQP_PORT;
        return new Address(parsed.getHost(), port);
    }

    @Override
    public List<Address> getAddresses() {
        return addresses;
    }

    @Override
    public List<Address> maybeShuffle(List<Address> input) {
        return input;
    }
}

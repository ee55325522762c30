package io.openmessaging.benchmark.driver.rabbitmq;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.rabbitmq.client.Address;
import java.util.List;
import org.junit.jupiter.api.Test;

class AmqpAddressesTest {

    @Test
    void theAddressesKeepTheFilesOrderWithTheSchemesDefaultPortAndAreNeverShuffled() {
        AmqpAddresses addresses = new AmqpAddresses(List.of("amqp://bb:pw@127.0.0.1:5673/", " amqp://bb:pw@127.0.0.2 ",
                "amqps://bb:pw@127.0.0.3/"));
        List<Address> expected = List.of(new Address("127.0.0.1", 5673), new Address("127.0.0.2", 5672),
                new Address("127.0.0.3", 5671));
        assertEquals(expected, addresses.getAddresses());
        for (int i = 0; i < 20; i++) {
            assertEquals(expected, addresses.maybeShuffle(addresses.getAddresses()), "the first that answers is the first listed");
        }
    }
}

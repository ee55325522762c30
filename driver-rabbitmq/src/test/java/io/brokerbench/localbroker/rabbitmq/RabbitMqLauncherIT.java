package io.brokerbench.localbroker.rabbitmq;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import com.rabbitmq.stream.Environment;
import io.brokerbench.localbroker.BrokerNode;
import io.brokerbench.localbroker.LocalBroker;
import io.brokerbench.localbroker.LocalBrokers;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class RabbitMqLauncherIT {

    @Test
    void startsARealNodeWithStreamsOnLoopbackAndRemovesItAndItsEpmdOnClose() throws Exception {
        LocalBroker rabbit = LocalBrokers.start("rabbitmq", LocalBrokers.home());
        long pid;
        Path runDir;
        List<ProcessHandle> epmd;
        try {
            assertEquals("rabbitmq", rabbit.type());
            assertTrue(rabbit.version().matches("\\d+\\.\\d+\\.\\d+"), rabbit.version());
            List<BrokerNode> nodes = rabbit.nodes();
            assertEquals(List.of("rabbitmq"), nodes.stream().map(BrokerNode::name).toList());
            // the Erlang VM runs in place of the start script: the node's process is the broker itself
            pid = nodes.get(0).process().pid();
            assertTrue(nodes.get(0).process().info().command().orElse("").endsWith("beam.smp"),
                    nodes.get(0).process().info().toString());
            runDir = Files.readSymbolicLink(Path.of("/proc", Long.toString(pid), "cwd"));
            assertTrue(Files.isDirectory(runDir.resolve("mnesia")), runDir.toString());

            URI amqp = URI.create(rabbit.endpoints().get("amqpUri"));
            assertEquals("127.0.0.1", amqp.getHost());
            ConnectionFactory factory = new ConnectionFactory();
            factory.setUri(amqp);
            try (Connection connection = factory.newConnection()) {
                assertEquals(rabbit.version(), connection.getServerProperties().get("version").toString());
            }
            // the stream plugin answers on the advertised loopback address: a stream round trip works
            try (Environment streams = Environment.builder().uri(rabbit.endpoints().get("streamUri")).build()) {
                streams.streamCreator().stream("launcher-it").create();
                assertTrue(streams.streamExists("launcher-it"));
            }
            epmd = ProcessHandle.current().descendants()
                    .filter(p -> p.info().command().orElse("").endsWith("/epmd")).toList();
            assertEquals(1, epmd.size(), "one epmd of the launcher's own: " + epmd);
            assertTrue(epmd.get(0).info().arguments().map(List::of).orElse(List.of()).contains("-port"));
        } finally {
            rabbit.close();
        }
        Optional<ProcessHandle> after = ProcessHandle.of(pid);
        assertFalse(after.isPresent() && after.get().isAlive(), "the node " + pid + " still running");
        assertFalse(epmd.get(0).isAlive(), "its epmd " + epmd.get(0).pid() + " still running");
        assertFalse(Files.exists(runDir), "run dir " + runDir + " not deleted");
    }
}

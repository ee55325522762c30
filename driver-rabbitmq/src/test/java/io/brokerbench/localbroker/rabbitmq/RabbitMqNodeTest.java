package io.brokerbench.localbroker.rabbitmq;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RabbitMqNodeTest {

    private static final Path RUN = Path.of("/tmp/run");
    private static final List<RabbitMqNode> CLUSTER =
            RabbitMqNode.onPorts("rabbitmq", RUN, 3, List.of(5001, 5101, 5201, 5002, 5102, 5202, 5003, 5103, 5203));
    private static final Map<String, String> SETTINGS = new LinkedHashMap<>(Map.of("disk_free_limit.absolute", "50MB",
            RabbitMqLauncher.PLUGINS, "rabbitmq_stream"));

    @TempDir
    Path dir;

    @Test
    void aSingleNodeIsNamedAfterItsTypeAndLivesInTheRunDirectoryWhileClusterNodesHaveOneEach() {
        assertEquals(List.of(new RabbitMqNode("rabbitmq", RUN, 5001, 5101, 5201)),
                RabbitMqNode.onPorts("rabbitmq", RUN, 1, List.of(5001, 5101, 5201)));
        assertEquals(List.of(new RabbitMqNode("rabbitmq-1", RUN.resolve("node-1"), 5001, 5101, 5201),
                new RabbitMqNode("rabbitmq-2", RUN.resolve("node-2"), 5002, 5102, 5202),
                new RabbitMqNode("rabbitmq-3", RUN.resolve("node-3"), 5003, 5103, 5203)), CLUSTER);
        assertEquals("brokerbench-5002@localhost", CLUSTER.get(1).erlangName());
        assertEquals("amqp://guest:guest@127.0.0.1:5003", CLUSTER.get(2).amqpUri());
        assertEquals("rabbitmq-stream://guest:guest@127.0.0.1:5103", CLUSTER.get(2).streamUri());
        assertThrows(IllegalArgumentException.class, () -> RabbitMqNode.onPorts("rabbitmq", RUN, 2, List.of(1, 2, 3)));
    }

    @Test
    void aSingleNodeListensOnLoopbackOnlyWithNoPeerDiscovery() {
        RabbitMqNode node = RabbitMqNode.onPorts("rabbitmq", RUN, 1, List.of(5001, 5101, 5201)).get(0);
        assertEquals("""
                # rabbitmq, written by io.brokerbench.localbroker.rabbitmq.RabbitMqLauncher
                listeners.tcp.default = 127.0.0.1:5001
                stream.listeners.tcp.default = 127.0.0.1:5101
                stream.advertised_host = 127.0.0.1
                stream.advertised_port = 5101
                log.file = rabbit.log
                log.console = false
                disk_free_limit.absolute = 50MB
                """, node.config(SETTINGS, List.of(node)));
    }

    @Test
    void aClusterNodeListsEveryNodeForPeerDiscoveryByClassicConfig() {
        assertEquals("""
                # rabbitmq-2, written by io.brokerbench.localbroker.rabbitmq.RabbitMqLauncher
                listeners.tcp.default = 127.0.0.1:5002
                stream.listeners.tcp.default = 127.0.0.1:5102
                stream.advertised_host = 127.0.0.1
                stream.advertised_port = 5102
                log.file = rabbit.log
                log.console = false
                disk_free_limit.absolute = 50MB
                cluster_formation.peer_discovery_backend = classic_config
                cluster_formation.classic_config.nodes.1 = brokerbench-5001@localhost
                cluster_formation.classic_config.nodes.2 = brokerbench-5002@localhost
                cluster_formation.classic_config.nodes.3 = brokerbench-5003@localhost
                """, CLUSTER.get(1).config(SETTINGS, CLUSTER));
    }

    @Test
    void eachNodeHasItsOwnHomeDatabaseAndLogsButSharesPluginsEnvironmentFileAndEpmd() {
        Map<String, String> env = CLUSTER.get(2).environment(RUN, 4400);
        assertEquals("/tmp/run/node-3", env.get("HOME"));
        assertEquals("brokerbench-5003@localhost", env.get("RABBITMQ_NODENAME"));
        assertEquals("5003", env.get("RABBITMQ_NODE_PORT"));
        assertEquals("5203", env.get("RABBITMQ_DIST_PORT"));
        assertEquals("/tmp/run/node-3/rabbitmq.conf", env.get("RABBITMQ_CONFIG_FILE"));
        assertEquals("/tmp/run/node-3/mnesia", env.get("RABBITMQ_MNESIA_BASE"));
        assertEquals("/tmp/run/node-3/log", env.get("RABBITMQ_LOG_BASE"));
        assertEquals("/tmp/run/enabled_plugins", env.get("RABBITMQ_ENABLED_PLUGINS_FILE"));
        assertEquals("/tmp/run/rabbitmq-env.conf", env.get("RABBITMQ_CONF_ENV_FILE"));
        assertEquals("4400", env.get("ERL_EPMD_PORT"));
        assertEquals("127.0.0.1", env.get("ERL_EPMD_ADDRESS"));
        // the node's and rabbitmqctl's Erlang distribution both on loopback only
        assertEquals("-noinput -kernel inet_dist_use_interface {127,0,0,1}", env.get("RABBITMQ_SERVER_ADDITIONAL_ERL_ARGS"));
        assertEquals("-kernel inet_dist_use_interface {127,0,0,1}", env.get("RABBITMQ_CTL_ERL_ARGS"));
    }

    @Test
    void everyNodeGetsTheSameCookieReadableByItsOwnerOnlyAndTheSharedFilesOnce() throws Exception {
        List<RabbitMqNode> nodes = RabbitMqNode.onPorts("rabbitmq", dir, 3, List.of(1, 2, 3, 4, 5, 6, 7, 8, 9));
        RabbitMqLauncher.writeFiles(dir, nodes, SETTINGS);
        String cookie = Files.readString(dir.resolve("node-1/.erlang.cookie"), StandardCharsets.US_ASCII);
        assertEquals(42, cookie.length(), cookie);
        for (RabbitMqNode node : nodes) {
            Path file = node.dir().resolve(".erlang.cookie");
            assertEquals(cookie, Files.readString(file, StandardCharsets.US_ASCII), node.name());
            assertEquals("r--------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)), node.name());
            assertEquals(node.config(SETTINGS, nodes), Files.readString(node.dir().resolve("rabbitmq.conf")));
        }
        assertEquals("[rabbitmq_stream].\n", Files.readString(dir.resolve("enabled_plugins")));
        assertEquals("", Files.readString(dir.resolve("rabbitmq-env.conf")));
    }

    @Test
    void theEndpointsNameTheFirstNodeAndListEveryNode() {
        assertEquals(Map.of("amqpUri", "amqp://guest:guest@127.0.0.1:5001",
                "streamUri", "rabbitmq-stream://guest:guest@127.0.0.1:5101",
                "amqpUris", "[amqp://guest:guest@127.0.0.1:5001, amqp://guest:guest@127.0.0.1:5002, "
                        + "amqp://guest:guest@127.0.0.1:5003]",
                "streamUris", "[rabbitmq-stream://guest:guest@127.0.0.1:5101, rabbitmq-stream://guest:guest@127.0.0.1:5102, "
                        + "rabbitmq-stream://guest:guest@127.0.0.1:5103]"), RabbitMqLauncher.endpoints(CLUSTER));
        assertEquals(RabbitMqLauncher.endpoints(CLUSTER).keySet(), new RabbitMqLauncher().exampleEndpoints().keySet());
    }
}

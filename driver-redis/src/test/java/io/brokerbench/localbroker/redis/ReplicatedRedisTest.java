package io.brokerbench.localbroker.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The group's config files and how it reads what servers and sentinel report, without starting any. */
class ReplicatedRedisTest {

    private static final RedisNode PRIMARY = new RedisNode("redis-1", "127.0.0.1", 17001);

    private static final String PRIMARY_INFO = """
            # Replication\r
            role:master\r
            connected_slaves:2\r
            slave0:ip=127.0.0.1,port=17002,state=online,offset=805,lag=0\r
            slave1:ip=127.0.0.1,port=17003,state=online,offset=790,lag=1\r
            master_failover_state:no-failover\r
            master_repl_offset:805\r
            """;

    @TempDir
    Path dir;

    @Test
    void aReplicaFollowsThePrimaryOnLoopbackWithTheGroupsPassword() throws IOException {
        Path config = RedisLauncher.writeConfig(dir, new RedisNode("redis-2", "127.0.0.1", 17002), "bbsecret",
                ReplicatedRedis.replication("redis-2", PRIMARY, "bbsecret"));
        List<String> lines = Files.readAllLines(config);
        assertEquals(dir.resolve("redis.conf"), config);
        assertTrue(lines.containsAll(List.of("bind 127.0.0.1", "port 17002", "dir " + dir, "requirepass bbsecret",
                "replicaof 127.0.0.1 17001", "masterauth bbsecret", "repl-diskless-sync-delay 0")), lines.toString());
    }

    @Test
    void inNamespacesEachNodeListensOnItsAddressAndFollowsThePrimaryAtItsAddress() throws IOException {
        RedisNode primary = new RedisNode("redis-1", "10.250.7.11", 17001);
        Path config = RedisLauncher.writeConfig(dir, new RedisNode("redis-2", "10.250.7.12", 17002), "bbsecret",
                ReplicatedRedis.replication("redis-2", primary, "bbsecret"));
        assertTrue(Files.readAllLines(config).containsAll(List.of("bind 10.250.7.12", "replicaof 10.250.7.11 17001")));
        Path sentinel = ReplicatedRedis.writeSentinelConfig(dir, new RedisNode("redis-sentinel", "10.250.7.14", 17100),
                primary, "bbsecret");
        assertTrue(Files.readAllLines(sentinel).containsAll(List.of("bind 10.250.7.14",
                "sentinel monitor brokerbench 10.250.7.11 17001 1")));
        assertEquals(List.of("redis-1", "redis-2", "redis-3", "redis-sentinel"), ReplicatedRedis.names(3));
    }

    @Test
    void thePrimaryFollowsNobodyButCanFollowOnceAReplicaIsPromoted() {
        Map<String, String> primary = ReplicatedRedis.replication("redis-1", PRIMARY, "bbsecret");
        assertFalse(primary.containsKey("replicaof"), primary.toString());
        assertEquals("bbsecret", primary.get("masterauth"));
    }

    @Test
    void theSentinelMonitorsThePrimaryWithQuorumOneAndThePassword() throws IOException {
        Path config = ReplicatedRedis.writeSentinelConfig(dir, new RedisNode("redis-sentinel", "127.0.0.1", 17100), PRIMARY,
                "bbsecret");
        List<String> lines = Files.readAllLines(config);
        assertEquals(dir.resolve("sentinel.conf"), config);
        assertTrue(lines.containsAll(List.of("bind 127.0.0.1", "port 17100", "dir " + dir, "requirepass bbsecret",
                "sentinel monitor brokerbench 127.0.0.1 17001 1", "sentinel auth-pass brokerbench bbsecret")),
                lines.toString());
    }

    @Test
    void readsThePrimarysReplicasWithTheirStateOffsetAndLag() {
        ReplicationInfo info = ReplicationInfo.parse(PRIMARY_INFO);
        assertTrue(info.isPrimary());
        assertEquals(805, info.offset());
        assertEquals(List.of(
                Map.of("ip", "127.0.0.1", "port", "17002", "state", "online", "offset", "805", "lag", "0"),
                Map.of("ip", "127.0.0.1", "port", "17003", "state", "online", "offset", "790", "lag", "1")),
                info.replicas());
        assertTrue(info.hasOnlineReplicas(2));
        assertFalse(info.hasOnlineReplicas(3));
        // still being sent the data set: connected, not yet a copy
        assertFalse(ReplicationInfo.parse(PRIMARY_INFO.replace("port=17003,state=online", "port=17003,state=wait_bgsave"))
                .hasOnlineReplicas(2));
    }

    @Test
    void aReplicaIsLinkedOnlyOnceItsLinkIsUp() {
        ReplicationInfo syncing = ReplicationInfo.parse("role:slave\r\nmaster_port:17001\r\nmaster_link_status:down\r\n");
        assertFalse(syncing.isPrimary());
        assertFalse(syncing.linkUp());
        ReplicationInfo linked = ReplicationInfo.parse("role:slave\r\nmaster_link_status:up\r\nslave_repl_offset:805\r\n");
        assertTrue(linked.linkUp());
        assertEquals(805, linked.offset());
    }

    @Test
    void theSentinelSeesTheGroupOnceItKnowsEveryReplicaLinked() {
        Map<String, String> master = Map.of("flags", "master", "num-slaves", "2");
        Map<String, String> linked = Map.of("flags", "slave", "master-link-status", "ok");
        assertTrue(new SentinelView(master, List.of(linked, linked)).seesGroup(2));
        assertFalse(new SentinelView(Map.of("flags", "master", "num-slaves", "1"), List.of(linked)).seesGroup(2));
        assertFalse(new SentinelView(master, List.of(linked, Map.of("flags", "slave,disconnected",
                "master-link-status", "ok"))).seesGroup(2));
        assertFalse(new SentinelView(Map.of("flags", "master,s_down", "num-slaves", "2"), List.of(linked, linked))
                .seesGroup(2));
    }
}

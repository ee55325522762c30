package io.brokerbench.localbroker.redis;

import java.util.List;
import java.util.Map;
import redis.clients.jedis.Jedis;

/**
 * What the sentinel knows of the group it monitors: {@code SENTINEL MASTER} (the primary's address,
 * {@code flags}, {@code num-slaves}, {@code quorum} ...) and {@code SENTINEL REPLICAS}, one map per
 * replica it has found ({@code ip}, {@code port}, {@code flags}, {@code master-link-status} ...).
 */
record SentinelView(Map<String, String> master, List<Map<String, String>> replicas) {

    /** The view of the sentinel on {@code connection}, of the primary it monitors as {@code masterName}. */
    static SentinelView of(Jedis connection, String masterName) {
        return new SentinelView(connection.sentinelMaster(masterName), connection.sentinelReplicas(masterName));
    }

    /**
     * Whether it sees the primary up and exactly {@code replicas} replicas, each up and linked to it:
     * the sentinel finds replicas in the primary's INFO, which it reads every 10 s, so this may lag
     * behind the servers' own view.
     */
    boolean seesGroup(int replicas) {
        return "master".equals(master.get("flags"))
                && Integer.toString(replicas).equals(master.get("num-slaves"))
                && this.replicas.size() == replicas
                && this.replicas.stream().allMatch(replica -> "slave".equals(replica.get("flags"))
                        && "ok".equals(replica.get("master-link-status")));
    }
}

package io.brokerbench.localbroker.redis;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * A server's {@code INFO replication}, as fields: {@code role} ({@code master} or {@code slave}), a
 * replica's {@code master_link_status}, a primary's {@code connected_slaves} and one {@code slaveN}
 * line per connected replica ({@code ip=127.0.0.1,port=6380,state=online,offset=805,lag=0}).
 */
record ReplicationInfo(Map<String, String> fields) {

    private static final Pattern REPLICA_LINE = Pattern.compile("slave\\d+");

    static ReplicationInfo parse(String info) {
        Map<String, String> fields = new LinkedHashMap<>();
        for (String line : info.split("\r?\n")) {
            int colon = line.indexOf(':');
            if (colon > 0 && !line.startsWith("#")) {
                fields.put(line.substring(0, colon), line.substring(colon + 1).strip());
            }
        }
        return new ReplicationInfo(fields);
    }

    boolean isPrimary() {
        return "master".equals(fields.get("role"));
    }

    /** A replica's: whether its link to the primary is up (it has synced and follows the stream of writes). */
    boolean linkUp() {
        return "up".equals(fields.get("master_link_status"));
    }

    /** A primary's replicas as it lists them, each line's {@code key=value} pairs, in its order. */
    List<Map<String, String>> replicas() {
        List<Map<String, String>> replicas = new ArrayList<>();
        fields.forEach((key, value) -> {
            if (REPLICA_LINE.matcher(key).matches()) {
                Map<String, String> replica = new LinkedHashMap<>();
                for (String pair : value.split(",")) {
                    int equals = pair.indexOf('=');
                    if (equals > 0) {
                        replica.put(pair.substring(0, equals), pair.substring(equals + 1));
                    }
                }
                replicas.add(replica);
            }
        });
        return replicas;
    }

    /** A primary's: whether it counts exactly {@code replicas} connected, each of them online (done syncing). */
    boolean hasOnlineReplicas(int replicas) {
        return isPrimary() && Integer.toString(replicas).equals(fields.get("connected_slaves"))
                && replicas().stream().allMatch(replica -> "online".equals(replica.get("state")));
    }

    /** The replication offset: a primary's bytes of writes so far, a replica's bytes of them applied. */
    long offset() {
        return Long.parseLong(fields.getOrDefault(isPrimary() ? "master_repl_offset" : "slave_repl_offset", "-1"));
    }
}

package io.brokerbench.workload;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.brokerbench.yaml.FieldException;
import io.brokerbench.yaml.Range;
import java.util.Locale;

/**
 * One entry of a workload's {@code faults}: at second {@code atSeconds} of the measured phase, an
 * action on one node of the local cluster the run started, or a command of the user's for a cluster
 * the harness did not start (docs/faults.md, "Faults in a workload").
 *
 * @param atSeconds when, in seconds from the start of the measured phase
 * @param action what happens to the node; {@code command}: run {@code command}
 * @param target which node: {@code leader} or {@code follower} of a topic's partition (the run's topic
 *     {@code topic}, partition {@code partition}), {@code controller} (the node leading the cluster's
 *     metadata), {@code random} (one of the nodes, drawn with the workload's {@code faultSeed}), or a
 *     node's name ({@code kafka-2}); for a {@code command}, a free label naming what it hits (default
 *     {@code command})
 * @param seconds {@code pause}: how long the node stays frozen; {@code restart}: how long it stays down
 *     before it starts again (default 0); {@code isolate}, {@code delay}, {@code loss}: how long until the
 *     network is healed; {@code command}: when {@code undo} runs, counted from the command's start
 * @param topic which of the run's topics a leader or follower target refers to, from 0 (default 0)
 * @param partition which partition of it (default 0)
 * @param clients {@code isolate}: cut the node from the clients too, not only from the other nodes (default false)
 * @param millis {@code delay}: how long each packet the node sends is held
 * @param percent {@code loss}: the share of the packets the node sends that are dropped
 * @param command {@code command} only: a shell command (bash -c) the coordinator runs at the fault's time
 * @param undo {@code command} only: a shell command that heals what {@code command} did, {@code seconds} later
 *     (also when the run ends first, so that a user's cluster is not left broken)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record FaultSpec(
        @JsonProperty(required = true) @Range(min = 0) double atSeconds,
        @JsonProperty(required = true) Action action,
        String target,
        @Range(min = 0) Integer seconds,
        @Range(min = 0) Integer topic,
        @Range(min = 0) Integer partition,
        Boolean clients,
        @Range(min = 1) Integer millis,
        @Range(min = 1, max = 100) Integer percent,
        String command,
        String undo) {

    /** What a fault does to its node. */
    public enum Action {
        /** SIGKILL: the node crashes and stays down. */
        @JsonProperty("kill") KILL,
        /** SIGTERM: the node shuts down cleanly and stays down. */
        @JsonProperty("stop") STOP,
        /** SIGSTOP for {@code seconds}, then SIGCONT. */
        @JsonProperty("pause") PAUSE,
        /** A clean stop, {@code seconds} down, then the node starts again with its data. */
        @JsonProperty("restart") RESTART,
        /** The node's traffic with the other nodes (and with {@code clients}, the clients') dropped for {@code seconds}. */
        @JsonProperty("isolate") ISOLATE,
        /** Each packet the node sends held {@code millis} for {@code seconds}. */
        @JsonProperty("delay") DELAY,
        /** {@code percent} of the packets the node sends dropped for {@code seconds}. */
        @JsonProperty("loss") LOSS,
        /** The user's {@code command}, and {@code seconds} later its {@code undo}: for clusters the harness did not start. */
        @JsonProperty("command") COMMAND;

        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }

        /** Whether it acts on the node's network (which needs the nodes in network namespaces), not its process. */
        public boolean onNetwork() {
            return this == ISOLATE || this == DELAY || this == LOSS;
        }
    }

    /** The roles a target may name instead of a node. */
    public static final String LEADER = "leader";
    public static final String FOLLOWER = "follower";
    public static final String CONTROLLER = "controller";
    public static final String RANDOM = "random";

    /** The label of a command fault that names no target. */
    public static final String COMMAND_TARGET = "command";

    public FaultSpec {
        if (action == Action.COMMAND) {
            target = checkCommand(target, seconds, topic, partition, command, undo);
        } else if (command != null || undo != null) {
            throw new FieldException(command != null ? "command" : "undo", command != null ? command : undo,
                    "only a fault with 'action: command' runs a command, not a " + action.label());
        }
        if (target == null || target.isBlank()) {
            throw new FieldException("target", target == null ? "(missing)" : target,
                    "must not be empty: leader, follower, controller, random or a node's name");
        }
        target = target.strip();
        if (action == Action.PAUSE && seconds == null) {
            throw new FieldException("seconds", "(missing)", "a pause needs 'seconds': how long the node stays frozen");
        }
        if (action == Action.PAUSE && seconds == 0) {
            throw new FieldException("seconds", 0, "a pause of 0 s does nothing");
        }
        if ((action == Action.KILL || action == Action.STOP) && seconds != null) {
            throw new FieldException("seconds", seconds, "a " + action.label() + " lasts to the end of the run; for a node"
                    + " that comes back use 'restart' (or 'pause')");
        }
        checkNetwork(action, seconds, clients, millis, percent);
        boolean partitionRole = action != Action.COMMAND && (target.equals(LEADER) || target.equals(FOLLOWER));
        if (!partitionRole && (topic != null || partition != null)) {
            throw new FieldException(topic != null ? "topic" : "partition", topic != null ? topic : partition,
                    "only a 'leader' or 'follower' target refers to a topic's partition, not '" + target + "'");
        }
        if (partitionRole) {
            topic = topic == null ? 0 : topic;
            partition = partition == null ? 0 : partition;
        }
    }

    /** A command fault's fields checked; returns its label. */
    private static String checkCommand(String target, Integer seconds, Integer topic, Integer partition, String command,
            String undo) {
        if (command == null || command.isBlank()) {
            throw new FieldException("command", command == null ? "(missing)" : command,
                    "'action: command' needs the shell command to run at the fault's time");
        }
        if (undo != null && undo.isBlank()) {
            throw new FieldException("undo", undo, "must not be empty: leave it out if nothing heals the fault");
        }
        if (undo != null && seconds == null) {
            throw new FieldException("seconds", "(missing)", "an 'undo' needs 'seconds': when it runs after the command");
        }
        if (undo == null && seconds != null) {
            throw new FieldException("seconds", seconds, "says when 'undo' runs, and this command has none");
        }
        if (topic != null || partition != null) {
            throw new FieldException(topic != null ? "topic" : "partition", topic != null ? topic : partition,
                    "a command fault finds its own target; the harness does not resolve a partition for it");
        }
        return target == null ? COMMAND_TARGET : target;
    }

    /** A network fault lasts its seconds and says by how much; the other actions take none of its keys. */
    private static void checkNetwork(Action action, Integer seconds, Boolean clients, Integer millis, Integer percent) {
        if (action.onNetwork() && (seconds == null || seconds == 0)) {
            throw new FieldException("seconds", seconds == null ? "(missing)" : seconds, "a network fault needs 'seconds'"
                    + " (at least 1): how long until the network is healed");
        }
        if (clients != null && action != Action.ISOLATE) {
            throw new FieldException("clients", clients, "only an 'isolate' cuts a node from the clients, not '"
                    + action.label() + "'");
        }
        if ((millis != null) != (action == Action.DELAY)) {
            throw new FieldException("millis", millis == null ? "(missing)" : millis, action == Action.DELAY
                    ? "a delay needs 'millis': how long each packet is held" : "only a 'delay' holds packets, not '"
                            + action.label() + "'");
        }
        if ((percent != null) != (action == Action.LOSS)) {
            throw new FieldException("percent", percent == null ? "(missing)" : percent, action == Action.LOSS
                    ? "a loss needs 'percent': the share of packets dropped, 1 to 100" : "only a 'loss' drops packets, not '"
                            + action.label() + "'");
        }
    }

    /** Whether the harness acts on a node of its own local broker (every action but {@code command}). */
    public boolean onLocalNode() {
        return action != Action.COMMAND;
    }

    /** How long the node is out: the pause, or the restart's downtime; 0 for a kill or stop (to the end). */
    public int outSeconds() {
        return seconds == null ? 0 : seconds;
    }

    /** "kill leader of topic 0 partition 0 at 30 s", for messages. */
    public String describe() {
        StringBuilder text = new StringBuilder(action.label()).append(' ').append(target);
        if (topic != null) {
            text.append(" of topic ").append(topic).append(" partition ").append(partition);
        }
        text.append(String.format(Locale.ROOT, " at %s s", plain(atSeconds)));
        if (millis != null) {
            text.append(" by ").append(millis).append(" ms");
        }
        if (percent != null) {
            text.append(" of ").append(percent).append(" %");
        }
        if (Boolean.TRUE.equals(clients)) {
            text.append(" from the clients too");
        }
        if (seconds != null && seconds > 0) {
            text.append(action == Action.RESTART ? " down for " : action == Action.COMMAND ? ", undone after " : " for ")
                    .append(seconds).append(" s");
        }
        return text.toString();
    }

    private static String plain(double value) {
        return value == Math.rint(value) ? Long.toString((long) value) : Double.toString(value);
    }
}

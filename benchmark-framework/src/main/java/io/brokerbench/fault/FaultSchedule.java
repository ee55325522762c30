package io.brokerbench.fault;

import io.brokerbench.driver.support.OneLine;
import io.brokerbench.lifecycle.AllAtOnce;
import io.brokerbench.localbroker.BrokerNode;
import io.brokerbench.localbroker.LocalBroker;
import io.brokerbench.localbroker.NodeFault;
import io.brokerbench.localbroker.NodeNamespaces;
import io.brokerbench.workload.FaultSpec;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Queue;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.LongSupplier;

/**
 * Puts a workload's faults on the nodes of the local cluster the run started, each at its second of
 * the measured phase, on a thread of its own (a kill waits for the process to end, a pause lasts its
 * seconds): finds the node its target names as the broker reports it at that moment, acts, and then
 * watches the partition's leadership move. What it says goes to a queue the run's meter thread
 * drains ({@link #drainNotes}), so that the console and the result's events keep one writer.
 */
public final class FaultSchedule {

    /** How often leadership is asked after a fault, and for how long at most. */
    private static final long POLL_MILLIS = 250;
    private static final long WATCH_LEADER_MILLIS = 30_000;

    /** One line for the console and the result's events, at a time on the run's clock. */
    public record Note(long nanoTime, String text) {
    }

    private final LocalBroker broker;
    private final long seed;
    private final Random random;
    private final LongSupplier clock;
    private final List<AppliedFault> faults = new ArrayList<>();
    private final Queue<Note> notes = new ConcurrentLinkedQueue<>();
    /** How to undo each network fault in force, by fault index: healed at its end, or when the run stops first. */
    private final Map<Integer, NodeNamespaces.Healing> healings = new ConcurrentHashMap<>();
    private volatile List<String> topics = List.of();
    private Thread thread;

    /**
     * @param seed draws {@code random} targets; recorded with the result so the same nodes can be hit again
     * @param clock the run's clock, in nanoseconds
     */
    public FaultSchedule(List<FaultSpec> specs, LocalBroker broker, long seed, LongSupplier clock) {
        this.broker = broker;
        this.seed = seed;
        this.random = new Random(seed);
        this.clock = clock;
        for (int i = 0; i < specs.size(); i++) {
            faults.add(new AppliedFault(i + 1, specs.get(i)));
        }
    }

    /** The run's topics, by the names the driver created them under: a leader or follower target names one by index. */
    public void topicsCreated(List<String> names) {
        topics = List.copyOf(names);
    }

    /** Starts the schedule: each fault at its second counted from {@code measureStartNanos}, each on its own thread. */
    public synchronized void start(long measureStartNanos) {
        thread = new Thread(() -> run(measureStartNanos), "brokerbench-faults");
        thread.setDaemon(true);
        thread.start();
    }

    /**
     * Ends the schedule (the measured phase is over, or the run stopped): a fault not reached is
     * recorded as such, a node paused by it runs on again and a network fault in force is healed.
     */
    public synchronized void stop() throws InterruptedException {
        if (thread != null) {
            thread.interrupt();
            thread.join();
            thread = null;
        }
        for (AppliedFault fault : faults) {
            if (!fault.applied() && fault.notAppliedReason() == null) {
                fault.notApplied("the measured phase ended first");
            }
        }
    }

    public List<AppliedFault> faults() {
        return List.copyOf(faults);
    }

    public long seed() {
        return seed;
    }

    /** What the schedule has said since the last call, in order. */
    public List<Note> drainNotes() {
        List<Note> drained = new ArrayList<>();
        for (Note note = notes.poll(); note != null; note = notes.poll()) {
            drained.add(note);
        }
        return drained;
    }

    /**
     * Each fault on a thread of its own, started at its time: a fault lasts (a pause its seconds, a
     * leader watch up to 30 s), and the next must not wait for it.
     */
    private void run(long measureStartNanos) {
        List<Thread> started = new ArrayList<>();
        try {
            for (AppliedFault fault : faults) {
                sleepUntil(measureStartNanos + (long) (fault.spec().atSeconds() * 1e9));
                Thread one = new Thread(() -> applyOne(fault), "brokerbench-fault-" + fault.index());
                one.setDaemon(true);
                one.start();
                started.add(one);
            }
            for (Thread one : started) {
                one.join();
            }
        } catch (InterruptedException e) {
            started.forEach(Thread::interrupt);
            started.forEach(AllAtOnce::joinUninterruptibly);
        }
    }

    private void applyOne(AppliedFault fault) {
        try {
            apply(fault);
        } catch (InterruptedException e) {
            undoIfInForce(fault);
            undoIfPending(fault);
        } catch (IOException | RuntimeException e) {
            if (!fault.applied()) {
                fault.notApplied(OneLine.of(e));
            }
            say("fault " + fault.index() + " (" + fault.spec().describe() + ") failed: " + OneLine.of(e));
        }
    }

    private void apply(AppliedFault fault) throws IOException, InterruptedException {
        FaultSpec spec = fault.spec();
        if (!spec.onLocalNode()) {
            applyCommand(fault);
            return;
        }
        String topic = spec.topic() == null ? firstTopic() : topics.get(spec.topic());
        int partition = spec.partition() == null ? 0 : spec.partition();
        Optional<String> leader = topic == null ? Optional.empty() : broker.leaderOf(topic, partition);
        Target target = resolve(spec, topic, partition, leader);
        if (target == null) {
            return;
        }
        long started = clock.getAsLong();
        fault.hit(target.node(), target.role(), leader.orElse(null), started);
        say(String.format("fault %d: %s %s (%s)", fault.index(), spec.action().label(), target.node(), target.role()));
        switch (spec.action()) {
            case KILL -> broker.fault(target.node(), NodeFault.KILL);
            case STOP -> broker.fault(target.node(), NodeFault.STOP);
            case PAUSE -> broker.fault(target.node(), NodeFault.PAUSE);
            case RESTART -> broker.fault(target.node(), NodeFault.STOP);
            case ISOLATE -> healings.put(fault.index(), namespaces().isolate(target.node(), Boolean.TRUE.equals(spec.clients())));
            case DELAY -> healings.put(fault.index(), namespaces().delay(target.node(), spec.millis()));
            case LOSS -> healings.put(fault.index(), namespaces().loss(target.node(), spec.percent()));
        }
        broker.exitStatus(target.node()).ifPresent(status ->
                say(String.format("fault %d: %s %s", fault.index(), target.node(), status)));
        // down (or frozen) for its seconds from when the action took effect: a clean stop takes a while
        long out = clock.getAsLong() + spec.outSeconds() * 1_000_000_000L;
        boolean done = spec.action() == FaultSpec.Action.KILL || spec.action() == FaultSpec.Action.STOP;
        boolean watchLeader = topic != null && leader.isPresent() && leader.get().equals(target.node());
        long watchUntil = started + WATCH_LEADER_MILLIS * 1_000_000L;
        LeaderAsk asking = null;
        while (!done || (watchLeader && fault.leaderMovedNanos() == 0 && clock.getAsLong() < watchUntil)) {
            if (!done && clock.getAsLong() >= out) {
                if (spec.action().onNetwork()) {
                    healings.remove(fault.index()).heal();
                } else {
                    broker.fault(target.node(), spec.action() == FaultSpec.Action.PAUSE ? NodeFault.RESUME : NodeFault.START);
                }
                fault.ended(clock.getAsLong());
                say(String.format("fault %d: %s %s after %.1f s", fault.index(), target.node(), switch (spec.action()) {
                    case PAUSE -> "resumed";
                    case ISOLATE, DELAY, LOSS -> "healed";
                    default -> "started again";
                }, seconds(clock.getAsLong() - started)));
                done = true;
                continue;
            }
            if (watchLeader && fault.leaderMovedNanos() == 0) {
                if (asking == null) {
                    asking = LeaderAsk.start(broker, topic, partition, clock);
                } else if (asking.answered()) {
                    Optional<String> now = asking.leader();
                    if (now.isPresent() && !now.get().equals(target.node())) {
                        fault.leaderMoved(now.get(), asking.answeredNanos());
                        say(String.format("fault %d: partition %d of %s led by %s, %.1f s after the fault", fault.index(),
                                partition, topic, now.get(), seconds(fault.leaderMovedNanos() - started)));
                    }
                    asking = null;
                }
            }
            Thread.sleep(POLL_MILLIS);
        }
        if (watchLeader && fault.leaderMovedNanos() == 0) {
            String now = broker.leaderOf(topic, partition).orElse(null);
            fault.leaderStayed(now);
            say(String.format("fault %d: partition %d of %s still led by %s %.0f s after the fault", fault.index(), partition,
                    topic, now == null ? "no node" : now, seconds(clock.getAsLong() - started)));
        }
    }

    /**
     * The user's command, then, {@code seconds} after it started, its undo. A command that fails is a
     * fault not applied, with how it ended; the undo runs once the command succeeded, also when the run
     * ends first ({@link #undoIfPending}), so that a user's cluster is not left broken.
     */
    private void applyCommand(AppliedFault fault) throws IOException, InterruptedException {
        FaultSpec spec = fault.spec();
        long started = clock.getAsLong();
        say(String.format("fault %d: command %s: %s", fault.index(), spec.target(), spec.command()));
        FaultCommand.Outcome ran = FaultCommand.run(spec.command(), commandEnvironment(fault));
        if (!ran.succeeded()) {
            fault.notApplied("command " + ran.describe());
            say(String.format("fault %d: command %s", fault.index(), ran.describe()));
            return;
        }
        fault.hit(spec.target(), FaultSpec.COMMAND_TARGET, null, started);
        if (spec.undo() == null) {
            return;
        }
        sleepUntil(started + spec.outSeconds() * 1_000_000_000L);
        undo(fault);
    }

    private void undo(AppliedFault fault) throws IOException, InterruptedException {
        FaultCommand.Outcome undone = FaultCommand.run(fault.spec().undo(), commandEnvironment(fault));
        fault.ended(clock.getAsLong());
        say(String.format("fault %d: undo %s after %.1f s%s", fault.index(), undone.succeeded() ? "ran" : "failed",
                seconds(fault.endedNanos() - fault.startedNanos()), undone.succeeded() ? "" : ": " + undone.describe()));
        if (!undone.succeeded()) {
            fault.undoFailed(undone.describe());
        }
    }

    /** What a fault's command can use to find its target: the run's topics as the driver named them, and which fault it is. */
    private Map<String, String> commandEnvironment(AppliedFault fault) {
        return Map.of("BROKERBENCH_TOPICS", String.join(" ", topics), "BROKERBENCH_FAULT", Integer.toString(fault.index()));
    }

    /** A command fault's undo still owed when the run ended first: run now, uninterrupted, as the user's cluster needs it. */
    private void undoIfPending(AppliedFault fault) {
        if (fault.applied() && fault.spec().undo() != null && fault.endedNanos() == 0) {
            try {
                undo(fault);
            } catch (IOException | RuntimeException e) {
                fault.undoFailed(OneLine.of(e));
                say("fault " + fault.index() + ": undo failed: " + OneLine.of(e));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** The node a target names now, with what it is; null (and said why) when the broker names none. */
    private Target resolve(FaultSpec spec, String topic, int partition, Optional<String> leader) {
        String where = "partition " + partition + " of " + topic;
        List<String> nodes = broker.nodes().stream().map(BrokerNode::name).toList();
        return switch (spec.target()) {
            case FaultSpec.LEADER -> leader.map(node -> new Target(node, "leader of " + where))
                    .orElseGet(() -> skip(spec, "the broker reported no leader of " + where));
            case FaultSpec.FOLLOWER -> {
                List<String> followers = new ArrayList<>(broker.replicasOf(topic, partition));
                leader.ifPresent(followers::remove);
                yield followers.isEmpty() ? skip(spec, "the broker reported no follower of " + where)
                        : new Target(followers.get(random.nextInt(followers.size())), "follower of " + where);
            }
            case FaultSpec.CONTROLLER -> broker.controller().map(node -> new Target(node, "controller"))
                    .orElseGet(() -> skip(spec, "the broker reported no controller"));
            case FaultSpec.RANDOM -> new Target(nodes.get(random.nextInt(nodes.size())), "drawn with faultSeed " + seed);
            default -> new Target(spec.target(), leader.filter(spec.target()::equals).isPresent() ? "named; leader of " + where
                    : "named");
        };
    }

    private Target skip(FaultSpec spec, String why) {
        AppliedFault fault = faults.stream().filter(f -> f.spec() == spec).findFirst().orElseThrow();
        fault.notApplied(why);
        say("fault " + fault.index() + " (" + spec.describe() + ") not applied: " + why);
        return null;
    }

    private String firstTopic() {
        List<String> names = topics;
        return names.isEmpty() ? null : names.get(0);
    }

    /**
     * A pause cut short by the run's end must not leave its node frozen through the broker's shutdown,
     * nor a network fault leave its node cut off for the next run of the same cluster.
     */
    private void undoIfInForce(AppliedFault fault) {
        NodeNamespaces.Healing healing = healings.remove(fault.index());
        try {
            if (healing != null) {
                healing.heal();
            } else if (fault.applied() && fault.spec().action() == FaultSpec.Action.PAUSE && fault.endedNanos() == 0) {
                broker.fault(fault.node(), NodeFault.RESUME);
            }
        } catch (IOException | InterruptedException | RuntimeException e) {
            // a paused node: the broker's close sends SIGCONT before SIGTERM all the same; a network fault:
            // its rules live in the node's namespace, which the broker's close removes
            say("fault " + fault.index() + " (" + fault.spec().describe() + ") could not be undone: " + OneLine.of(e));
        }
    }

    /** The namespaces the nodes run in: FaultPlan refused a network fault on a cluster without. */
    private NodeNamespaces namespaces() {
        return broker.namespaces().orElseThrow(() -> new IllegalStateException("the nodes run in no network namespaces"));
    }

    private void sleepUntil(long nanos) throws InterruptedException {
        long wait = nanos - clock.getAsLong();
        if (wait > 0) {
            Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
        }
    }

    private void say(String text) {
        notes.add(new Note(clock.getAsLong(), text));
    }

    private static double seconds(long nanos) {
        return nanos / 1e9;
    }

    /** A node and what it was when the fault hit it. */
    private record Target(String node, String role) {
    }
}

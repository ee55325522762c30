package io.brokerbench.localbroker;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The network namespaces a local cluster's nodes run in (a driver file's {@code localBrokerNetwork:
 * namespaces}), so that a run's network faults can cut a node apart or degrade its traffic without
 * touching any other traffic of the machine. Each node gets a namespace of its own with one veth pair
 * to a bridge in this JVM's namespace; the bridge holds {@code 10.250.S.1}, node n {@code 10.250.S.(10+n)},
 * on a /24 no route of this machine uses yet (S drawn). The clients reach the nodes through the bridge;
 * no route leads out of the subnet, so nothing a node sends leaves this machine.
 *
 * <p>Everything made here carries a tag drawn for this cluster ({@code brokerbench-TAG-kafka-1},
 * {@code bbnTAGbr}, {@code bbnTAGh1}), is told to a {@link NamespaceJanitor} as soon as it exists, and
 * {@link #close} removes exactly that: the janitor removes it too when this JVM is killed before.
 * Needs root (CAP_NET_ADMIN); {@code nft} comes from Debian's nftables on first use.
 */
public final class NodeNamespaces implements AutoCloseable {

    private static final long COMMAND_SECONDS = 30;
    private static final String TAG_LETTERS = "abcdefghijklmnopqrstuvwxyz0123456789";

    private final String tag;
    private final String bridge;
    private final String subnet;
    private final Path ip;
    /** Node name to its index from 1, in node order. */
    private final Map<String, Integer> nodes = new LinkedHashMap<>();
    private final NamespaceJanitor janitor;
    private final List<String> namespaces = new ArrayList<>();
    /** Links made in this namespace, the bridge last: a veth pair goes with its namespace once its node's end is there. */
    private final List<String> links = new ArrayList<>();
    private final AtomicInteger rules = new AtomicInteger();

    private NodeNamespaces(String tag, String subnet, Path ip, NamespaceJanitor janitor) {
        this.tag = tag;
        this.bridge = "bbn" + tag + "br";
        this.subnet = subnet;
        this.ip = ip;
        this.janitor = janitor;
    }

    /** A namespace for each of {@code nodes} (names in node order), joined by a bridge in this namespace. */
    public static NodeNamespaces create(List<String> nodes) throws IOException, InterruptedException {
        Path ip = DebianPackage.executable("ip", "iproute2");
        NodeNamespaces created = new NodeNamespaces(newTag(), freeSubnet(ip), ip, NamespaceJanitor.start(ip));
        try {
            created.make(nodes);
        } catch (IOException | InterruptedException | RuntimeException e) {
            created.close();
            throw e;
        }
        return created;
    }

    /**
     * The broker {@code start} starts with its nodes in namespaces made for {@code nodes}: should the start
     * fail, the namespaces are removed again; once it has started, the broker removes them when it closes.
     */
    public static LocalBroker startIn(List<String> nodes, Start start) throws IOException, InterruptedException {
        NodeNamespaces namespaces = create(nodes);
        try {
            return start.in(namespaces);
        } catch (IOException | InterruptedException | RuntimeException e) {
            namespaces.close();
            throw e;
        }
    }

    /** How a launcher starts its nodes in given namespaces. */
    @FunctionalInterface
    public interface Start {
        LocalBroker in(NodeNamespaces namespaces) throws IOException, InterruptedException;
    }

    private void make(List<String> names) throws IOException, InterruptedException {
        run(List.of(ip.toString(), "link", "add", bridge, "type", "bridge"));
        links.add(bridge);
        janitor.owns(NamespaceJanitor.Kind.LINK, bridge);
        run(List.of(ip.toString(), "addr", "add", subnet + "1/24", "dev", bridge));
        run(List.of(ip.toString(), "link", "set", bridge, "up"));
        for (String name : names) {
            int n = nodes.size() + 1;
            nodes.put(name, n);
            String namespace = "brokerbench-" + tag + "-" + name;
            run(List.of(ip.toString(), "netns", "add", namespace));
            namespaces.add(namespace);
            janitor.owns(NamespaceJanitor.Kind.NETNS, namespace);
            String hostLink = "bbn" + tag + "h" + n;
            run(List.of(ip.toString(), "link", "add", hostLink, "type", "veth", "peer", "name", interfaceOf(name)));
            links.add(0, hostLink);
            janitor.owns(NamespaceJanitor.Kind.LINK, hostLink);
            run(List.of(ip.toString(), "link", "set", interfaceOf(name), "netns", namespace));
            run(List.of(ip.toString(), "link", "set", hostLink, "master", bridge));
            run(List.of(ip.toString(), "link", "set", hostLink, "up"));
            inside(namespace, ip.toString(), "addr", "add", address(name) + "/24", "dev", interfaceOf(name));
            inside(namespace, ip.toString(), "link", "set", interfaceOf(name), "up");
            inside(namespace, ip.toString(), "link", "set", "lo", "up");
        }
    }

    /** The address {@code node} listens on, reachable from this namespace and from the other nodes. */
    public String address(String node) {
        return subnet + (10 + index(node));
    }

    /**
     * The node's network interface inside its namespace (its end of the veth pair), for a server that binds
     * to an interface by name rather than to an address.
     */
    public String interfaceOf(String node) {
        return "bbn" + tag + "n" + index(node);
    }

    /** The subnet, for the result ("10.250.7.0/24"). */
    public String subnet() {
        return subnet + "0/24";
    }

    /** {@code command} run inside {@code node}'s namespace: {@code ip netns exec} execs it in place (same pid). */
    public List<String> command(String node, List<String> command) {
        List<String> wrapped = new ArrayList<>(List.of(ip.toString(), "netns", "exec", namespace(node)));
        wrapped.addAll(command);
        return wrapped;
    }

    /**
     * Drops every packet between {@code node} and the other nodes, and with {@code clients} also between
     * it and this namespace (where the clients run), until the returned healing is applied. Dropped in
     * the node's namespace (nftables, input and output): the node's sockets stay open and see silence,
     * as behind a broken switch, not an error.
     */
    public Healing isolate(String node, boolean clients) throws IOException, InterruptedException {
        List<String> peers = new ArrayList<>();
        nodes.keySet().stream().filter(other -> !other.equals(node)).forEach(other -> peers.add(address(other)));
        if (clients) {
            peers.add(subnet + "1");
        }
        String set = "{ " + String.join(", ", peers) + " }";
        return table(node, "isolate", String.join("\n",
                " chain input {",
                "  type filter hook input priority 0; policy accept;",
                "  ip saddr " + set + " drop",
                " }",
                " chain output {",
                "  type filter hook output priority 0; policy accept;",
                "  ip daddr " + set + " drop",
                " }"));
    }

    /** Drops {@code percent} of the packets {@code node} sends, drawn at random per packet (nftables numgen). */
    public Healing loss(String node, int percent) throws IOException, InterruptedException {
        return table(node, "loss", String.join("\n",
                " chain output {",
                "  type filter hook output priority 0; policy accept;",
                // numgen's 0-99 cannot be compared with 100: all of it is every packet
                percent >= 100 ? "  drop" : "  numgen random mod 100 < " + percent + " drop",
                " }"));
    }

    /**
     * Holds every packet {@code node} sends for {@code millis} (the kernel's netem queueing discipline on
     * its end of the veth pair). Fails with tc's own words on a kernel built without netem.
     */
    public Healing delay(String node, int millis) throws IOException, InterruptedException {
        String tc = DebianPackage.executable("tc", "iproute2").toString();
        String namespace = namespace(node);
        inside(namespace, tc, "qdisc", "add", "dev", interfaceOf(node), "root", "netem", "delay", millis + "ms");
        return () -> inside(namespace, tc, "qdisc", "del", "dev", interfaceOf(node), "root");
    }

    /**
     * Why {@link #delay} cannot work on this machine (a kernel without netem), asked before a run by
     * putting a delay of 0 ms on the first node and taking it off again; null when it can.
     */
    public String delayUnsupported() {
        try {
            delay(nodes.keySet().iterator().next(), 0).heal();
            return null;
        } catch (IOException e) {
            return "a delay needs the kernel's netem queueing discipline (CONFIG_NET_SCH_NETEM), which this machine"
                    + " refused: " + e.getMessage();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted while asking whether this kernel has netem";
        }
    }

    /** Undoes one network fault. */
    @FunctionalInterface
    public interface Healing {
        void heal() throws IOException, InterruptedException;
    }

    /** An nftables table of its own for one fault in {@code node}'s namespace; healing deletes that table. */
    private Healing table(String node, String kind, String chains) throws IOException, InterruptedException {
        String nft = DebianPackage.executable("nft", "nftables").toString();
        String namespace = namespace(node);
        String table = "brokerbench_" + kind + "_" + rules.incrementAndGet();
        run(command(node, List.of(nft, "-f", "-")), "table ip " + table + " {\n" + chains + "\n}\n");
        return () -> inside(namespace, nft, "delete", "table", "ip", table);
    }

    private int index(String node) {
        Integer n = nodes.get(node);
        if (n == null) {
            throw new IllegalArgumentException("no node '" + node + "' in these namespaces (nodes: "
                    + String.join(", ", nodes.keySet()) + ")");
        }
        return n;
    }

    /** The namespace {@code node} runs in. */
    String namespace(String node) {
        return namespaces.get(index(node) - 1);
    }

    /** The bridge in this namespace that joins the nodes. */
    String bridge() {
        return bridge;
    }

    private void inside(String namespace, String... command) throws IOException, InterruptedException {
        List<String> wrapped = new ArrayList<>(List.of(ip.toString(), "netns", "exec", namespace));
        wrapped.addAll(List.of(command));
        run(wrapped);
    }

    /**
     * Removes the namespaces (their veth pairs go with them), then the links still here (the bridge, and
     * a pair whose node end never reached its namespace): what this object made, nothing else.
     */
    @Override
    public void close() {
        List<String> failures = new ArrayList<>();
        for (String namespace : namespaces) {
            failIfNot(failures, List.of(ip.toString(), "netns", "del", namespace));
        }
        for (String link : links) {
            if (exists(link)) {
                List<String> failed = new ArrayList<>();
                failIfNot(failed, List.of(ip.toString(), "link", "del", link));
                // the kernel tears a deleted namespace's veth pairs down in the background: a pair that was
                // still here a moment ago may be gone by now, which is what was wanted
                if (!failed.isEmpty() && exists(link)) {
                    failures.addAll(failed);
                }
            }
        }
        if (failures.isEmpty()) {
            janitor.dismiss();
        } else {
            // what could not be removed now stays the janitor's: it tries again when this JVM ends
            throw new IllegalStateException("removing the cluster's network namespaces: " + String.join("; ", failures));
        }
    }

    private boolean exists(String link) {
        try {
            return execute(List.of(ip.toString(), "link", "show", link), null) == null;
        } catch (IOException e) {
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return true;
        }
    }

    private static void failIfNot(List<String> failures, List<String> command) {
        try {
            run(command);
        } catch (IOException e) {
            failures.add(e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            failures.add("interrupted: " + String.join(" ", command));
        }
    }

    private static String newTag() {
        SecureRandom random = new SecureRandom();
        StringBuilder tag = new StringBuilder();
        for (int i = 0; i < 5; i++) {
            tag.append(TAG_LETTERS.charAt(random.nextInt(TAG_LETTERS.length())));
        }
        return tag.toString();
    }

    /** "10.250.S." with S drawn among the /24s no address or route of this namespace uses. */
    private static String freeSubnet(Path ip) throws IOException, InterruptedException {
        String used = output(List.of(ip.toString(), "-4", "addr", "show")) + output(List.of(ip.toString(), "-4", "route", "show"));
        List<Integer> free = new ArrayList<>();
        for (int s = 1; s < 255; s++) {
            if (!used.contains("10.250." + s + ".")) {
                free.add(s);
            }
        }
        if (free.isEmpty() || used.contains("10.250.0.0/16") || used.contains("10.0.0.0/8")) {
            throw new IOException("no free /24 in 10.250.0.0/16 for the cluster's network namespaces");
        }
        return "10.250." + free.get(new SecureRandom().nextInt(free.size())) + ".";
    }

    private static void run(List<String> command) throws IOException, InterruptedException {
        run(command, null);
    }

    private static void run(List<String> command, String input) throws IOException, InterruptedException {
        String output = execute(command, input);
        if (output != null) {
            throw new IOException(String.join(" ", command) + " failed: " + output);
        }
    }

    private static String output(List<String> command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String text = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        process.waitFor();
        return text;
    }

    /** Runs {@code command}; null when it succeeded, else its output (or why it did not finish). */
    private static String execute(List<String> command, String input) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        try (OutputStream toProcess = process.getOutputStream()) {
            if (input != null) {
                toProcess.write(input.getBytes(StandardCharsets.UTF_8));
            }
        }
        byte[] output = process.getInputStream().readAllBytes();
        if (!process.waitFor(COMMAND_SECONDS, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            return "did not finish within " + COMMAND_SECONDS + " s";
        }
        if (process.exitValue() == 0) {
            return null;
        }
        String text = new String(output, StandardCharsets.UTF_8).strip();
        return text.isEmpty() ? "exit code " + process.exitValue() : String.join(" / ", text.lines().toList());
    }
}

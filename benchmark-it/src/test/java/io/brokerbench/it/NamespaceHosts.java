package io.brokerbench.it;

import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.awaitility.core.ConditionTimeoutException;

/**
 * Machines for deployment tests, made on this one: network namespaces joined by a bridge in the
 * test's namespace, each with its own address and its own sshd on port 22 (Debian's openssh-server)
 * that lets in the key pair made here. The hosts reach each other and this namespace, nothing else
 * (no route leaves the subnet). They share this machine's file system, so whatever is deployed on
 * them needs its own directory per host ({@link #root}).
 *
 * <p>Addresses: 10.252.S.1 for the bridge, 10.252.S.11, .12, ... for the hosts, with S taken from
 * the process id so that two runs at once do not meet (NetworkNamespaceIT uses 10.251.x.x).
 * {@link #close} ends every process in the namespaces, then removes them, the bridge and
 * /run/sshd if this class made it; the caller's directory holds everything else.
 */
final class NamespaceHosts implements AutoCloseable {

    private static final Path SSHD = Path.of("/usr/sbin/sshd");
    /** Debian's sshd refuses to start without its privilege separation directory. */
    private static final Path PRIVILEGE_SEPARATION_DIR = Path.of("/run/sshd");

    private final Path dir;
    private final String tag = "bbd" + ProcessHandle.current().pid() % 100_000;
    private final String subnet = "10.252." + (1 + ProcessHandle.current().pid() % 250) + ".";
    private final List<String> namespaces = new ArrayList<>();
    private final List<Process> sshds = new ArrayList<>();
    private boolean bridgeCreated;
    private boolean privilegeSeparationDirCreated;

    private NamespaceHosts(Path dir) {
        this.dir = dir;
    }

    /** {@code count} hosts, their keys and sshd configuration under {@code dir}. */
    static NamespaceHosts create(Path dir, int count) throws IOException, InterruptedException {
        NamespaceHosts hosts = new NamespaceHosts(dir);
        try {
            hosts.start(count);
        } catch (IOException | RuntimeException | Error e) {
            hosts.close();
            throw e;
        }
        return hosts;
    }

    private void start(int count) throws IOException, InterruptedException {
        if (!Files.isExecutable(SSHD)) {
            throw new IOException(SSHD + " is missing: install Debian's openssh-server (.ci/run does)");
        }
        Commands.check("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", "brokerbench-it", "-f", privateKey().toString());
        Files.copy(Path.of(privateKey() + ".pub"), dir.resolve("authorized_keys"));
        if (!Files.exists(PRIVILEGE_SEPARATION_DIR)) {
            Files.createDirectories(PRIVILEGE_SEPARATION_DIR);
            privilegeSeparationDirCreated = true;
        }
        String bridge = tag + "br";
        Commands.check("ip", "link", "add", bridge, "type", "bridge");
        bridgeCreated = true;
        Commands.check("ip", "addr", "add", subnet + "1/24", "dev", bridge);
        Commands.check("ip", "link", "set", bridge, "up");
        StringBuilder knownHosts = new StringBuilder();
        for (int n = 1; n <= count; n++) {
            addNamespace(n, bridge);
            knownHosts.append(address(n)).append(' ').append(startSshd(n)).append('\n');
        }
        Files.writeString(knownHosts(), knownHosts);
        for (int n = 1; n <= count; n++) {
            String address = address(n);
            await("sshd on " + address).atMost(Duration.ofSeconds(30)).until(() -> listens(address, 22));
        }
    }

    private void addNamespace(int n, String bridge) throws IOException, InterruptedException {
        String namespace = tag + "-" + n;
        String hostLink = tag + "h" + n;
        String namespaceLink = tag + "n" + n;
        Commands.check("ip", "netns", "add", namespace);
        namespaces.add(namespace);
        Commands.check("ip", "link", "add", hostLink, "type", "veth", "peer", "name", namespaceLink);
        Commands.check("ip", "link", "set", namespaceLink, "netns", namespace);
        Commands.check("ip", "link", "set", hostLink, "master", bridge);
        Commands.check("ip", "link", "set", hostLink, "up");
        Commands.check("ip", "netns", "exec", namespace, "ip", "addr", "add", address(n) + "/24", "dev", namespaceLink);
        Commands.check("ip", "netns", "exec", namespace, "ip", "link", "set", namespaceLink, "up");
        Commands.check("ip", "netns", "exec", namespace, "ip", "link", "set", "lo", "up");
    }

    /** Starts host n's sshd; returns its public host key ("type base64"). */
    private String startSshd(int n) throws IOException, InterruptedException {
        Path sshDir = Files.createDirectories(dir.resolve("sshd-" + n));
        Path hostKey = sshDir.resolve("ssh_host_ed25519_key");
        Commands.check("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", "", "-f", hostKey.toString());
        Path config = Files.writeString(sshDir.resolve("sshd_config"), String.join("\n",
                "ListenAddress " + address(n) + ":22",
                "HostKey " + hostKey,
                "PidFile none",
                "AuthorizedKeysFile " + dir.resolve("authorized_keys"),
                "PermitRootLogin prohibit-password",
                "PasswordAuthentication no",
                "KbdInteractiveAuthentication no",
                "UsePAM no",
                // the keys live in a test directory, not in a home directory sshd would check
                "StrictModes no",
                "Subsystem sftp internal-sftp",
                ""));
        Process sshd = new ProcessBuilder("ip", "netns", "exec", namespaces.get(n - 1), SSHD.toString(), "-D", "-e",
                "-f", config.toString())
                .redirectErrorStream(true)
                .redirectOutput(sshDir.resolve("sshd.log").toFile())
                .start();
        sshds.add(sshd);
        String[] publicKey = Files.readString(Path.of(hostKey + ".pub"), StandardCharsets.US_ASCII).strip().split("\\s+");
        return publicKey[0] + " " + publicKey[1];
    }

    private static boolean listens(String address, int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(address, port), 1000);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** Host n's address (n from 1). */
    String address(int n) {
        return subnet + (10 + n);
    }

    /** The client key every host's sshd accepts (for root). */
    Path privateKey() {
        return dir.resolve("id_ed25519");
    }

    /** known_hosts with every host's key. */
    Path knownHosts() {
        return dir.resolve("known_hosts");
    }

    /** Options that make ssh check the hosts' keys strictly against {@link #knownHosts} and never prompt. */
    List<String> sshOptions() {
        return List.of("-o", "UserKnownHostsFile=" + knownHosts(), "-o", "StrictHostKeyChecking=yes",
                "-o", "IdentitiesOnly=yes", "-o", "BatchMode=yes");
    }

    /** Runs a shell command on host n as root over SSH; returns its exit code, output into {@code output}. */
    int ssh(int n, String command, Path output, Duration timeout) throws IOException, InterruptedException {
        List<String> ssh = new ArrayList<>(List.of("ssh", "-i", privateKey().toString()));
        ssh.addAll(sshOptions());
        ssh.addAll(List.of("root@" + address(n), command));
        Process process = new ProcessBuilder(ssh).redirectErrorStream(true).redirectOutput(output.toFile()).start();
        if (!process.waitFor(timeout.toSeconds(), TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("ssh to " + address(n) + " did not finish within " + timeout + ": " + command);
        }
        return process.exitValue();
    }

    /** Names of the processes in host n's namespace (sshd included). */
    List<String> processes(int n) throws IOException, InterruptedException {
        List<String> names = new ArrayList<>();
        for (long pid : pids(namespaces.get(n - 1))) {
            ProcessHandle.of(pid).flatMap(p -> p.info().command()).ifPresent(command -> names.add(Path.of(command).getFileName().toString()));
        }
        return names;
    }

    private static List<Long> pids(String namespace) throws IOException, InterruptedException {
        return Commands.output("ip", "netns", "pids", namespace).lines().filter(line -> !line.isBlank())
                .map(line -> Long.parseLong(line.strip())).toList();
    }

    /** Ends every process in the namespaces (TERM, then KILL after 20 s), removes the namespaces and the bridge. */
    @Override
    public void close() throws IOException, InterruptedException {
        for (String namespace : namespaces) {
            pids(namespace).forEach(pid -> ProcessHandle.of(pid).ifPresent(ProcessHandle::destroy));
        }
        try {
            await("processes in " + namespaces + " to end").atMost(Duration.ofSeconds(20)).until(this::processesEnded);
        } catch (ConditionTimeoutException e) {
            for (String namespace : namespaces) {
                pids(namespace).forEach(pid -> ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly));
            }
        }
        for (Process sshd : sshds) {
            sshd.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
        List<String> failures = new ArrayList<>();
        for (String namespace : namespaces) {
            addIfFailed(failures, Commands.failure("ip", "netns", "del", namespace)); // takes its veth pair along
        }
        if (bridgeCreated) {
            addIfFailed(failures, Commands.failure("ip", "link", "del", tag + "br"));
        }
        if (privilegeSeparationDirCreated) {
            Files.deleteIfExists(PRIVILEGE_SEPARATION_DIR);
        }
        if (!failures.isEmpty()) {
            throw new IOException("cleaning up network namespaces: " + failures);
        }
    }

    private boolean processesEnded() throws IOException, InterruptedException {
        for (String namespace : namespaces) {
            if (!pids(namespace).isEmpty()) {
                return false;
            }
        }
        return true;
    }

    private static void addIfFailed(List<String> failures, String failure) {
        if (failure != null) {
            failures.add(failure);
        }
    }
}

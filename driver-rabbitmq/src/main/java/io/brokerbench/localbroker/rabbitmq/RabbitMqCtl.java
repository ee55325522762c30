package io.brokerbench.localbroker.rabbitmq;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.brokerbench.driver.support.OneLine;
import io.brokerbench.localbroker.TetheredProcess;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Asks a node of a local RabbitMQ what it knows, with {@code rabbitmqctl} run with that node's environment
 * (its home with the cluster's Erlang cookie, the launcher's epmd): the management plugin, whose HTTP API
 * would say the same, stays off. The package's script itself, as its sbin wrapper would switch to the
 * rabbitmq user. Each call starts an Erlang VM of its own (about a second of CPU), so the cluster asks
 * once it is up, and once per run for its shape, not in a tight loop.
 */
final class RabbitMqCtl {

    private static final Path SCRIPT = Path.of("/usr/lib/rabbitmq/bin/rabbitmqctl");
    /** rabbitmqctl's own limit on a command (seconds): a paused node would otherwise keep it waiting. */
    private static final String TIMEOUT_SECONDS = "30";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Path runDir;
    private final int epmdPort;

    RabbitMqCtl(Path runDir, int epmdPort) {
        this.runDir = runDir;
        this.epmdPort = epmdPort;
    }

    /** {@code command}'s answer from {@code node} ({@code --formatter json}); fails naming the command and what it said. */
    JsonNode json(RabbitMqNode node, String... command) throws IOException, InterruptedException {
        List<String> args = new ArrayList<>(List.of(SCRIPT.toString(), "-n", node.erlangName(), "-q", "-t",
                TIMEOUT_SECONDS, "--formatter", "json"));
        args.addAll(List.of(command));
        ProcessBuilder builder = new ProcessBuilder(args)
                .directory(node.dir().toFile())
                .redirectErrorStream(true)
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        builder.environment().putAll(node.environment(runDir, epmdPort));
        // tethered: a coordinator killed while it asks must not leave the CLI's VM behind
        Process process = TetheredProcess.start(builder);
        String said = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        int exit = process.waitFor();
        String what = "rabbitmqctl " + String.join(" ", command) + " against " + node.name();
        if (exit != 0) {
            throw new IOException(what + " exited with code " + exit + ": " + OneLine.text(said));
        }
        // the JSON starts with its first bracket: a warning of the CLI's own may come before it
        int start = firstBracket(said);
        if (start < 0) {
            throw new IOException(what + " answered no JSON: " + OneLine.text(said));
        }
        return JSON.readTree(said.substring(start));
    }

    private static int firstBracket(String text) {
        int object = text.indexOf('{');
        int array = text.indexOf('[');
        return object < 0 ? array : array < 0 ? object : Math.min(object, array);
    }
}

package io.brokerbench.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * deploy/terraform/aws as far as a machine that cannot download Terraform's AWS provider can take
 * it: the files are formatted ({@code terraform fmt -check}), and the inventory template Terraform
 * fills from the instances renders to an inventory Ansible reads with the groups site.yml deploys to.
 * {@code terraform validate} and {@code plan} need the provider: not run here (docs/deploy.md).
 */
class TerraformAwsIT {

    private static final Path HOME = Path.of(System.getProperty("benchmark.home", "..")).toAbsolutePath().normalize();
    private static final Path AWS = HOME.resolve("deploy/terraform/aws");

    @Test
    void filesAreFormatted() throws Exception {
        assumeTerraform();
        String failure = Commands.failure("terraform", "fmt", "-check", "-recursive", "-diff", AWS.toString());
        assertEquals(null, failure, "terraform fmt -check");
    }

    @Test
    void inventoryTemplateRendersTheGroupsTheAnsiblePlaybookUses(@TempDir Path dir) throws Exception {
        assumeTerraform();
        Assumptions.assumeTrue(Commands.onPath("ansible-inventory"),
                "skipped: ansible-inventory is not on the PATH (Debian package ansible-core; .ci/run installs it)");
        // a directory without configuration: templatefile() needs no provider there
        // the shape of outputs.tf's local.addresses: role => [{name, public, private}, ...]
        String expression = "templatefile(\"" + AWS.resolve("inventory.tftpl") + "\", {"
                + "broker = [for i in range(3) : { name = \"broker-${i + 1}\", public = \"203.0.113.${i + 1}\", private = \"10.0.0.${i + 11}\" }], "
                + "client = [for i in range(4) : { name = \"client-${i + 1}\", public = \"203.0.113.${i + 21}\", private = \"10.0.0.${i + 21}\" }], "
                + "coordinator = [{ name = \"coordinator-1\", public = \"203.0.113.31\", private = \"10.0.0.31\" }] })\n";
        Process console = new ProcessBuilder("terraform", "console").directory(dir.toFile())
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        console.getOutputStream().write(expression.getBytes(StandardCharsets.UTF_8));
        console.getOutputStream().close();
        String rendered = new String(console.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(console.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, console.exitValue(), rendered);
        // the console prints a string as a heredoc: <<EOT ... EOT
        List<String> lines = rendered.strip().lines().toList();
        assertEquals("<<EOT", lines.get(0), rendered);
        Path inventory = Files.writeString(dir.resolve("inventory.ini"), String.join("\n", lines.subList(1, lines.size() - 1)) + "\n");

        JsonNode parsed = new ObjectMapper().readTree(Commands.output("ansible-inventory", "-i", inventory.toString(), "--list"));
        // every broker group on the broker hosts (the first one the Redis primary)
        for (String group : List.of("brokers", "redis", "nats", "pulsar")) {
            assertEquals(List.of("broker-1", "broker-2", "broker-3"), hosts(parsed, group), group);
        }
        assertEquals(List.of("client-1", "client-2", "client-3", "client-4"), hosts(parsed, "clients"));
        assertEquals(List.of("coordinator-1"), hosts(parsed, "coordinator"));
        JsonNode client = parsed.at("/_meta/hostvars/client-2");
        assertEquals("203.0.113.22", client.get("ansible_host").asText());
        assertEquals("10.0.0.22", client.get("private_address").asText());
        assertEquals("admin", client.get("ansible_user").asText());
    }

    private static List<String> hosts(JsonNode inventory, String group) {
        List<String> hosts = new ArrayList<>();
        inventory.path(group).path("hosts").forEach(host -> hosts.add(host.asText()));
        return hosts;
    }

    private static void assumeTerraform() {
        Assumptions.assumeTrue(Commands.onPath("terraform"), "skipped: terraform is not on the PATH");
    }
}

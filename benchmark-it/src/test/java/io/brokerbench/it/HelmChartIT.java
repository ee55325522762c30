package io.brokerbench.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * deploy/helm/brokerbench as far as a machine without Kubernetes can take it: {@code helm lint
 * --strict}, and the manifests {@code helm template} renders, read back and checked field by field
 * (the workers' replicas and ports, the token taken from the Secret, the coordinator's arguments
 * naming every worker by its DNS name through the headless Service).
 */
class HelmChartIT {

    private static final Path CHART = Path.of(System.getProperty("benchmark.home", "..")).toAbsolutePath().normalize()
            .resolve("deploy/helm/brokerbench");
    private static final String TOKEN = "0123456789abcdef-helm-it";

    @BeforeAll
    static void helmIsThere() {
        Assumptions.assumeTrue(Commands.onPath("helm"),
                "skipped: helm is not on the PATH (.ci/run builds it from the Go module proxy)");
    }

    @Test
    void lintsCleanly() throws Exception {
        Helm lint = helm("lint", "--strict", CHART.toString(), "--set", "token.value=" + TOKEN);
        assertEquals(0, lint.exit, lint.output + lint.errors);
    }

    @Test
    void rendersWorkersAndACoordinatorThatNamesEachOfThem() throws Exception {
        List<JsonNode> manifests = render("--set", "token.value=" + TOKEN, "--set", "workers.replicas=3",
                "--set", "image.repository=registry.example/brokerbench", "--set", "image.tag=1.2");

        JsonNode secret = only(manifests, "Secret");
        String secretName = secret.at("/metadata/name").asText();
        assertEquals(TOKEN, new String(Base64.getDecoder().decode(secret.at("/data/token").asText()), StandardCharsets.UTF_8));

        JsonNode service = only(manifests, "Service");
        String serviceName = service.at("/metadata/name").asText();
        assertEquals("None", service.at("/spec/clusterIP").asText());
        assertEquals(List.of(8080, 8081), ints(service.at("/spec/ports"), "port"));

        JsonNode workers = only(manifests, "StatefulSet");
        assertEquals(3, workers.at("/spec/replicas").asInt());
        assertEquals(serviceName, workers.at("/spec/serviceName").asText());
        service.at("/spec/selector").properties().forEach(label ->
                assertEquals(label.getValue(), workers.at("/spec/template/metadata/labels").get(label.getKey()), label.getKey()));
        JsonNode worker = workers.at("/spec/template/spec/containers/0");
        assertEquals("registry.example/brokerbench:1.2", worker.get("image").asText());
        assertEquals(List.of("bin/benchmark-worker", "--bind", "0.0.0.0", "--port", "8080", "--stats-port", "8081"),
                texts(worker.get("command")));
        assertEquals(List.of(8080, 8081), ints(worker.get("ports"), "containerPort"));
        assertTokenFrom(worker, secretName, "token");

        String workerName = workers.at("/metadata/name").asText();
        List<String> hosts = IntStream.range(0, 3)
                .mapToObj(i -> workerName + "-" + i + "." + serviceName + ".bench.svc.cluster.local").toList();
        JsonNode job = only(manifests, "Job");
        JsonNode coordinator = job.at("/spec/template/spec/containers/0");
        assertEquals("registry.example/brokerbench:1.2", coordinator.get("image").asText());
        assertEquals(List.of("bin/benchmark",
                "--workers", String.join(",", hosts.stream().map(host -> "http://" + host + ":8080").toList()),
                "--worker-roles", "split", "--drivers", "/etc/brokerbench/kafka.yaml", "--output", "/results",
                "workloads/1-topic-16-partitions-1kb.yaml"), texts(coordinator.get("command")));
        assertTokenFrom(coordinator, secretName, "token");
        List<String> waitCommand = texts(job.at("/spec/template/spec/initContainers/0/command"));
        assertEquals(hosts, waitCommand.subList(waitCommand.size() - 3, waitCommand.size()));

        JsonNode files = only(manifests, "ConfigMap");
        assertEquals(files.at("/metadata/name").asText(), job.at("/spec/template/spec/volumes/0/configMap/name").asText());
        JsonNode driver = new YAMLMapper().readTree(files.at("/data/kafka.yaml").asText());
        assertEquals("io.openmessaging.benchmark.driver.kafka.KafkaBenchmarkDriver", driver.get("driverClass").asText());
        assertTrue(driver.get("commonConfig").asText().contains("bootstrap.servers="), driver.toString());
    }

    /**
     * A driver file deploy/ansible wrote for its clusters, given with --set-file as docs/deploy.md
     * says, reaches the coordinator's ConfigMap as it is and is the one --drivers names.
     */
    @Test
    void runsAgainstADeployedClusterGivenItsDriverFile(@TempDir Path dir) throws Exception {
        String written = String.join("\n",
                "# Written by deploy/ansible (site.yml) from driver-nats/nats-cluster-r3.yaml, pointing at the deployed brokers.",
                "name: NATS-cluster-R3",
                "driverClass: io.openmessaging.benchmark.driver.nats.NatsBenchmarkDriver",
                "natsHostUrl: nats://10.0.0.11:4222,nats://10.0.0.12:4222,nats://10.0.0.13:4222",
                "replicationFactor: 3",
                "");
        Path file = Files.writeString(dir.resolve("nats-cluster-r3.yaml"), written);
        List<JsonNode> manifests = render("--set", "token.value=" + TOKEN,
                "--set-file", "coordinator.files.nats-cluster-r3\\.yaml=" + file,
                "--set", "coordinator.drivers={/etc/brokerbench/nats-cluster-r3.yaml}");

        assertEquals(written, only(manifests, "ConfigMap").at("/data/nats-cluster-r3.yaml").asText());
        List<String> command = texts(only(manifests, "Job").at("/spec/template/spec/containers/0/command"));
        assertEquals("/etc/brokerbench/nats-cluster-r3.yaml", command.get(command.indexOf("--drivers") + 1));
    }

    @Test
    void usesAnExistingSecretAndConfigMapWhenNamed() throws Exception {
        List<JsonNode> manifests = render("--set", "token.existingSecret=my-token", "--set", "token.key=secret",
                "--set", "coordinator.existingConfigMap=my-files");
        assertTrue(manifests.stream().noneMatch(m -> m.path("kind").asText().equals("Secret")));
        assertTrue(manifests.stream().noneMatch(m -> m.path("kind").asText().equals("ConfigMap")));
        assertTokenFrom(only(manifests, "StatefulSet").at("/spec/template/spec/containers/0"), "my-token", "secret");
        JsonNode job = only(manifests, "Job");
        assertTokenFrom(job.at("/spec/template/spec/containers/0"), "my-token", "secret");
        assertEquals("my-files", job.at("/spec/template/spec/volumes/0/configMap/name").asText());
    }

    @Test
    void refusesToRenderWithoutAToken() throws Exception {
        Helm template = helm("template", "bb", CHART.toString());
        assertNotEquals(0, template.exit);
        assertTrue(template.errors.contains("token.value: give at least 16 characters"), template.errors);
    }

    private static void assertTokenFrom(JsonNode container, String secret, String key) {
        JsonNode token = null;
        for (JsonNode variable : container.get("env")) {
            if (variable.get("name").asText().equals("BROKERBENCH_WORKER_TOKEN")) {
                token = variable;
            }
        }
        assertTrue(token != null && token.get("value") == null, "BROKERBENCH_WORKER_TOKEN from a Secret: " + container.get("env"));
        assertEquals(secret, token.at("/valueFrom/secretKeyRef/name").asText());
        assertEquals(key, token.at("/valueFrom/secretKeyRef/key").asText());
    }

    private static List<JsonNode> render(String... values) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("template", "bb", CHART.toString(), "--namespace", "bench"));
        command.addAll(List.of(values));
        Helm template = helm(command.toArray(new String[0]));
        assertEquals(0, template.exit, template.errors);
        List<JsonNode> manifests = new ArrayList<>();
        YAMLMapper yaml = new YAMLMapper();
        try (var documents = yaml.readerFor(JsonNode.class).readValues(yaml.getFactory().createParser(template.output))) {
            while (documents.hasNext()) {
                JsonNode document = (JsonNode) documents.next();
                if (document != null && !document.isNull() && !document.isMissingNode()) {
                    manifests.add(document);
                }
            }
        }
        return manifests;
    }

    private static JsonNode only(List<JsonNode> manifests, String kind) {
        List<JsonNode> found = manifests.stream().filter(m -> m.path("kind").asText().equals(kind)).toList();
        assertEquals(1, found.size(), () -> "one " + kind + " expected among " + manifests);
        return found.get(0);
    }

    private static List<String> texts(JsonNode array) {
        List<String> texts = new ArrayList<>();
        array.forEach(item -> texts.add(item.asText()));
        return texts;
    }

    private static List<Integer> ints(JsonNode array, String field) {
        List<Integer> ints = new ArrayList<>();
        array.forEach(item -> ints.add(item.get(field).asInt()));
        return ints;
    }

    /** What helm printed: the manifests (standard output) apart from messages (standard error). */
    private record Helm(int exit, String output, String errors) {
    }

    private static Helm helm(String... arguments) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("helm"));
        command.addAll(List.of(arguments));
        Process process = new ProcessBuilder(command).start();
        // both are a few kilobytes: reading one after the other cannot fill the other's pipe
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String errors = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(60, TimeUnit.SECONDS), "helm " + arguments[0] + " did not finish");
        return new Helm(process.exitValue(), output, errors);
    }
}

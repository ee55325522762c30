package io.brokerbench.remote.coordinator;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.brokerbench.config.ConfigException;
import io.brokerbench.config.YamlFields;
import io.brokerbench.config.YamlTree;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** OMB's workers file: {@code workers:} followed by a list of worker URLs. */
public final class WorkersFile {

    private WorkersFile() {
    }

    public static List<URI> load(Path file) {
        ObjectNode root = YamlTree.parseMapping(file, YamlTree.readText(file));
        YamlFields fields = new YamlFields(file, root);
        fields.rejectUnknownKeys(List.of("workers"), Set.of(), "workers file");
        JsonNode list = root.get("workers");
        if (list == null) {
            throw ConfigException.file(file, "no 'workers:' list (expected 'workers:' followed by '- http://HOST:PORT' lines)");
        }
        if (!list.isArray()) {
            throw fields.fail("workers", list, "expected a list of worker URLs");
        }
        if (list.isEmpty()) {
            throw fields.fail("workers", list, "the list is empty: give at least one worker URL");
        }
        List<URI> urls = new ArrayList<>();
        Set<URI> seen = new LinkedHashSet<>();
        for (int i = 0; i < list.size(); i++) {
            JsonNode entry = list.get(i);
            String field = "workers[" + i + "]";
            if (!entry.isTextual()) {
                throw fields.fail(field, entry, "expected a worker URL (http://HOST:PORT)");
            }
            URI url;
            try {
                url = WorkerUrl.parse(entry.asText());
            } catch (IllegalArgumentException e) {
                throw ConfigException.field(file, field, entry.asText(), e.getMessage());
            }
            if (!seen.add(url)) {
                throw ConfigException.field(file, field, entry.asText(), "listed twice");
            }
            urls.add(url);
        }
        return urls;
    }
}

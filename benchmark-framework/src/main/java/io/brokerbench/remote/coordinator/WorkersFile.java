package io.brokerbench.remote.coordinator;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.brokerbench.config.ConfigException;
import io.brokerbench.yaml.FieldException;
import io.brokerbench.yaml.YamlDocument;
import io.brokerbench.yaml.YamlException;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** OMB's workers file: {@code workers:} followed by a list of worker URLs ({@code http://HOST:PORT}). */
public record WorkersFile(@JsonProperty(required = true) List<String> workers) {

    public WorkersFile {
        if (workers.isEmpty()) {
            throw new FieldException("workers", workers, "the list is empty: give at least one worker URL");
        }
        urls(workers);
    }

    public static List<URI> load(Path file) {
        try {
            return urls(YamlDocument.read(file).bind(WorkersFile.class).workers());
        } catch (YamlException e) {
            throw new ConfigException(e.getMessage(), e);
        }
    }

    private static List<URI> urls(List<String> workers) {
        List<URI> urls = new ArrayList<>();
        for (int i = 0; i < workers.size(); i++) {
            String field = "workers[" + i + "]";
            if (workers.get(i) == null) {
                throw new FieldException(field, "", "expected a worker URL (http://HOST:PORT)");
            }
            URI url;
            try {
                url = WorkerUrl.parse(workers.get(i));
            } catch (IllegalArgumentException e) {
                throw new FieldException(field, workers.get(i), e.getMessage());
            }
            if (urls.contains(url)) {
                throw new FieldException(field, workers.get(i), "listed twice");
            }
            urls.add(url);
        }
        return urls;
    }
}

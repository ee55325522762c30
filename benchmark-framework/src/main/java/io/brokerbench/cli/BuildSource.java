package io.brokerbench.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

/**
 * Which source this harness was built from, for the result: the git commit of the checkout the
 * launchers run from ({@code -Dbenchmark.home}) and whether it had changes not committed. Empty where
 * there is no checkout (an unpacked distribution) or no git: the result then says nothing rather
 * than something it does not know.
 */
final class BuildSource {

    private static final Pattern COMMIT = Pattern.compile("[0-9a-f]{40}");
    private static final long GIT_SECONDS = 5;

    private BuildSource() {
    }

    /** {@code gitCommit} and {@code modified} (tracked files changed since the commit) of {@code home}. */
    static Optional<Map<String, Object>> of(Path home) {
        if (!Files.exists(home.resolve(".git"))) {
            return Optional.empty();
        }
        Optional<String> commit = git(home, "rev-parse", "HEAD").filter(c -> COMMIT.matcher(c).matches());
        if (commit.isEmpty()) {
            return Optional.empty();
        }
        Map<String, Object> source = new LinkedHashMap<>();
        source.put("gitCommit", commit.get());
        git(home, "status", "--porcelain", "--untracked-files=no").ifPresent(status -> source.put("modified", !status.isEmpty()));
        return Optional.of(source);
    }

    private static Optional<String> git(Path home, String... arguments) {
        List<String> command = new ArrayList<>(List.of("git", "-C", home.toString()));
        command.addAll(List.of(arguments));
        try {
            Process git = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
            byte[] out = git.getInputStream().readAllBytes();
            if (!git.waitFor(GIT_SECONDS, TimeUnit.SECONDS)) {
                git.destroyForcibly();
                return Optional.empty();
            }
            return git.exitValue() == 0 ? Optional.of(new String(out, StandardCharsets.UTF_8).strip()) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty(); // no git here
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }

    /** The processor's model as the kernel names it (/proc/cpuinfo), where it says. */
    static Optional<String> cpuModel() {
        try {
            return Files.readAllLines(Path.of("/proc/cpuinfo")).stream()
                    .filter(line -> line.startsWith("model name"))
                    .map(line -> line.substring(line.indexOf(':') + 1).strip())
                    .findFirst();
        } catch (IOException | RuntimeException e) {
            return Optional.empty(); // not Linux, or not readable
        }
    }
}

package io.brokerbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The build's source as a result records it: this checkout's commit, or nothing where there is no checkout. */
class BuildSourceTest {

    @Test
    void aCheckoutGivesItsCommitAndWhetherItWasModified() {
        Path checkout = Path.of("..").toAbsolutePath().normalize();
        assumeTrue(Files.exists(checkout.resolve(".git")), "built from an unpacked source tree, not a checkout");
        Map<String, Object> source = BuildSource.of(checkout).orElseThrow();
        assertTrue(source.get("gitCommit").toString().matches("[0-9a-f]{40}"), source.toString());
        assertTrue(source.get("modified") instanceof Boolean, source.toString());
    }

    @Test
    void noCheckoutNoSource(@TempDir Path dir) {
        assertEquals(Optional.empty(), BuildSource.of(dir));
    }
}

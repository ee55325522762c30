package io.brokerbench.localbroker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Launchers are found through META-INF/services, by the type they declare. */
@Timeout(60)
class LocalBrokersTest {

    @Test
    void aRegisteredLauncherIsKnownByItsType() {
        assertTrue(LocalBrokers.isKnown(StandInLauncher.TYPE));
        assertFalse(LocalBrokers.isKnown("rabbit"));
        assertTrue(LocalBrokers.knownTypes().contains(StandInLauncher.TYPE), LocalBrokers.knownTypes());
        assertEquals(new StandInLauncher().exampleEndpoints(), LocalBrokers.exampleEndpoints(StandInLauncher.TYPE));
    }

    @Test
    void anUnknownTypeNamesTheTypesFoundOnTheClasspath() throws Exception {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> LocalBrokers.start("rabbit", LocalBrokers.home()));
        assertEquals("no local broker launcher of type 'rabbit' on the classpath (found: " + LocalBrokers.knownTypes() + ")",
                e.getMessage());
    }

    @Test
    void aStartedBrokerGetsAFreshRunDirectoryThatCloseRemoves() throws Exception {
        LocalBroker broker = LocalBrokers.start(StandInLauncher.TYPE, LocalBrokers.home());
        Path runDir = Path.of(broker.endpoints().get("runDir"));
        try {
            assertEquals(StandInLauncher.TYPE, broker.type());
            assertTrue(Files.isDirectory(runDir), runDir.toString());
            assertTrue(runDir.getFileName().toString().startsWith("brokerbench-" + StandInLauncher.TYPE + "-"), runDir.toString());
        } finally {
            broker.close();
        }
        assertFalse(Files.exists(runDir), "run directory " + runDir + " left behind");
    }
}

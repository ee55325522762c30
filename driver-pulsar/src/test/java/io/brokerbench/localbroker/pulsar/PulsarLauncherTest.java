package io.brokerbench.localbroker.pulsar;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.brokerbench.localbroker.MavenRuntime;
import org.apache.pulsar.PulsarVersion;
import org.junit.jupiter.api.Test;

class PulsarLauncherTest {

    @Test
    void theBrokerVersionIsTheBuildsPulsarVersionTheClientsToo() {
        assertEquals(PulsarVersion.getVersion(), MavenRuntime.builtVersion(PulsarLauncher.class));
    }
}

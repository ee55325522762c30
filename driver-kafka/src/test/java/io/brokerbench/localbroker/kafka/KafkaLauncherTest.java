package io.brokerbench.localbroker.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.brokerbench.localbroker.MavenRuntime;
import org.apache.kafka.common.utils.internals.AppInfoParser;
import org.junit.jupiter.api.Test;

class KafkaLauncherTest {

    @Test
    void theBrokerVersionIsTheBuildsKafkaVersionTheClientsToo() {
        assertEquals(AppInfoParser.getVersion(), MavenRuntime.builtVersion(KafkaLauncher.class));
    }
}

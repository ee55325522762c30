package io.brokerbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerbench.config.DriverFile;
import io.brokerbench.placement.CpuAffinity;
import io.brokerbench.placement.CpuList;
import io.brokerbench.placement.CpuPlacement;
import io.brokerbench.placement.OnlineCpus;
import io.brokerbench.testing.TestFiles;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Pinning the local broker, with the stand-in launcher (a sleep process) as the broker. */
@Timeout(60)
class DriverSessionTest {

    private static final CpuList ONLINE = OnlineCpus.read();
    private static final CpuList CPU_0 = CpuList.parse("0");

    @TempDir
    Path dir;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();

    private DriverFile driver(String extra) {
        return DriverFile.load(TestFiles.write(dir, "d.yaml", "name: S\ndriverClass: a.B\nlocalBroker: stand-in\n" + extra));
    }

    private DriverSession open(DriverFile file, CpuRequest cpus) throws Exception {
        return DriverSession.open(file, new PrintStream(out, true, StandardCharsets.UTF_8), cpus);
    }

    @Test
    void theDriverFilesCpusPinTheBroker() throws Exception {
        try (DriverSession session = open(driver("localBrokerCpus: '0'\n"), new CpuRequest(ONLINE, ONLINE, false, null))) {
            long pid = session.brokerNodes().get(0).process().pid();
            assertEquals(CPU_0, CpuAffinity.of(pid).orElseThrow());
            CpuPlacement placement = session.placement();
            assertEquals(CPU_0, placement.brokerCpus());
            assertTrue(placement.brokerPinned());
            assertTrue(out.toString(StandardCharsets.UTF_8).contains("local stand-in broker on 0 (pinned)"), out.toString());
        }
    }

    @Test
    void theOptionOverridesTheDriverFile() throws Exception {
        try (DriverSession session = open(driver("localBrokerCpus: '" + ONLINE + "'\n"),
                new CpuRequest(ONLINE, ONLINE, false, CPU_0))) {
            assertEquals(CPU_0, CpuAffinity.of(session.brokerNodes().get(0).process().pid()).orElseThrow());
        }
    }

    @Test
    void aBrokerWithoutCpusBesideAPinnedClientGetsEveryOnlineCpu() throws Exception {
        try (DriverSession session = open(driver(""), new CpuRequest(ONLINE, CPU_0, true, null))) {
            assertEquals(ONLINE, CpuAffinity.of(session.brokerNodes().get(0).process().pid()).orElseThrow());
            assertEquals(ONLINE, session.placement().brokerCpus());
            assertFalse(session.placement().brokerPinned());
        }
    }
}

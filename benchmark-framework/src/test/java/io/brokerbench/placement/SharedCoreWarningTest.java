package io.brokerbench.placement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

class SharedCoreWarningTest {

    private static final CpuList ONLINE = CpuList.parse("0-1");
    private static final CpuPlacement UNPINNED = new CpuPlacement(ONLINE, ONLINE, false, ONLINE, false);

    private static MeasuredCpu cpu(double client) {
        return new MeasuredCpu(OptionalDouble.of(client), OptionalDouble.of(0.9));
    }

    @Test
    void unpinnedOnTwoCoresWarnsAboveOneCoreOfClient() {
        assertTrue(SharedCoreWarning.decide(UNPINNED, cpu(1.0), "kafka").isEmpty());
        String warning = SharedCoreWarning.decide(UNPINNED, cpu(1.3), "kafka").orElseThrow();
        assertEquals("the load generator and the local kafka broker share CPUs 0-1 and the client used 1.30 cores of its 2"
                + " (the broker 0.90), 0.65 per CPU (over 0.5): this result measures the machine as much as the broker;"
                + " pin them apart with --client-cpus and --broker-cpus (or localBrokerCpus in the driver file)", warning);
    }

    @Test
    void pinnedApartNeverWarns() {
        CpuPlacement apart = new CpuPlacement(ONLINE, CpuList.parse("0"), true, CpuList.parse("1"), true);
        assertTrue(SharedCoreWarning.decide(apart, cpu(1.0), "kafka").isEmpty());
    }

    @Test
    void aClientPinnedOntoTheBrokersCoreIsJudgedPerCpuItHas() {
        CpuPlacement together = new CpuPlacement(ONLINE, CpuList.parse("1"), true, CpuList.parse("1"), true);
        assertTrue(SharedCoreWarning.decide(together, cpu(0.5), "kafka").isEmpty());
        String warning = SharedCoreWarning.decide(together, cpu(0.6), "pulsar").orElseThrow();
        assertTrue(warning.startsWith("the load generator and the local pulsar broker share CPU 1 and the client used 0.60"
                + " cores of its 1"), warning);
    }

    @Test
    void withoutABrokerOrCpuFiguresThereIsNothingToSay() {
        CpuPlacement noBroker = new CpuPlacement(ONLINE, ONLINE, false, null, false);
        assertTrue(SharedCoreWarning.decide(noBroker, cpu(2.0), null).isEmpty());
        CpuPlacement onWorkers = new CpuPlacement(ONLINE, null, false, ONLINE, false);
        assertTrue(SharedCoreWarning.decide(onWorkers, cpu(2.0), "kafka").isEmpty());
        assertTrue(SharedCoreWarning.decide(UNPINNED, new MeasuredCpu(OptionalDouble.empty(), OptionalDouble.empty()),
                "kafka").isEmpty());
    }

    @Test
    void withoutBrokerFiguresTheWarningLeavesThemOut() {
        String warning = SharedCoreWarning.decide(UNPINNED, new MeasuredCpu(OptionalDouble.of(1.5), OptionalDouble.empty()),
                "nats").orElseThrow();
        assertTrue(warning.contains("1.50 cores of its 2, 0.75 per CPU"), warning);
    }
}

package io.openmessaging.benchmark.driver.redis;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;

/** kill(1) for one server a test started, by its pid: SIGSTOP freezes it with its connections open, SIGCONT resumes it. */
final class ProcessSignal {

    private ProcessSignal() {
    }

    static void send(String signal, ProcessHandle process) throws Exception {
        Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(process.pid())).inheritIO().start();
        assertTrue(kill.waitFor(30, TimeUnit.SECONDS) && kill.exitValue() == 0, "kill -" + signal + " failed");
    }
}

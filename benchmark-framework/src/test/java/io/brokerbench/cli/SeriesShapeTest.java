package io.brokerbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import io.brokerbench.testing.TestFiles;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The series of runs is decided once: a sweep wins over --repeat (each step repeated), else one or several runs. */
class SeriesShapeTest {

    @TempDir
    Path dir;

    @Test
    void oneRunRepeatedRunsOrASweepWhoseStepsAreRepeated() {
        assertInstanceOf(SeriesShape.Single.class, SeriesShape.of(TestFiles.workload(dir, ""), 1));
        SeriesShape repeated = SeriesShape.of(TestFiles.workload(dir, ""), 3);
        assertEquals(new SeriesShape.Repeated(3), repeated);

        SeriesShape swept = SeriesShape.of(TestFiles.workload(dir, "sweep:\n  rates: [1000, 2000]\n"), 2);
        SeriesShape.Swept sweep = assertInstanceOf(SeriesShape.Swept.class, swept);
        assertEquals(2, sweep.repeat());
        assertEquals(List.of(1000.0, 2000.0), sweep.sweep().rates());
    }
}

package io.brokerbench.capacity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class MaxRateSearchTest {

    /** A broker that delivers up to {@code capacity} msg/s, with throughput noise of ±{@code noise}. */
    private static final class SimulatedBroker {
        final double capacity;
        final double noise;
        final SplittableRandom random;
        long backlog;
        final List<SearchStep> steps = new ArrayList<>();

        SimulatedBroker(double capacity, double noise) {
            this(capacity, noise, 42);
        }

        SimulatedBroker(double capacity, double noise, long seed) {
            this.capacity = capacity;
            this.noise = noise;
            this.random = new SplittableRandom(seed);
        }

        RateWindow window(double target) {
            double today = capacity * (1 + noise * (2 * random.nextDouble() - 1));
            double published = Math.min(target, today * 1.5);
            double consumed = Math.min(published + backlog, today);
            long growth = Math.round(published - consumed);
            backlog = Math.max(0, backlog + growth);
            return new RateWindow(target, published, consumed, growth, backlog, 1.0);
        }

        SustainableRate search(MaxRateSearch search) {
            SearchStep step = search.start();
            while (true) {
                steps.add(step);
                if (step instanceof SearchStep.Done done) {
                    return done.result();
                } else if (step instanceof SearchStep.Drain drain) {
                    assertTrue(backlog > drain.backlogAtMost());
                    backlog = drain.backlogAtMost() / 2;
                    step = search.drained();
                } else {
                    step = search.next(window(((SearchStep.Measure) step).rate()));
                }
            }
        }
    }

    @Test
    void convergesWithinTheResolutionOfAQuietBroker() {
        SimulatedBroker broker = new SimulatedBroker(873_000, 0);
        SustainableRate found = broker.search(new MaxRateSearch(SearchSettings.defaults(10_000)));
        assertTrue(found.converged());
        assertTrue(found.rate() <= 873_000 * 1.01, "never above capacity plus tolerance: " + found);
        assertTrue(found.rate() >= 873_000 * 0.97, "within resolution and tolerance below: " + found);
        assertTrue(found.upperBound() > found.rate());
        assertTrue(found.relativeUncertainty() <= 0.01, found.toString());
    }

    @Test
    void repeatsWithinThreePercentOnANoisyBroker() {
        double lowest = Double.MAX_VALUE;
        double highest = 0;
        for (int run = 0; run < 5; run++) {
            SimulatedBroker broker = new SimulatedBroker(500_000, 0.01, run);
            SustainableRate found = broker.search(new MaxRateSearch(SearchSettings.defaults(10_000)));
            lowest = Math.min(lowest, found.rate());
            highest = Math.max(highest, found.rate());
        }
        assertTrue((highest - lowest) / lowest <= 0.03, lowest + " .. " + highest);
    }

    @Test
    void drainsTheBacklogAnOverrunLeftBeforeMeasuringAgain() {
        SimulatedBroker broker = new SimulatedBroker(100_000, 0);
        broker.search(new MaxRateSearch(SearchSettings.defaults(30_000)));
        int overrun = -1;
        for (int i = 0; i < broker.steps.size(); i++) {
            if (broker.steps.get(i) instanceof SearchStep.Measure m && m.rate() > 100_000 * 1.01) {
                overrun = i;
                break;
            }
        }
        assertTrue(overrun >= 0, "the search must try a rate above capacity");
        assertInstanceOf(SearchStep.Drain.class, broker.steps.get(overrun + 1));
    }

    @Test
    void aLuckyWindowAboveALaterFailureDoesNotCount() {
        MaxRateSearch search = new MaxRateSearch(new SearchSettings(1000, 0.02, 0.01, 2, 40));
        search.start();
        quiet(search, 1000);
        quiet(search, 2000);
        SearchStep afterFailure = search.next(new RateWindow(4000, 4000, 2500, 1500, 0, 1));
        double tried = ((SearchStep.Measure) afterFailure).rate();
        assertTrue(tried > 2000 && tried < 4000, "between the bounds: " + tried);
        quiet(search, tried); // held by luck
        // the lucky rate then fails while confirming: the answer falls back under it
        SearchStep step = search.next(new RateWindow(tried, tried, tried * 0.5, (long) (tried * 0.5), 0, 1));
        while (step instanceof SearchStep.Measure m) {
            step = m.rate() <= 2000 ? quiet(search, m.rate()) : search.next(failing(m.rate()));
        }
        SustainableRate found = ((SearchStep.Done) step).result();
        assertTrue(found.rate() <= 2000, found.toString());
        assertTrue(found.upperBound() <= tried, found.toString());
    }

    @Test
    void oneSlowWindowAtARateThatHeldIsMeasuredAgainInsteadOfRestartingTheSearchBelow() {
        double capacity = 100_000;
        MaxRateSearch search = new MaxRateSearch(SearchSettings.defaults(10_000));
        Set<Double> measured = new HashSet<>();
        double stalledAt = Double.NaN;
        List<String> why = new ArrayList<>();
        SearchStep step = search.start();
        while (step instanceof SearchStep.Measure m) {
            why.add(m.why());
            double rate = m.rate();
            // the broker is slow once: the first time a rate it sustains is measured a second time
            boolean stall = Double.isNaN(stalledAt) && rate <= capacity && !measured.add(rate);
            if (stall) {
                stalledAt = rate;
            }
            step = stall || rate > capacity ? search.next(failing(rate)) : quiet(search, rate);
        }
        SustainableRate found = ((SearchStep.Done) step).result();
        assertFalse(Double.isNaN(stalledAt), "the scenario needs a rate measured twice: " + why);
        assertTrue(why.stream().anyMatch(w -> w.endsWith("it held before, measuring it again")), why.toString());
        assertTrue(found.converged(), found.toString());
        assertTrue(found.rate() >= stalledAt, "one slow window must not push the answer below " + stalledAt + ": " + found);
    }

    @Test
    void aRateThatFailsAgainWhenMeasuredAgainCounts() {
        MaxRateSearch search = new MaxRateSearch(new SearchSettings(1000, 0.02, 0.01, 2, 40));
        search.start();
        quiet(search, 1000);
        quiet(search, 2000);
        SearchStep again = search.next(failing(1000)); // 1,000 held before: measured again
        assertEquals(1000, ((SearchStep.Measure) again).rate());
        SearchStep next = search.next(failing(1000)); // and fails again: now it counts
        SearchStep.Measure below = (SearchStep.Measure) next;
        assertTrue(below.rate() < 1000, "halving, nothing held below the failure: " + below);
    }

    @Test
    void aBrokerThatTakesNothingEndsTheSearchAtOneMessageASecondNotAtZero() {
        // a store that refuses every write (a Pulsar ledger one bookie short): nothing is published at any rate
        MaxRateSearch search = new MaxRateSearch(new SearchSettings(1000, 0.02, 0.01, 2, 40));
        SearchStep step = search.start();
        int windows = 0;
        while (step instanceof SearchStep.Measure measure) {
            assertTrue(measure.rate() >= MaxRateSearch.LOWEST_RATE * 0.5, "no window below half a message a second: " + measure);
            step = search.next(new RateWindow(measure.rate(), 0, 0, 0, 0, 1));
            windows++;
        }
        SustainableRate found = ((SearchStep.Done) step).result();
        assertEquals(0, found.rate(), found.toString());
        assertTrue(found.upperBound() <= MaxRateSearch.LOWEST_RATE, found.toString());
        assertTrue(windows < 15, "stops once 1 msg/s failed, in " + windows + " windows, not at the 40-window limit");
    }

    @Test
    void aNarrowFailureWhileDoublingIsLookedPastWhenTwiceItsRateHolds() {
        // a broker that falls 1.4 % short around 160,000 msg/s (requests too small to carry the load) and
        // holds up to 1,000,000 once they fill up, as study 3's did with an offset commit per poll
        MaxRateSearch search = new MaxRateSearch(SearchSettings.defaults(20_000));
        List<String> why = new ArrayList<>();
        SearchStep step = search.start();
        while (step instanceof SearchStep.Measure m) {
            why.add(m.why());
            double rate = m.rate();
            if (rate > 150_000 && rate < 170_000) {
                step = search.next(new RateWindow(rate, rate * 0.986, rate * 0.986, 0, 0, 1));
            } else {
                step = rate <= 1_000_000 ? quiet(search, rate) : search.next(failing(rate));
            }
        }
        SustainableRate found = ((SearchStep.Done) step).result();
        assertTrue(why.stream().anyMatch(w -> w.contains("only 1.4 % short")), why.toString());
        assertTrue(found.converged(), found.toString());
        assertTrue(found.rate() >= 1_000_000 * 0.97 && found.rate() <= 1_000_000, found.toString());
    }

    @Test
    void aNarrowFailureCountsWhenTwiceItsRateFailsToo() {
        MaxRateSearch search = new MaxRateSearch(SearchSettings.defaults(20_000));
        search.start();
        quiet(search, 20_000);
        quiet(search, 40_000);
        quiet(search, 80_000);
        SearchStep lookAhead = search.next(new RateWindow(160_000, 157_000, 157_000, 0, 0, 1));
        assertEquals(320_000, ((SearchStep.Measure) lookAhead).rate(), lookAhead.toString());
        SearchStep next = search.next(failing(320_000));
        double tried = ((SearchStep.Measure) next).rate();
        assertTrue(tried > 80_000 && tried < 160_000, "back between the last rate that held and the narrow failure: " + next);
        assertTrue(((SearchStep.Measure) next).why().contains("just under the throughput seen"), next.toString());
    }

    @Test
    void onlyTheFirstNarrowFailureIsLookedPast() {
        MaxRateSearch search = new MaxRateSearch(SearchSettings.defaults(20_000));
        search.start();
        quiet(search, 20_000);
        quiet(search, 40_000);
        quiet(search, 80_000);
        search.next(new RateWindow(160_000, 157_000, 157_000, 0, 0, 1));
        SearchStep doubling = quiet(search, 320_000);
        assertEquals(640_000, ((SearchStep.Measure) doubling).rate(), doubling.toString());
        SearchStep next = search.next(new RateWindow(640_000, 630_000, 630_000, 0, 0, 1));
        double tried = ((SearchStep.Measure) next).rate();
        assertTrue(tried > 320_000 && tried < 640_000, "the second narrow failure counts: " + next);
    }

    @Test
    void aWideFailureWhileDoublingIsNotLookedPast() {
        MaxRateSearch search = new MaxRateSearch(SearchSettings.defaults(20_000));
        search.start();
        quiet(search, 20_000);
        quiet(search, 40_000);
        SearchStep next = search.next(new RateWindow(80_000, 80_000, 70_000, 10_000, 0, 1));
        SearchStep.Measure measure = (SearchStep.Measure) next;
        assertTrue(measure.rate() > 40_000 && measure.rate() < 80_000, measure.toString());
    }

    @Test
    void reportsWhatItHasWhenTheWindowsRunOut() {
        MaxRateSearch search = new MaxRateSearch(new SearchSettings(1000, 0.001, 0.01, 3, 5));
        SearchStep step = search.start();
        for (int i = 0; i < 5; i++) {
            double rate = ((SearchStep.Measure) step).rate();
            step = rate <= 3000 ? quiet(search, rate) : search.next(failing(rate));
        }
        SustainableRate found = ((SearchStep.Done) step).result();
        assertFalse(found.converged());
        assertEquals(5, found.windows());
        assertTrue(found.rate() > 0 && found.rate() <= 3000, found.toString());
    }

    @Test
    void aPublisherBehindScheduleFailsTheWindow() {
        MaxRateSearch search = new MaxRateSearch(SearchSettings.defaults(1000));
        assertTrue(search.holds(new RateWindow(1000, 995, 995, 0, 0, 1)));
        assertFalse(search.holds(new RateWindow(1000, 980, 980, 0, 0, 1)), "publish 2 % short");
        assertFalse(search.holds(new RateWindow(1000, 1000, 900, 100, 100, 1)), "backlog grew 10 %");
        assertTrue(search.holds(new RateWindow(1000, 1000, 1500, -500, 0, 1)), "draining is fine");
    }

    @Test
    void aWindowThatBreaksAnObjectiveFailsAtFullThroughputAndTheResultSaysWhich() {
        SearchObjectives objectives = new SearchObjectives(20.0, null, 5.0, 0.5, true);
        MaxRateSearch search = new MaxRateSearch(SearchSettings.defaults(1000).withObjectives(objectives));
        assertTrue(search.holds(latencies(1000, 19.9, 4.9, 0)));
        assertFalse(search.holds(latencies(1000, 20.1, 1, 0)), "end-to-end p99 over 20 ms");
        assertFalse(search.holds(latencies(1000, 1, 5.1, 0)), "publish p99 over 5 ms");
        assertFalse(search.holds(latencies(1000, 1, 1, 1)), "a failed send");
        assertFalse(search.holds(new RateWindow(1000, 1000, 1000, 0, 501, 1, 1, 1, 1, 0)), "a backlog of 0.501 s");
        assertTrue(search.holds(new RateWindow(1000, 1000, 1000, 0, 0, 1)), "no latency samples: nothing was late");
        assertEquals(List.of("end-to-end p99 21.4 ms > 20 ms", "3 failed send(s)"),
                objectives.broken(latencies(1000, 21.4, 1, 3)));
    }

    @Test
    void aLatencyBoundSearchIsNeverLookedPastAndNamesTheObjectiveAtItsUpperBound() {
        SearchObjectives objectives = new SearchObjectives(20.0, null, null, null, null);
        MaxRateSearch search = new MaxRateSearch(SearchSettings.defaults(10_000).withObjectives(objectives));
        // latency 1 ms per 10,000 msg/s: 20 ms at 200,000
        SearchStep step = search.start();
        while (step instanceof SearchStep.Measure measure) {
            double rate = measure.rate();
            step = search.next(latencies(rate, rate / 10_000, 1, 0));
            if (step instanceof SearchStep.Measure next && rate == 160_000) {
                assertEquals(320_000, next.rate(), "doubling");
            }
            if (step instanceof SearchStep.Measure next && rate == 320_000) {
                assertTrue(next.rate() < 320_000, "a broken objective is not looked past: " + next);
            }
        }
        SustainableRate found = ((SearchStep.Done) step).result();
        assertTrue(found.rate() <= 200_000 && found.rate() >= 200_000 * 0.97, found.toString());
        assertTrue(found.boundBy().startsWith("end-to-end p99 ") && found.boundBy().endsWith("ms > 20 ms"), found.boundBy());
    }

    @Test
    void fromAProbeTheRateRisesByTenPercentAndAFirstFailureTriesJustUnderWhatItDelivered() {
        MaxRateSearch rising = new MaxRateSearch(SearchSettings.fromProbe(100_000, SearchObjectives.NONE));
        SearchStep step = rising.start();
        assertEquals(100_000, ((SearchStep.Measure) step).rate());
        assertEquals(110_000, ((SearchStep.Measure) quiet(rising, 100_000)).rate(), 1e-6);

        MaxRateSearch falling = new MaxRateSearch(SearchSettings.fromProbe(100_000, SearchObjectives.NONE));
        falling.start();
        SearchStep next = falling.next(new RateWindow(100_000, 95_000, 95_000, 0, 0, 1));
        assertEquals(95_000 * 0.98, ((SearchStep.Measure) next).rate(), 1e-6, "not halving: " + next);
        SustainableRate partial = falling.result(false);
        assertEquals(0, partial.rate());
        assertEquals("published 95,000 msg/s (5.0 % short)", partial.boundBy());
    }

    @Test
    void aBrokerStillWarmingUpIsMeasuredAgainAboveWhereItFellShortEarly() {
        // the capacity climbs from 100,000 to 150,000 msg/s over the first windows, as a broker and
        // client started a minute ago do: an early failure must not cap the answer
        MaxRateSearch search = new MaxRateSearch(SearchSettings.fromProbe(100_000, SearchObjectives.NONE));
        List<String> why = new ArrayList<>();
        SearchStep step = search.start();
        int window = 0;
        while (step instanceof SearchStep.Measure m) {
            why.add(m.why());
            double capacity = Math.min(150_000, 100_000 + 10_000 * window++);
            double carried = Math.min(m.rate(), capacity);
            // over capacity the producers fall behind schedule; the consumers keep up with what was sent
            step = search.next(new RateWindow(m.rate(), carried, carried, 0, 0, 1));
        }
        SustainableRate found = ((SearchStep.Done) step).result();
        assertTrue(why.stream().anyMatch(w -> w.contains("measuring the upper bound")), why.toString());
        assertTrue(found.converged(), found.toString());
        assertTrue(found.rate() >= 150_000 * 0.97 && found.rate() <= 150_000 * 1.01, "within the tolerance: " + found);
    }

    @Test
    void aFailureRightAfterAnOverrunIsMeasuredAgainAndALatencyFailureIsNotDisprovedByThroughput() {
        SearchObjectives objectives = new SearchObjectives(20.0, null, null, null, null);
        MaxRateSearch search = new MaxRateSearch(SearchSettings.fromProbe(1_000_000, objectives));
        search.start();
        // at the probe's rate the latency is far over; the halved rate's window still carries that queue
        SearchStep halved = search.next(latencies(1_000_000, 160, 1, 0));
        double rate = ((SearchStep.Measure) halved).rate();
        assertEquals(500_000, rate, 1e-6);
        SearchStep again = search.next(latencies(rate, 130, 1, 0));
        assertEquals(rate, ((SearchStep.Measure) again).rate(), 1e-6, "measured again: " + again);
        SearchStep up = search.next(latencies(rate, 8, 1, 0));
        double next = ((SearchStep.Measure) up).rate();
        assertTrue(next > 500_000 && next < 1_000_000, "between the rate that held and the latency failure: " + up);
        assertEquals(1_000_000, search.progress().upperBound(), 1e-6);
    }

    private static RateWindow latencies(double rate, double endToEndP99, double publishP99, long failed) {
        return new RateWindow(rate, rate, rate, 0, 0, 1, endToEndP99, endToEndP99, publishP99, failed);
    }

    @Test
    void refusesNonsenseSettings() {
        assertThrows(IllegalArgumentException.class, () -> new SearchSettings(0, 0.02, 0.01, 3, 40));
        assertThrows(IllegalArgumentException.class, () -> new SearchSettings(1, 1.5, 0.01, 3, 40));
        assertThrows(IllegalArgumentException.class, () -> new SearchSettings(1, 0.02, 0.01, 3, 3));
        assertThrows(IllegalArgumentException.class, () -> new RateWindow(1, 1, 1, 0, 0, 0));
        assertThrows(IllegalStateException.class, () -> new MaxRateSearch(SearchSettings.defaults(1)).drained());
    }

    private static SearchStep quiet(MaxRateSearch search, double rate) {
        return search.next(new RateWindow(rate, rate, rate, 0, 0, 1));
    }

    private static RateWindow failing(double rate) {
        return new RateWindow(rate, rate, rate * 0.5, (long) (rate * 0.5), 0, 1);
    }
}

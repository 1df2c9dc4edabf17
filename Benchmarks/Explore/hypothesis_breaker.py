"""Hypothesis's RuleBasedStateMachine on the circuit breaker of `ExploreModels/Breaker.swift`,
beside `explore` and `explore --guided` in `breaker.sh`: the same three rules (a request answered
with an HTTP status, 500 and above a failure, the timer firing, a manual reset), the same planted bug (closing after three
good probes keeps the failure count, so one failure opens it again) and the same invariant.

For each of SEEDS seeds it runs EXAMPLES examples of up to 50 steps (the generate phase only, no
example database) and prints, as JSON, the steps taken until the invariant first broke (or null),
the steps taken in all, and the steps per second.
"""

import json
import os
import time

from hypothesis import HealthCheck, Phase, seed, settings
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule
from hypothesis import strategies as st
from hypothesis.stateful import run_state_machine_as_test


class Found(Exception):
    """The invariant broke."""


class Counter:
    steps = 0
    found = None


class Breaker(RuleBasedStateMachine):
    def __init__(self):
        super().__init__()
        self.mode = "closed"
        self.failures = 0
        self.probes = 0
        self.streak = 0
        self.tripped_early = False

    def step(self):
        Counter.steps += 1

    @rule(status=st.integers())
    def request(self, status):
        self.step()
        ok = status < 500
        if self.mode == "closed":
            if ok:
                self.failures = 0
                self.streak = 0
                return
            self.failures += 1
            self.streak += 1
            if self.failures >= 8:
                if self.streak < 8:
                    self.tripped_early = True
                self.mode = "open"
        elif self.mode == "halfOpen":
            if not ok:
                self.mode = "open"
                self.probes = 0
                return
            self.probes += 1
            if self.probes == 3:
                # The bug: `self.failures = 0` is missing.
                self.mode = "closed"
                self.probes = 0
                self.streak = 0

    @rule()
    def timer_fired(self):
        self.step()
        if self.mode == "open":
            self.mode = "halfOpen"
            self.probes = 0

    @rule()
    def manual_reset(self):
        self.step()
        tripped = self.tripped_early
        self.__init__()
        self.tripped_early = tripped

    @invariant()
    def never_trips_early(self):
        if self.tripped_early:
            if Counter.found is None:
                Counter.found = Counter.steps
            raise Found()


def hunt(run_seed, examples):
    Counter.steps = 0
    Counter.found = None
    start = time.perf_counter()
    try:
        seed(run_seed)(lambda: run_state_machine_as_test(
            Breaker,
            settings=settings(
                max_examples=examples, stateful_step_count=50, deadline=None, database=None,
                phases=[Phase.generate], suppress_health_check=list(HealthCheck),
            ),
        ))()
    except Found:
        pass
    seconds = time.perf_counter() - start
    return Counter.found, Counter.steps, Counter.steps / seconds


if __name__ == "__main__":
    seeds = int(os.environ.get("SEEDS", "5"))
    examples = int(os.environ.get("EXAMPLES", "2000"))
    results = [hunt(index + 1, examples) for index in range(seeds)]
    print(json.dumps({
        "found": [found for found, _, _ in results],
        "steps": [steps for _, steps, _ in results],
        "rates": [rate for _, _, rate in results],
    }))

"""Hypothesis's RuleBasedStateMachine beside `explore` and `explore --guided` in `coverage.sh`, on
the Counter and on the circuit breaker of `ExploreModels/Breaker.swift`, at explore's budget of
100,000 steps a seed:

  - steps to find: the steps taken until the planted bug broke the invariant (the Counter
    reaching COUNTER_TARGET, as `invariant selectValue != 40`; the breaker tripping early), or
    null when 100,000 steps did not find it;
  - distinct transitions: (abstract state, rule, abstract state after) over the first 100,000
    steps with no invariant, the state abstracted as `explore` abstracts the Swift state
    (integers in buckets of their order of magnitude, 0, 1, 2, 3-4, 5-8, ..., the same below
    zero; an enum by its case; a Bool as itself), counting only the steps the Swift reducer
    accepts (a request while open, the timer while not open, are refused there);
  - steps per second of that coverage pass.

The generate phase only (no example database, no shrinking), examples of up to 50 steps. Prints
one JSON object: for each model, per seed, `found`, `transitions` and `rate`.
"""

import json
import os
import sys
import time

from hypothesis import HealthCheck, Phase, Verbosity, seed, settings
from hypothesis.errors import FlakyStrategyDefinition
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule, run_state_machine_as_test

BUDGET = int(os.environ.get("BUDGET", "100000"))


class Found(Exception):
    """The invariant broke."""


class Spent(Exception):
    """The budget of steps ran out."""


class Run:
    """One pass: the steps taken, whether the invariant is checked, the transitions seen."""

    steps = 0
    checks = True
    found = None
    transitions = set()

    @classmethod
    def reset(cls, checks):
        cls.steps = 0
        cls.checks = checks
        cls.found = None
        cls.transitions = set()


def bucket(value):
    """`CountBucket.bucket` of StateAbstraction.swift."""
    if value < 0:
        return -bucket(-value)
    if value <= 2:
        return value
    return (value - 1).bit_length() + 1


class Traced(RuleBasedStateMachine):
    """Counts each rule as a step, ends the pass at the budget, and records the transition of
    each accepted step once the rule has run (in the invariant Hypothesis calls after it)."""

    def __init__(self):
        super().__init__()
        self.rule_name = None
        self.before = None

    def step(self, name, accepted=True):
        Run.steps += 1
        if Run.steps > BUDGET:
            raise Spent()
        self.rule_name = name if accepted else None
        self.before = self.abstract()

    @invariant()
    def trace(self):
        if self.rule_name is not None:
            Run.transitions.add((self.before, self.rule_name, self.abstract()))
            self.rule_name = None
        if Run.checks and self.broken():
            if Run.found is None:
                Run.found = Run.steps
            raise Found()


class Counter(Traced):
    """The Counter domain: one integer, incremented and decremented."""

    target = int(os.environ.get("COUNTER_TARGET", "40"))

    def __init__(self):
        super().__init__()
        self.value = 0

    def abstract(self):
        return bucket(self.value)

    def broken(self):
        return self.value == Counter.target

    @rule()
    def did_tap_increment_button(self):
        self.step("increment")
        self.value += 1

    @rule()
    def did_tap_decrement_button(self):
        self.step("decrement")
        self.value -= 1


class Breaker(Traced):
    """The circuit breaker of `hypothesis_breaker.py`, with its planted bug."""

    def __init__(self):
        super().__init__()
        self.mode = "closed"
        self.failures = 0
        self.probes = 0
        self.streak = 0
        self.tripped_early = False

    def abstract(self):
        return (self.mode, bucket(self.failures), bucket(self.probes), bucket(self.streak), self.tripped_early)

    def broken(self):
        return self.tripped_early

    @rule(status=st.integers())
    def request(self, status):
        self.step("request", accepted=self.mode != "open")
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
        self.step("timer", accepted=self.mode == "open")
        if self.mode == "open":
            self.mode = "halfOpen"
            self.probes = 0

    @rule()
    def manual_reset(self):
        self.step("reset")
        tripped = self.tripped_early
        self.mode = "closed"
        self.failures = 0
        self.probes = 0
        self.streak = 0
        self.tripped_early = tripped


def one_pass(machine, run_seed, checks):
    Run.reset(checks)
    start = time.perf_counter()
    try:
        seed(run_seed)(lambda: run_state_machine_as_test(
            machine,
            settings=settings(
                max_examples=10 * BUDGET, stateful_step_count=50, deadline=None, database=None,
                phases=[Phase.generate], suppress_health_check=list(HealthCheck), verbosity=Verbosity.quiet,
            ),
        ))()
    except (Found, Spent):
        pass
    except FlakyStrategyDefinition:
        # Hypothesis replays the example that raised; the replay of one that ran out of budget
        # stops at its first step, which it reports as flaky. The pass had ended already.
        if Run.steps <= BUDGET:
            raise
    return time.perf_counter() - start


def measure(machine, seeds):
    rows = []
    for run_seed in range(1, seeds + 1):
        one_pass(machine, run_seed, checks=True)
        found = Run.found
        seconds = one_pass(machine, run_seed, checks=False)
        steps = min(Run.steps, BUDGET)
        rows.append({"found": found, "transitions": len(Run.transitions), "steps": steps, "rate": steps / seconds})
    return rows


if __name__ == "__main__":
    seeds = int(os.environ.get("SEEDS", "3"))
    models = sys.argv[1:] or ["counter", "breaker"]
    machines = {"counter": Counter, "breaker": Breaker}
    print(json.dumps({name: measure(machines[name], seeds) for name in models}))

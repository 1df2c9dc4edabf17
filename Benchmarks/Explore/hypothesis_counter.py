"""Hypothesis's RuleBasedStateMachine on the Counter, the baseline of `explore`'s steps/s.

The model is the Counter domain's: one integer, incremented and decremented, with the invariant
the Swift side checks (`selectValue != 1000`). Every rule counts a step; the figure is steps
executed per second of `run_state_machine_as_test`, median of RUNS runs. Only Hypothesis's
generate phase runs (no example database, no shrinking: nothing fails), as `explore` does.
"""

import json
import os
import statistics
import time

from hypothesis import HealthCheck, Phase, settings
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule, run_state_machine_as_test

steps = 0


class Counter(RuleBasedStateMachine):
    def __init__(self):
        super().__init__()
        self.value = 0

    @rule()
    def did_tap_increment_button(self):
        global steps
        steps += 1
        self.value += 1

    @rule()
    def did_tap_decrement_button(self):
        global steps
        steps += 1
        self.value -= 1

    @invariant()
    def never_a_thousand(self):
        assert self.value != 1000


def measure(examples):
    global steps
    steps = 0
    start = time.perf_counter()
    run_state_machine_as_test(
        Counter,
        settings=settings(
            max_examples=examples,
            stateful_step_count=50,
            deadline=None,
            database=None,
            phases=[Phase.generate],
            suppress_health_check=list(HealthCheck),
        ),
    )
    return steps, time.perf_counter() - start


if __name__ == "__main__":
    runs = int(os.environ.get("RUNS", "5"))
    examples = int(os.environ.get("EXAMPLES", "2000"))
    results = [measure(examples) for _ in range(runs)]
    rates = [count / seconds for count, seconds in results]
    print(json.dumps({
        "steps": statistics.median(count for count, _ in results),
        "median_steps_per_second": statistics.median(rates),
        "rates": rates,
    }))

"""What the Hypothesis baselines of `run.sh` share: a step count the rules raise, and the
measurement — the generate phase only (no example database, no shrinking: nothing fails), steps
executed per second of `run_state_machine_as_test`, median of RUNS runs of EXAMPLES examples of
up to 50 steps, printed as JSON."""

import json
import os
import statistics
import time

from hypothesis import HealthCheck, Phase, settings
from hypothesis.stateful import run_state_machine_as_test


class Steps:
    """The rules' calls, counted."""

    count = 0


def measure(machine, examples):
    Steps.count = 0
    start = time.perf_counter()
    run_state_machine_as_test(
        machine,
        settings=settings(
            max_examples=examples,
            stateful_step_count=50,
            deadline=None,
            database=None,
            phases=[Phase.generate],
            suppress_health_check=list(HealthCheck),
        ),
    )
    return Steps.count, time.perf_counter() - start


def report(machine):
    runs = int(os.environ.get("RUNS", "5"))
    examples = int(os.environ.get("EXAMPLES", "2000"))
    results = [measure(machine, examples) for _ in range(runs)]
    rates = [count / seconds for count, seconds in results]
    print(json.dumps({
        "steps": statistics.median(count for count, _ in results),
        "median_steps_per_second": statistics.median(rates),
        "rates": rates,
    }))

"""Hypothesis's RuleBasedStateMachine on the ledger, the baseline of `explore`'s steps/s on a
model with string and integer payloads.

The model is `exploremodels`' `ledger` domain (Benchmarks/Explore/ExploreModels/Ledger.swift):
accounts opened, paid into, drawn from, moved between and closed — five rules, each drawing
account names from a small pool of strings and amounts from integers, refused as the Swift
reducer refuses them, with the invariant the Swift side checks (no account below zero). Every
rule call counts a step, refused or not, as `explore` counts every action it tries. Only the
generate phase runs (no example database, no shrinking: nothing fails).
"""

import json
import os
import statistics
import time

from hypothesis import HealthCheck, Phase, settings, strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule, run_state_machine_as_test

steps = 0
accounts = st.sampled_from(["a", "b", "c", "", "x"])
amounts = st.integers(min_value=-1, max_value=10)


class Ledger(RuleBasedStateMachine):
    def __init__(self):
        super().__init__()
        self.balances = {}

    @rule(account=accounts)
    def open(self, account):
        global steps
        steps += 1
        if account not in self.balances:
            self.balances[account] = 0

    @rule(account=accounts, amount=amounts)
    def deposit(self, account, amount):
        global steps
        steps += 1
        if amount > 0 and account in self.balances:
            self.balances[account] += amount

    @rule(account=accounts, amount=amounts)
    def withdraw(self, account, amount):
        global steps
        steps += 1
        if amount > 0 and self.balances.get(account, -1) >= amount:
            self.balances[account] -= amount

    @rule(source=accounts, destination=accounts, amount=amounts)
    def transfer(self, source, destination, amount):
        global steps
        steps += 1
        if amount > 0 and source != destination and destination in self.balances and self.balances.get(source, -1) >= amount:
            self.balances[source] -= amount
            self.balances[destination] += amount

    @rule(account=accounts)
    def close(self, account):
        global steps
        steps += 1
        if self.balances.get(account) == 0:
            del self.balances[account]

    @invariant()
    def nobody_overdrawn(self):
        assert all(balance >= 0 for balance in self.balances.values())


def measure(examples):
    global steps
    steps = 0
    start = time.perf_counter()
    run_state_machine_as_test(
        Ledger,
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

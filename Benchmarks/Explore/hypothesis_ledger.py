"""Hypothesis's RuleBasedStateMachine on the ledger, the baseline of `explore`'s steps/s on a
model with string and integer payloads.

The model is `exploremodels`' `ledger` domain (Benchmarks/Explore/ExploreModels/Ledger.swift):
accounts opened, paid into, drawn from, moved between and closed — five rules, each drawing
account names from a small pool of strings and amounts from integers, refused as the Swift
reducer refuses them, with the invariant the Swift side checks (no account below zero). Every
rule call counts a step, refused or not, as `explore` counts every action it tries. Only the
generate phase runs (no example database, no shrinking: nothing fails).
"""

from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule

from hypothesis_measure import Steps, report

accounts = st.sampled_from(["a", "b", "c", "", "x"])
amounts = st.integers(min_value=-1, max_value=10)


class Ledger(RuleBasedStateMachine):
    def __init__(self):
        super().__init__()
        self.balances = {}

    @rule(account=accounts)
    def open(self, account):
        Steps.count += 1
        if account not in self.balances:
            self.balances[account] = 0

    @rule(account=accounts, amount=amounts)
    def deposit(self, account, amount):
        Steps.count += 1
        if amount > 0 and account in self.balances:
            self.balances[account] += amount

    @rule(account=accounts, amount=amounts)
    def withdraw(self, account, amount):
        Steps.count += 1
        if amount > 0 and self.balances.get(account, -1) >= amount:
            self.balances[account] -= amount

    @rule(source=accounts, destination=accounts, amount=amounts)
    def transfer(self, source, destination, amount):
        Steps.count += 1
        if amount > 0 and source != destination and destination in self.balances and self.balances.get(source, -1) >= amount:
            self.balances[source] -= amount
            self.balances[destination] += amount

    @rule(account=accounts)
    def close(self, account):
        Steps.count += 1
        if self.balances.get(account) == 0:
            del self.balances[account]

    @invariant()
    def nobody_overdrawn(self):
        assert all(balance >= 0 for balance in self.balances.values())


if __name__ == "__main__":
    report(Ledger)

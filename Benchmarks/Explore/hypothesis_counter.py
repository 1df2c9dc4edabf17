"""Hypothesis's RuleBasedStateMachine on the Counter, the baseline of `explore`'s steps/s.

The model is the Counter domain's: one integer, incremented and decremented, with the invariant
the Swift side checks (`selectValue != 1000`). Every rule counts a step; the figure is steps
executed per second of `run_state_machine_as_test`, median of RUNS runs. Only Hypothesis's
generate phase runs (no example database, no shrinking: nothing fails), as `explore` does.
"""

from hypothesis.stateful import RuleBasedStateMachine, invariant, rule

from hypothesis_measure import Steps, report



class Counter(RuleBasedStateMachine):
    def __init__(self):
        super().__init__()
        self.value = 0

    @rule()
    def did_tap_increment_button(self):
        Steps.count += 1
        self.value += 1

    @rule()
    def did_tap_decrement_button(self):
        Steps.count += 1
        self.value -= 1

    @invariant()
    def never_a_thousand(self):
        assert self.value != 1000


if __name__ == "__main__":
    report(Counter)

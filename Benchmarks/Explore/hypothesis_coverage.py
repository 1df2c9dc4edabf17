"""Hypothesis's RuleBasedStateMachine beside `explore` and `explore --guided` in `coverage.sh`, on
the Counter, on the Animals reducer and on the circuit breaker of `ExploreModels/Breaker.swift`,
at explore's budget of 100,000 steps a seed:

  - steps to find: the steps taken until the planted bug broke the invariant (the Counter
    reaching COUNTER_TARGET, as `invariant selectValue != 40`; Animals holding five mammals, as
    `invariant selectAnimals(categoryId: "Mammal").count < 5`; the breaker tripping early), or
    null when 100,000 steps did not find it;
  - distinct transitions: (abstract state, rule, abstract state after) over the first 100,000
    steps with no invariant, the state abstracted as `explore` abstracts the Swift state
    (integers and dictionary sizes in buckets of their order of magnitude, 0, 1, 2, 3-4, 5-8,
    ..., the same below zero; an enum by its case; an optional by its presence, then as what it
    wraps; a Bool as itself), counting only the steps the Swift reducer accepts (a request while
    open, the timer while not open, an Animals delete or update of an animal not in the state,
    are refused there);
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


class Animals(Traced):
    """The Animals domain's reducer (`AnimalsReducer.reduce` of Sources/AnimalsData), with the
    planted bug of `coverage.sh`: five mammals, `selectAnimals(categoryId: "Mammal").count < 5`.

    One rule a case of the domain's action catalog (`animalsActionExamples`), named by the case
    path `explore` counts its transitions by. A data action's result (`success(...)` or
    `failure(error:)`) is a payload, not a case of its own, as it is in the catalog, so each
    result-carrying rule draws one of the two. A step the reducer refuses (it throws
    `animalNotFound` when a delete, an update or a did-update/did-delete names an animal not in
    `animals.data`) counts as a step but not as a transition, and leaves the state as it was.

    Payloads: animal ids from the sample animals' ids and the catalog's "A1", or any text (so that
    an action sometimes names an animal that exists, sometimes one that does not); names likewise;
    category ids from the six sample categories; diets from `Animal.Diet`'s raw values; errors any
    text. Lists of animals or categories hold 0 to 3 elements, as `explore`'s generated arrays do,
    so that no single fetch can carry the five mammals that take explore several steps.

    The abstract state is `explore`'s for `AnimalsState`: the two dictionaries of data and the
    queue by the bucket of their count, and the two `Status?` by presence and case (`nil`,
    `.waiting`, `.success`, `.failure`, the error left out). It differs only in form: explore
    hashes the five leaves into one code where this keeps the tuple, so it could merge two
    abstract states on a hash collision where this cannot. `Status.empty` is never set by the
    reducer, so neither reaches it.
    """

    ANIMAL_IDS = ["A1", "Bibbon", "Cat", "Dog", "Kangaroo", "Newt", "Sparrow"]
    ANIMAL_NAMES = ["Cat", "Dog", "Eagle", "House sparrow", "Kitty", "Newt", "Red kangaroo", "Southern gibbon"]
    CATEGORY_IDS = ["Amphibian", "Bird", "Fish", "Invertebrate", "Mammal", "Reptile"]
    DIETS = ["Herbivore", "Carnivore", "Omnivore"]

    animal_ids = st.one_of(st.sampled_from(ANIMAL_IDS), st.text())
    # An animal: (animalId, name, diet, categoryId), as `Animal`'s stored properties.
    animals = st.tuples(animal_ids, st.one_of(st.sampled_from(ANIMAL_NAMES), st.text()),
                        st.sampled_from(DIETS), st.sampled_from(CATEGORY_IDS))
    # A category: (categoryId, name); the name is the id, as in `Category.samples`.
    categories = st.sampled_from(CATEGORY_IDS).map(lambda category_id: (category_id, category_id))
    # `failure(error:)`; each success is built beside its rule.
    failure = st.builds(lambda error: ("failure", error), st.text())
    # The result a store's add, update or delete answers with: the animal, or a failure.
    animal_result = st.one_of(st.builds(lambda animal: ("success", animal), animals), failure)

    def __init__(self):
        super().__init__()
        # `AnimalsState()`: nothing fetched, no status, nothing queued. A status is nil (None),
        # ("waiting",), ("success",) or ("failure", error), as `Status?`.
        self.categories_data = {}
        self.categories_status = None
        self.animals_data = {}
        self.animals_status = None
        self.animals_queue = {}

    def abstract(self):
        def case(status):
            return None if status is None else status[0]
        return (bucket(len(self.categories_data)), case(self.categories_status),
                bucket(len(self.animals_data)), case(self.animals_status), bucket(len(self.animals_queue)))

    def broken(self):
        # `selectAnimals(categoryId: "Mammal")` filters `animals.data` by category.
        return sum(1 for animal in self.animals_data.values() if animal[3] == "Mammal") >= 5

    # The UI actions.

    @rule()
    def category_list_on_appear(self):
        self.step("ui.categoryList.onAppear")
        if self.categories_status is None:
            self.categories_status = ("waiting",)

    @rule()
    def category_list_on_tap_reload_sample_data_button(self):
        self.step("ui.categoryList.onTapReloadSampleDataButton")
        if self.categories_status != ("waiting",) and self.animals_status != ("waiting",):
            self.categories_status = ("waiting",)
            self.animals_status = ("waiting",)

    @rule()
    def animal_list_on_appear(self):
        self.step("ui.animalList.onAppear")
        if self.animals_status is None:
            self.animals_status = ("waiting",)

    @rule(animal_id=animal_ids)
    def animal_list_on_tap_delete_selected_animal_button(self, animal_id):
        self.step("ui.animalList.onTapDeleteSelectedAnimalButton", accepted=animal_id in self.animals_data)
        if animal_id in self.animals_data:
            self.animals_queue[animal_id] = ("waiting",)

    @rule(animal_id=animal_ids)
    def animal_detail_on_tap_delete_selected_animal_button(self, animal_id):
        self.step("ui.animalDetail.onTapDeleteSelectedAnimalButton", accepted=animal_id in self.animals_data)
        if animal_id in self.animals_data:
            self.animals_queue[animal_id] = ("waiting",)

    @rule(animal=animals)
    def animal_editor_on_tap_add_animal_button(self, animal):
        # `id` tracks the new animal until the store assigns its own; the name, diet and
        # category go to the store, not to the state.
        self.step("ui.animalEditor.onTapAddAnimalButton")
        self.animals_queue[animal[0]] = ("waiting",)

    @rule(animal=animals)
    def animal_editor_on_tap_update_animal_button(self, animal):
        self.step("ui.animalEditor.onTapUpdateAnimalButton", accepted=animal[0] in self.animals_data)
        if animal[0] in self.animals_data:
            self.animals_queue[animal[0]] = ("waiting",)

    # The data actions the listener sends back.

    @rule(result=st.one_of(st.builds(lambda categories: ("success", categories), st.lists(categories, max_size=3)), failure))
    def did_fetch_categories(self, result):
        self.step("data.persistentSession.didFetchCategories")
        if result[0] == "success":
            for category in result[1]:
                self.categories_data[category[0]] = category
            self.categories_status = ("success",)
        else:
            self.categories_status = result

    @rule(result=st.one_of(st.builds(lambda animals: ("success", animals), st.lists(animals, max_size=3)), failure))
    def did_fetch_animals(self, result):
        self.step("data.persistentSession.didFetchAnimals")
        if result[0] == "success":
            for animal in result[1]:
                self.animals_data[animal[0]] = animal
            self.animals_status = ("success",)
        else:
            self.animals_status = result

    @rule(result=st.one_of(
        st.builds(lambda animals, categories: ("success", animals, categories),
                  st.lists(animals, max_size=3), st.lists(categories, max_size=3)),
        failure))
    def did_reload_sample_data(self, result):
        self.step("data.persistentSession.didReloadSampleData")
        if result[0] == "success":
            # Replaces both dictionaries; of two elements with one id, the last is kept.
            self.animals_data = {animal[0]: animal for animal in result[1]}
            self.categories_data = {category[0]: category for category in result[2]}
            self.animals_status = ("success",)
            self.categories_status = ("success",)
        else:
            self.animals_status = result
            self.categories_status = result

    @rule(animal_id=animal_ids, result=animal_result)
    def did_add_animal(self, animal_id, result):
        self.step("data.persistentSession.didAddAnimal")
        if result[0] == "success":
            # Kept by the id the store assigned, queued by the id the editor tracked it with.
            self.animals_data[result[1][0]] = result[1]
            self.animals_queue[animal_id] = ("success",)
        else:
            self.animals_queue[animal_id] = result

    @rule(animal_id=animal_ids, result=animal_result)
    def did_update_animal(self, animal_id, result):
        self.step("data.persistentSession.didUpdateAnimal", accepted=animal_id in self.animals_data)
        if animal_id not in self.animals_data:
            return
        if result[0] == "success":
            # Keyed by the id the update was asked for, whatever id the returned animal has.
            self.animals_data[animal_id] = result[1]
            self.animals_queue[animal_id] = ("success",)
        else:
            self.animals_queue[animal_id] = result

    @rule(animal_id=animal_ids, result=animal_result)
    def did_delete_animal(self, animal_id, result):
        self.step("data.persistentSession.didDeleteAnimal", accepted=animal_id in self.animals_data)
        if animal_id not in self.animals_data:
            return
        if result[0] == "success":
            # The id asked for must exist, but the one removed and queued is the returned animal's.
            self.animals_data.pop(result[1][0], None)
            self.animals_queue[result[1][0]] = ("success",)
        else:
            self.animals_queue[animal_id] = result


def one_pass(machine, run_seed, checks):
    Run.reset(checks)
    start = time.perf_counter()
    try:
        # The seed goes on the factory of machines: `run_state_machine_as_test` copies it from
        # there onto the test it builds. On a function that calls it, it would seed nothing, and
        # each pass would draw a seed of its own, run to run.
        run_state_machine_as_test(
            seed(run_seed)(lambda: machine()),
            settings=settings(
                max_examples=10 * BUDGET, stateful_step_count=50, deadline=None, database=None,
                phases=[Phase.generate], suppress_health_check=list(HealthCheck), verbosity=Verbosity.quiet,
            ),
        )
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
    models = sys.argv[1:] or ["counter", "animals", "breaker"]
    machines = {"counter": Counter, "animals": Animals, "breaker": Breaker}
    print(json.dumps({name: measure(machines[name], seeds) for name in models}))

import Benchmark
import HashTreeCollections
import QuakesData
import SmokeMode
import SyntheticQuakes

// Figure 3 of ENGINEERING.md: insert, update and delete one element of a large state while
// every earlier state is kept (as a store's history and its listeners' `oldState` keep it).
// One "edit" below is the three of them in a row, each on a copy of the state before it,
// with the older states still alive.

/// The keyed containers compared: `TreeDictionary` (what the states use) and Swift's `Dictionary`.
protocol KeyedQuakes {
  subscript(key: String) -> Quake? { get set }
}

extension TreeDictionary<String, Quake>: KeyedQuakes {}
extension Dictionary<String, Quake>: KeyedQuakes {}

/// One edit on `base` of `count` elements: inserts a new quake, updates one, deletes another,
/// each into a new value while the previous values stay alive; returns the three new values.
@inline(never)
func edit<Quakes: KeyedQuakes>(_ base: Quakes, count: Int, round: Int) -> (Quakes, Quakes, Quakes) {
  var inserted = base
  inserted[SyntheticQuakes.id(count + round)] = SyntheticQuakes.quake(count + round)
  var updated = inserted
  let updatedIndex = (round &* 7919) % count
  updated[SyntheticQuakes.id(updatedIndex)] = SyntheticQuakes.quake(updatedIndex, revision: round + 1)
  var deleted = updated
  deleted[SyntheticQuakes.id((updatedIndex + 1) % count)] = nil
  return (inserted, updated, deleted)
}

func treeDictionary(count: Int) -> TreeDictionary<String, Quake> {
  TreeDictionary(uniqueKeysWithValues: SyntheticQuakes.quakes(count: count).map { ($0.quakeId, $0) })
}

func dictionary(count: Int) -> [String: Quake] {
  Dictionary(uniqueKeysWithValues: SyntheticQuakes.quakes(count: count).map { ($0.quakeId, $0) })
}

let small = 1_024
let large = 65_536

let benchmarks: @Sendable () -> Void = {
  SmokeCheck.install()
  Benchmark.defaultConfiguration = Benchmark.Configuration(
    metrics: [.wallClock, .mallocCountTotal],
    warmupIterations: 1,
    scalingFactor: .kilo,
    maxDuration: .seconds(3),
    maxIterations: 50
  ).smoked

  Benchmark("3 edit, old kept: TreeDictionary 1k") { benchmark in
    let base = treeDictionary(count: small)
    benchmark.startMeasurement()
    for round in benchmark.scaledIterations {
      blackHole(edit(base, count: small, round: round))
    }
  }

  Benchmark("3 edit, old kept: TreeDictionary 64k") { benchmark in
    let base = treeDictionary(count: large)
    benchmark.startMeasurement()
    for round in benchmark.scaledIterations {
      blackHole(edit(base, count: large, round: round))
    }
  }

  // A thousand full copies of 64k entries would take seconds, so this one edits once per
  // iteration; read it per edit, as the others with `--scale`.
  Benchmark(
    "3 edit, old kept: Dictionary 64k",
    configuration: Benchmark.Configuration(scalingFactor: .one, maxDuration: .seconds(3), maxIterations: 200).smoked
  ) { benchmark in
    let base = dictionary(count: large)
    benchmark.startMeasurement()
    for round in benchmark.scaledIterations {
      blackHole(edit(base, count: large, round: round))
    }
  }

  Benchmark("3 edit, old kept: QuakesReducer on 64k QuakesState") { benchmark in
    let base = try SyntheticQuakes.state(count: large)
    benchmark.startMeasurement()
    for round in benchmark.scaledIterations {
      let updatedIndex = (round &* 7919) % large
      let inserted = try QuakesReducer.reduce(
        state: base,
        action: .data(.persistentSession(.remoteStore(.didFetchQuakes(result: .success(quakes: [SyntheticQuakes.quake(large + round)])))))
      )
      let updated = try QuakesReducer.reduce(
        state: inserted,
        action: .data(.persistentSession(.remoteStore(.didFetchQuakes(result: .success(quakes: [SyntheticQuakes.quake(updatedIndex, revision: round + 1)])))))
      )
      let deleted = try QuakesReducer.reduce(
        state: updated,
        action: .ui(.quakeList(.onTapDeleteSelectedQuakeButton(quakeId: SyntheticQuakes.id((updatedIndex + 1) % large))))
      )
      blackHole((inserted, updated, deleted))
    }
  }
}

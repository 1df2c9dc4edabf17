import ImmutableData
import Types

// The store's dispatch in a loop, as an app's module calls it, built by `run.sh` from the
// library's sources of a given revision: the no-tap dispatch (the nil check), and with a tap
// that drops (its ring full) or records (emptied before each burst). Medians of 21.

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

@inline(never) @MainActor func nanoseconds(_ count: Int, on store: Store<S, A>) throws -> Double {
  let start = ContinuousClock.now
  for _ in 0..<count { try store.dispatch(action: .inc) }
  let elapsed = ContinuousClock.now - start
  return (Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) * 1e-9) / Double(count)
}

@main struct Loop {
  @MainActor static func main() async throws {
    let store = Store(initialState: S(), reducer: R.reduce)
    var bursts: [Double] = []
    var small: [Double] = []
    for _ in 0..<21 {
      bursts.append(try nanoseconds(10_000, on: store))
      small.append(try nanoseconds(256, on: store))
      try await Task.sleep(for: .milliseconds(2))
    }
    print("no tap:            \(median(bursts)) ns (bursts of 10,000), \(median(small)) ns (of 256)")
    #if TAP
    #if NEWSTATE
    // Since the tap hands over the new state too (the reducer never runs again for it).
    let tap = DispatchTap<(oldState: S, action: A, newState: S)>(capacity: 512)
    #else
    let tap = DispatchTap<(oldState: S, action: A)>(capacity: 512)
    #endif
    store.installTap(tap)
    var dropping: [Double] = []
    var recording: [Double] = []
    for _ in 0..<21 {
      dropping.append(try nanoseconds(10_000, on: store))
      while tap.take() != nil {}
      recording.append(try nanoseconds(256, on: store))
      while tap.take() != nil {}
    }
    print("tap, ring full:    \(median(dropping)) ns")
    print("tap, recording:    \(median(recording)) ns")
    #endif
  }
}

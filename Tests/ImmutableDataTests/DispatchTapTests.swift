import Foundation
@testable import ImmutableData
import Synchronization
import Testing

/// Runs `work` on a thread of its own (the ring's reader blocks it) and returns its result.
func onThread<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
  await withCheckedContinuation { continuation in
    Thread.detachNewThread { continuation.resume(returning: work()) }
  }
}

/// Starts `work` on a thread of its own now; its result comes with `value`.
final class ThreadResult<T: Sendable>: Sendable {
  private let result = Mutex<T?>(nil)
  private let done = DispatchSemaphore(value: 0)

  init(_ work: @escaping @Sendable () -> T) {
    Thread.detachNewThread { [self] in
      let value = work()
      result.withLock { $0 = value }
      done.signal()
    }
  }

  /// Waits for the thread, on a thread of its own.
  var value: T {
    get async {
      await onThread { [self] in
        done.wait()
        return result.withLock { $0! }
      }
    }
  }
}

/// The ring a debugging attachment reads a store's dispatches from: order, wrap-around, drops
/// counted where they happen, the store's hook, and one writer racing one reader.
@Suite(.timeLimit(.minutes(3))) struct DispatchTapTests {
  /// Everything waiting, without waiting.
  private func takeAll<Element>(_ tap: DispatchTap<Element>) -> [(element: Element, droppedBefore: Int)] {
    var taken: [(element: Element, droppedBefore: Int)] = []
    while let entry = tap.take() { taken.append(entry) }
    return taken
  }

  @Test func pairsComeOutInTheOrderTheyWentIn() {
    let tap = DispatchTap<Int>(capacity: 8)
    for value in 1...5 { tap.record(value) }
    #expect(tap.waiting == 5)
    let taken = takeAll(tap)
    #expect(taken.map(\.element) == [1, 2, 3, 4, 5])
    #expect(taken.allSatisfy { $0.droppedBefore == 0 })
    #expect(tap.take() == nil)
    #expect(tap.dropped == 0)
  }

  @Test func capacityIsRoundedUpToAPowerOfTwo() {
    #expect(DispatchTap<Int>(capacity: 5).capacity == 8)
    #expect(DispatchTap<Int>(capacity: 512).capacity == 512)
    #expect(DispatchTap<Int>(capacity: 0).capacity == 1)
  }

  @Test func theRingWrapsAroundAndKeepsTheOrder() {
    let tap = DispatchTap<Int>(capacity: 4)
    var next = 0
    var seen: [Int] = []
    for round in 0..<300 {
      // 1, 2, 3 or 4 at a time, so the slots used move around the ring.
      for _ in 0...(round % 4) {
        tap.record(next)
        next += 1
      }
      seen += takeAll(tap).map(\.element)
    }
    #expect(seen == Array(0..<next))
    #expect(tap.dropped == 0)
  }

  @Test func aFullRingDropsAndTheNextPairSaysHowMany() {
    let tap = DispatchTap<Int>(capacity: 4)
    for value in 1...10 { tap.record(value) }
    #expect(tap.dropped == 6)
    #expect(takeAll(tap).map(\.element) == [1, 2, 3, 4])
    tap.record(11)
    tap.record(12)
    let taken = takeAll(tap)
    #expect(taken.map(\.element) == [11, 12])
    #expect(taken.map(\.droppedBefore) == [6, 0], "the gap is reported once, just before the pair that follows it")
    for value in 13...20 { tap.record(value) }
    tap.record(21)
    #expect(tap.dropped == 6 + 5)
    #expect(takeAll(tap).map(\.droppedBefore) == [0, 0, 0, 0])
    tap.record(22)
    #expect(tap.take().map { [$0.element, $0.droppedBefore] } == [22, 5])
  }

  @Test func finishingHandsOverWhatWaitsThenEnds() {
    let tap = DispatchTap<String>(capacity: 4)
    tap.record("a")
    tap.record("b")
    tap.finish()
    #expect(tap.waitForNext()?.element == "a")
    #expect(tap.waitForNext()?.element == "b")
    #expect(tap.waitForNext() == nil)
  }

  @Test func aWaitingReaderWakesForTheNextPairAndForTheEnd() async {
    let tap = DispatchTap<Int>(capacity: 4)
    let reader = ThreadResult { () -> [Int] in
      var values: [Int] = []
      while let entry = tap.waitForNext() { values.append(entry.element) }
      return values
    }
    for value in 0..<50 {
      usleep(value % 5 == 0 ? 2_000 : 0)
      tap.record(value)
    }
    usleep(2_000)
    tap.finish()
    let values = await reader.value
    #expect(values == Array(values.sorted()))
    #expect(values.count + tap.dropped == 50)
  }

  /// One writer on its own task, one reader on another, racing through a small ring: every pair
  /// read is later than the one before, each gap is exactly the drops reported before it, and
  /// every pair written is either read or counted as dropped.
  @Test func oneWriterAndOneReaderRaceWithoutLosingCount() async {
    for round in 0..<300 {
      let tap = DispatchTap<Int>(capacity: 16)
      let count = 2_000
      let reader = ThreadResult { () -> (read: Int, last: Int, droppedReported: Int, consistent: Bool) in
        var last = -1
        var read = 0
        var reported = 0
        var consistent = true
        while let entry = tap.waitForNext() {
          if entry.element - last - 1 != entry.droppedBefore { consistent = false }
          last = entry.element
          reported += entry.droppedBefore
          read += 1
        }
        return (read, last, reported, consistent)
      }
      // The writer pauses now and then, so the reader also catches up and sleeps.
      await onThread {
        for value in 0..<count {
          tap.record(value)
          if value % 97 == round % 97 { usleep(UInt32(round % 3) * 50) }
        }
        tap.finish()
      }
      let result = await reader.value
      #expect(result.consistent, "round \(round): a gap differs from the drops reported before it")
      let trailing = count - 1 - result.last
      #expect(result.droppedReported + trailing == tap.dropped, "round \(round)")
      #expect(result.read + tap.dropped == count, "round \(round): read \(result.read), dropped \(tap.dropped)")
      if !result.consistent || result.read + tap.dropped != count { break }
    }
  }
}

/// The store's hook: what it writes into an installed tap, and that removing the tap stops it.
@MainActor @Suite struct StoreTapTests {
  private struct Rejected: Error {}

  private func store() -> Store<Int, Int> {
    Store(initialState: 0) { state, action in
      guard action >= 0 else { throw Rejected() }
      return state + action
    }
  }

  @Test func theStoreWritesEachOldStateActionAndNewStateAfterItsStreams() throws {
    let store = store()
    let tap = DispatchTap<(oldState: Int, action: Int, newState: Int)>(capacity: 8)
    try store.dispatch(action: 1)
    store.installTap(tap)
    try store.dispatch(action: 2)
    #expect(throws: Rejected.self) { try store.dispatch(action: -1) }
    try store.dispatch(action: 3)
    var entries: [[Int]] = []
    while let entry = tap.take() { entries.append([entry.element.oldState, entry.element.action, entry.element.newState]) }
    #expect(entries == [[1, 2, 3], [3, 3, 6]], "from installation on, with the state the reducer returned; rejected actions not written")
    store.removeTap(tap)
    try store.dispatch(action: 4)
    #expect(tap.take() == nil)
    #expect(store.select { $0 } == 10)
  }

  @Test func removingTheTapEndsItsReader() async throws {
    let store = store()
    let tap = DispatchTap<(oldState: Int, action: Int, newState: Int)>(capacity: 8)
    store.installTap(tap)
    let reader = ThreadResult { () -> [Int] in
      var actions: [Int] = []
      while let entry = tap.waitForNext() { actions.append(entry.element.action) }
      return actions
    }
    for action in 1...5 { try store.dispatch(action: action) }
    store.removeTap(tap)
    try store.dispatch(action: 6)
    #expect(await reader.value == [1, 2, 3, 4, 5])
  }

  @Test func aSecondTapReplacesAndFinishesTheFirst() async throws {
    let store = store()
    let first = DispatchTap<(oldState: Int, action: Int, newState: Int)>(capacity: 8)
    let second = DispatchTap<(oldState: Int, action: Int, newState: Int)>(capacity: 8)
    store.installTap(first)
    try store.dispatch(action: 1)
    store.installTap(second)
    try store.dispatch(action: 2)
    #expect(first.waitForNext()?.element.action == 1)
    #expect(first.waitForNext() == nil)
    #expect(second.take()?.element.action == 2)
    store.removeTap(first)
    try store.dispatch(action: 3)
    #expect(second.take()?.element.action == 3, "removing a tap that is no longer installed leaves the current one")
  }
}

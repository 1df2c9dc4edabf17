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
@Suite(.timeLimit(.minutes(10))) struct DispatchTapTests {
  /// Everything waiting, without waiting: the pairs, and the drops told after the last one.
  private func takeAll<Element>(_ tap: DispatchTap<Element>) -> [DispatchTap<Element>.Taken] {
    var taken: [DispatchTap<Element>.Taken] = []
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
    var seen: [Int?] = []
    for round in 0..<300 {
      // 1, 2, 3 or 4 at a time, so the slots used move around the ring.
      for _ in 0...(round % 4) {
        tap.record(next)
        next += 1
      }
      seen += takeAll(tap).map(\.element)
    }
    #expect(seen == (0..<next).map { $0 }, "every pair, and no drops told")
    #expect(tap.dropped == 0)
  }

  @Test func aFullRingDropsAndTheReaderIsToldHowManyWhereTheyWere() {
    let tap = DispatchTap<Int>(capacity: 4)
    for value in 1...10 { tap.record(value) }
    #expect(tap.dropped == 6)
    let first = takeAll(tap)
    #expect(first.map(\.element) == [1, 2, 3, 4, nil], "the drops after the last pair are told once the ring is empty")
    #expect(first.map(\.droppedBefore) == [0, 0, 0, 0, 6])
    tap.record(11)
    tap.record(12)
    let taken = takeAll(tap)
    #expect(taken.map(\.element) == [11, 12])
    #expect(taken.map(\.droppedBefore) == [0, 0], "drops already told are not told again")
    for value in 13...20 { tap.record(value) }
    tap.record(21)
    #expect(tap.dropped == 6 + 5)
    #expect(takeAll(tap).map(\.droppedBefore) == [0, 0, 0, 0, 5])
    tap.record(22)
    #expect(tap.take().map { [$0.element, $0.droppedBefore] } == [22, 0])
  }

  /// Every take says how many of the writer's records it accounts for, kept or dropped: the
  /// number of its pair among all those recorded, or of the last drop it tells; `recorded`, read
  /// by the writer, is that number for the last record.
  @Test func eachTakeSaysHowManyRecordsItAccountsFor() {
    let tap = DispatchTap<Int>(capacity: 2)
    for value in 1...5 { tap.record(value) }
    #expect(tap.recorded == 5)
    let first = takeAll(tap)
    #expect(first.map(\.element) == [1, 2, nil])
    #expect(first.map(\.through) == [1, 2, 5])
    for value in 6...9 { tap.record(value) }
    let second = takeAll(tap)
    #expect(second.map(\.element) == [6, 7, nil])
    #expect(second.map(\.through) == [6, 7, 9])
    // A drop told with the pair after it: the pair's number counts the drop.
    tap.record(10)
    tap.record(11)
    tap.record(12)
    #expect(tap.take().map { [$0.element, $0.through] } == [10, 10])
    tap.record(13)
    let third = takeAll(tap)
    #expect(third.map(\.element) == [11, 13])
    #expect(third.map(\.droppedBefore) == [0, 1])
    #expect(third.map(\.through) == [11, 13])
    #expect(tap.recorded == 13)
  }

  /// A gap between pairs is told with the pair after it, when the reader gets to it after the
  /// writer wrote that pair.
  @Test func aGapFollowedByAPairIsToldWithThatPair() {
    let tap = DispatchTap<Int>(capacity: 4)
    for value in 1...6 { tap.record(value) }
    #expect(tap.take().map { [$0.element, $0.droppedBefore] } == [1, 0])
    tap.record(7)
    #expect(takeAll(tap).map { [$0.element, $0.droppedBefore] } == [[2, 0], [3, 0], [4, 0], [7, 2]])
    #expect(tap.take() == nil)
  }

  /// The app's last actions dropped while the reader drained a full ring, and nothing dispatched
  /// after them: the reader that finds the ring empty is told them before it would sleep, by
  /// `waitForNext()` as by `take()`, and once.
  @Test func dropsWithNothingAfterThemAreToldWhenTheRingIsEmpty() async {
    let tap = DispatchTap<Int>(capacity: 8)
    for value in 0..<8 { tap.record(value) }
    for value in 8..<11 { tap.record(value) }
    #expect(tap.dropped == 3)
    let told = await onThread { () -> [DispatchTap<Int>.Taken] in
      var taken: [DispatchTap<Int>.Taken] = []
      while taken.last?.element != nil || taken.isEmpty, let next = tap.waitForNext() { taken.append(next) }
      return taken
    }
    #expect(told.map(\.element) == Array(0..<8) + [nil])
    #expect(told.map(\.droppedBefore) == Array(repeating: 0, count: 8) + [3])
    #expect(tap.take() == nil, "told once")
    tap.finish()
    #expect(tap.waitForNext() == nil)
  }

  /// Drops and pairs in every order, read at every point: the drops told add up to the drops
  /// counted, each told in its place (before the first pair written after it), none twice.
  @Test func dropsToldAddUpToDropsCountedWhateverTheInterleaving() {
    var generator = SystemRandomNumberGenerator()
    for round in 0..<200 {
      let tap = DispatchTap<Int>(capacity: 1 << (round % 4))
      var next = 0
      var last = -1
      var toldSinceLast = 0
      var toldInAll = 0
      for _ in 0..<50 {
        for _ in 0..<Int.random(in: 0...(2 * tap.capacity), using: &generator) {
          tap.record(next)
          next += 1
        }
        for _ in 0..<Int.random(in: 0...(tap.capacity + 1), using: &generator) {
          guard let taken = tap.take() else { break }
          #expect(taken.droppedBefore >= 0)
          toldSinceLast += taken.droppedBefore
          toldInAll += taken.droppedBefore
          guard let element = taken.element else {
            #expect(taken.droppedBefore > 0, "round \(round): an empty ring with nothing to tell takes nil")
            continue
          }
          #expect(element - last - 1 == toldSinceLast, "round \(round): the gap before \(element) was told \(toldSinceLast)")
          last = element
          toldSinceLast = 0
        }
      }
      for taken in takeAll(tap) {
        toldSinceLast += taken.droppedBefore
        toldInAll += taken.droppedBefore
        if let element = taken.element {
          #expect(element - last - 1 == toldSinceLast, "round \(round)")
          last = element
          toldSinceLast = 0
        }
      }
      #expect(toldInAll == tap.dropped, "round \(round): told \(toldInAll) of \(tap.dropped) dropped")
      #expect(next - 1 - last == toldSinceLast, "round \(round): the drops after the last pair")
    }
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
      while let entry = tap.waitForNext() { values += entry.element.map { [$0] } ?? [] }
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

  /// Two readers taking turns under a lock, one resting on the ring between its turns
  /// (`waitForSomethingToTake()`), the other the test itself: each pair is taken once, the
  /// drops told once, all in the writer's order.
  @Test func readersTakingTurnsTakeEachPairOnceInOrder() async {
    let tap = DispatchTap<Int>(capacity: 16)
    let taken = Mutex<[DispatchTap<Int>.Taken]>([])
    @Sendable func takeInTurn() -> Bool {
      taken.withLock { taken in
        guard let next = tap.take() else { return false }
        taken.append(next)
        return true
      }
    }
    let resting = ThreadResult { () -> Bool in
      while tap.waitForSomethingToTake() { _ = takeInTurn() }
      return true
    }
    let total = 2_000
    for value in 1...total {
      tap.record(value)
      if value % 7 == 0 { while takeInTurn() {} }
    }
    tap.finish()
    #expect(await resting.value)
    while takeInTurn() {}
    let all = taken.withLock { $0 }
    let values = all.compactMap(\.element)
    #expect(values == values.sorted() && Set(values).count == values.count)
    #expect(all.map(\.through) == all.map(\.through).sorted())
    #expect(values.count + all.reduce(0) { $0 + $1.droppedBefore } == total)
    #expect(all.last?.through == total)
  }

  /// A reader resting on an empty ring for its turn is woken by the next pair, and told the end.
  @Test func aReaderWaitingForItsTurnWakesForAPairAndForTheEnd() async {
    let tap = DispatchTap<Int>(capacity: 8, look: .milliseconds(1), looksBeforeSleep: 3, sleep: .seconds(3_600))
    let first = ThreadResult { tap.waitForSomethingToTake() }
    await untilReader(of: tap, rests: .asleep)
    tap.record(1)
    #expect(await first.value)
    #expect(tap.take()?.element == 1)
    let second = ThreadResult { tap.waitForSomethingToTake() }
    await untilReader(of: tap, rests: .asleep)
    tap.finish()
    #expect(await second.value == false)
  }

  /// Waits (for the reader thread, a signal, not a time) until the reader rests as `rest`.
  private func untilReader<Element>(of tap: DispatchTap<Element>, rests rest: DispatchTap<Element>.Rest) async {
    while tap.readerRest.load(ordering: .sequentiallyConsistent) != rest.rawValue { await Task.yield() }
  }

  /// A reader that dozes (the app dispatched lately) is not woken by a pair, so the app makes no
  /// system call, until the ring is three quarters full; the writer's wake-up is told by the rest it clears.
  /// The reader's own look is an hour here: it returns only because the writer woke it.
  @Test func aDozingReaderIsWokenOnlyWhenTheRingIsThreeQuartersFull() async {
    let tap = DispatchTap<Int>(capacity: 8, look: .seconds(3_600), looksBeforeSleep: .max)
    let reader = ThreadResult { tap.waitForNext()?.element }
    await untilReader(of: tap, rests: .dozing)
    for value in 0..<5 { tap.record(value) }
    #expect(tap.readerRest.load(ordering: .sequentiallyConsistent) == DispatchTap<Int>.Rest.dozing.rawValue, "5 of 8 waiting: left dozing")
    tap.record(5)
    #expect(tap.readerRest.load(ordering: .sequentiallyConsistent) == DispatchTap<Int>.Rest.awake.rawValue, "6 of 8: woken")
    #expect(await reader.value == 0)
    tap.finish()
  }

  /// After `looksBeforeSleep` empty looks the reader sleeps, and then the next pair wakes it. Its
  /// own look while asleep is an hour here: it returns only because the writer woke it.
  @Test func aReaderThatFoundNothingForAWhileSleepsAndTheNextPairWakesIt() async {
    let tap = DispatchTap<Int>(capacity: 8, look: .milliseconds(1), looksBeforeSleep: 3, sleep: .seconds(3_600))
    let reader = ThreadResult { tap.waitForNext()?.element }
    await untilReader(of: tap, rests: .asleep)
    tap.record(7)
    #expect(tap.readerRest.load(ordering: .sequentiallyConsistent) == DispatchTap<Int>.Rest.awake.rawValue)
    #expect(await reader.value == 7)
    tap.finish()
  }

  /// One writer on its own task, one reader on another, racing through a small ring: every pair
  /// read is later than the one before, each gap (the last one after the last pair included) is
  /// exactly the drops reported before it, and every pair written is either read or told dropped.
  @Test func oneWriterAndOneReaderRaceWithoutLosingCount() async {
    for round in 0..<300 {
      let tap = DispatchTap<Int>(capacity: 16)
      let count = 2_000
      let reader = ThreadResult { () -> (read: Int, last: Int, droppedReported: Int, consistent: Bool) in
        var last = -1
        var read = 0
        var reported = 0
        var sinceLast = 0
        var consistent = true
        while let entry = tap.waitForNext() {
          reported += entry.droppedBefore
          sinceLast += entry.droppedBefore
          guard let element = entry.element else { continue }
          if element - last - 1 != sinceLast { consistent = false }
          last = element
          sinceLast = 0
          read += 1
        }
        if count - 1 - last != sinceLast { consistent = false }
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
      #expect(result.droppedReported == tap.dropped, "round \(round): the drops after the last pair read are told too")
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
    while let element = tap.take()?.element { entries.append([element.oldState, element.action, element.newState]) }
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
      while let entry = tap.waitForNext() { actions += entry.element.map { [$0.action] } ?? [] }
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
    #expect(first.waitForNext()?.element?.action == 1)
    #expect(first.waitForNext() == nil)
    #expect(second.take()?.element?.action == 2)
    store.removeTap(first)
    try store.dispatch(action: 3)
    #expect(second.take()?.element?.action == 3, "removing a tap that is no longer installed leaves the current one")
  }
}

import Dispatch
import Synchronization

/// A bounded ring of what a store dispatches (`Store.Tapped`: the old state, the action and the
/// new state), for one reader off the main actor (a debugging attachment's `tail`), at a cost the
/// app hardly notices.
///
/// The store writes each pair into a slot allocated up front: no allocation, no lock, no
/// read-modify-write, no fence and no waiting per dispatch. When the reader is `capacity` pairs
/// behind, the pair is dropped and counted. The reader is told every drop once, where it was:
/// with the next pair written after it, or, when none was (the app dispatched nothing since),
/// as soon as the reader finds the ring empty (`Taken` without an element), before it would
/// sleep. One writer (the store, on its actor) and one reader at a time: a thread of its own,
/// which `waitForNext()` blocks (so that it may run at a low priority), or threads that take
/// turns under a lock of the caller's (`waitForSomethingToTake()`).
///
/// Waking a sleeping thread is a system call, and on a virtual machine whose other core idles it
/// costs the caller microseconds: more than a thousand dispatches. So the app's dispatch wakes
/// the reader only when it must. While the app dispatched within the last second, a reader that
/// finds the ring empty dozes: it looks again by itself every 10 ms, and a dispatch wakes it only
/// to save a ring about to overflow (three quarters full). After a second without a dispatch it
/// sleeps until the next one wakes it. An action reaches the reader at most 10 ms after the app
/// dispatched it (a second when the dispatch missed the reader lying down to sleep, below), and
/// an app that dispatches in bursts makes no system call for its tap unless a burst would fill
/// three quarters of the ring.
@usableFromInline package final class DispatchTap<Element: Sendable>: @unchecked Sendable {
  // @unchecked: `slots` is shared by one writer and one reader, which the atomic counts keep
  // apart: the writer initializes a slot before it publishes `written`; the reader moves the
  // pair out before it publishes `read`, after which the writer may reuse the slot.
  //
  // Telling drops, and why each is told once and in its place. Every entry carries the writer's
  // `droppedTotal` as it wrote the entry; the reader keeps in `told` how many drops it has told,
  // and tells `entry.droppedTotalBefore - told` before the entry's pair. A drop with no entry
  // after it is told when the reader finds the ring empty: `take()` loads `droppedTotal`
  // (acquiring) *before* it loads `written`, and when the ring is empty by that load it tells
  // `droppedTotal - told`. Those drops all happened before any pair the reader has yet to read:
  // the writer stores `droppedTotal` releasing, after its own store of `written` for every pair
  // written before the drop, so a reader that saw the drop sees those pairs written too — the
  // ring would not be empty. Hence every entry read later carries a `droppedTotalBefore` at least
  // `told`: no drop is told twice, and none is told ahead of a pair written before it. The
  // `droppedTotal` must be loaded first: loaded after an empty `written`, it could count drops
  // the writer made after filling the ring meanwhile (a starved reader may wait long between two
  // loads), which belong after pairs the reader has not read yet. The ring drops only when full,
  // so never while the reader sleeps on an empty ring: what it was told before sleeping is all
  // there is until the writer wakes it with a pair.

  /// One pair with the writer's `droppedTotal` when it wrote it.
  @usableFromInline struct Entry {
    @usableFromInline let element: Element
    @usableFromInline let droppedTotalBefore: Int

    @inlinable init(element: Element, droppedTotalBefore: Int) {
      self.element = element
      self.droppedTotalBefore = droppedTotalBefore
    }
  }

  /// What the reader takes: the oldest pair with how many were dropped just before it; or, when
  /// no pair waits, how many were dropped since the reader was last told (`element` nil).
  package struct Taken {
    /// The pair, or nil when the drops are the last thing the writer did.
    package let element: Element?
    /// Pairs dropped just before `element` (or since the last pair), not told before: at least 1 when `element` is nil.
    package let droppedBefore: Int
    /// How many of the writer's records, kept or dropped, this take accounts for with those before
    /// it: the number of `element` among all the writer recorded (1 for the first), or, without
    /// one, the number of the last drop told. What `recorded` was just after the writer made it.
    package let through: Int
  }

  /// How many pairs may wait for the reader: a power of two.
  @usableFromInline package let capacity: Int
  @usableFromInline let mask: Int
  /// How many pairs waiting make the writer wake a dozing reader: three quarters of the ring.
  @usableFromInline let wakeWhenWaiting: Int
  @usableFromInline let slots: UnsafeMutablePointer<Entry>
  // The writer's counts first, then a cache line's worth of padding, then the reader's: the
  // reader's progress does not evict what the writer touches on every dispatch.
  /// Pairs written so far; only the writer stores it.
  @usableFromInline let written = Atomic<Int>(0)
  /// Pairs dropped in all; only the writer stores it (releasing: see above).
  @usableFromInline let droppedTotal = Atomic<Int>(0)
  /// What the writer last read of `read`: it reads `read` again only when the ring looks full.
  @usableFromInline let readSeen = Atomic<Int>(0)
  private let padding: (Int, Int, Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0, 0, 0)
  /// Pairs read so far; only the reader stores it.
  @usableFromInline let read = Atomic<Int>(0)
  /// Drops the reader has told; only the reader uses it.
  private let told = Atomic<Int>(0)
  /// How the reader waits, if it does (a `Rest`'s raw value): the writer reads it after every
  /// pair, to know whether to wake the reader.
  @usableFromInline let readerRest = Atomic<UInt8>(Rest.awake.rawValue)
  /// Empty looks the reader has dozed through since its last pair; only the reader uses it.
  private let emptyLooks = Atomic<Int>(0)
  private let isFinished = Atomic<Bool>(false)
  /// Where the reader waits while the ring is empty. The project's one semaphore: the hot path
  /// of a tap on a live app signals it only when the reader sleeps (or dozes with the ring three
  /// quarters full), without a lock or a fence, which a lock and condition (or a continuation) would
  /// add to every dispatch it wakes from (`Benchmarks/`: the tapped dispatch). The price is a
  /// timeout on every wait: the reader's 10 ms look while it dozes, and a look after a second
  /// while it sleeps, for a wake-up the unfenced writer may miss as the reader lies down.
  @usableFromInline let wakeUp = DispatchSemaphore(value: 0)
  /// How long the reader dozes before it looks again.
  private let look: DispatchTimeInterval
  /// Empty looks after which the reader sleeps instead of dozing.
  private let looksBeforeSleep: Int
  /// How long the reader sleeps before it looks again, unless a pair wakes it.
  private let sleep: DispatchTimeInterval

  /// A ring of at least `capacity` slots (rounded up to a power of two), all allocated now.
  /// Its reader dozes `look` at a time (10 ms) while the app dispatched within the last
  /// `looksBeforeSleep` looks (100), then sleeps until a pair wakes it, `sleep` at most (1 s):
  /// tests shorten or lengthen them.
  package init(
    capacity: Int, look: DispatchTimeInterval = .milliseconds(10), looksBeforeSleep: Int = 100,
    sleep: DispatchTimeInterval = .seconds(1)
  ) {
    var size = 1
    while size < max(capacity, 1) { size <<= 1 }
    self.capacity = size
    self.mask = size - 1
    self.wakeWhenWaiting = size - size / 4
    self.slots = .allocate(capacity: size)
    self.look = look
    self.looksBeforeSleep = looksBeforeSleep
    self.sleep = sleep
  }

  deinit {
    for index in read.load(ordering: .relaxed)..<written.load(ordering: .relaxed) {
      (slots + (index & mask)).deinitialize(count: 1)
    }
    slots.deallocate()
  }
}

extension DispatchTap {
  /// `record(_:)` into `tap`, as a store's dispatch calls it: specialized for the store's types
  /// but never inlined, so that the dispatch stays small enough to be inlined where the app
  /// calls it; and the tap neither retained nor released (the store keeps it alive).
  @inlinable @inline(never)
  package static func record(_ element: Element, into tap: Unmanaged<DispatchTap>) {
    tap._withUnsafeGuaranteedRef { $0.record(element) }
  }

  /// The writer's side: keeps `element`, or drops and counts it when the ring is full. Never
  /// waits and never allocates.
  @inlinable @inline(__always)
  package func record(_ element: Element) {
    let position = written.load(ordering: .relaxed)
    // `readSeen` never runs ahead of `read`: a ring that is not full by it is not full.
    if position &- readSeen.load(ordering: .relaxed) >= capacity {
      let read = self.read.load(ordering: .acquiring)
      readSeen.store(read, ordering: .relaxed)
      guard position &- read < capacity else {
        // One writer: a plain load and store, no read-modify-write. Releasing, after `written`:
        // a reader that sees this drop sees every pair written before it (see above).
        droppedTotal.store(droppedTotal.load(ordering: .relaxed) &+ 1, ordering: .releasing)
        return
      }
    }
    // The writer's own count: a relaxed load sees its last store.
    (slots + (position & mask)).initialize(to: Entry(element: element, droppedTotalBefore: droppedTotal.load(ordering: .relaxed)))
    written.store(position &+ 1, ordering: .releasing)
    // No fence between the store and this load (it would cost the app more than the rest): the
    // writer may miss a reader that just lay down, which then wakes on the next pair or looks
    // again on its own (`waitForNext()`).
    let rest = readerRest.load(ordering: .relaxed)
    if rest != Rest.awake.rawValue,
      rest == Rest.asleep.rawValue || position &+ 1 &- read.load(ordering: .relaxed) >= wakeWhenWaiting
    {
      wakeReader()
    }
  }

  /// Pairs dropped since the ring was made, because the reader was `capacity` behind.
  package var dropped: Int {
    droppedTotal.load(ordering: .relaxed)
  }

  /// Pairs recorded since the ring was made, kept or dropped: on the writer's actor, the number
  /// of the pair it recorded last, which the reader finds as that take's `through`.
  package var recorded: Int {
    written.load(ordering: .relaxed) &+ droppedTotal.load(ordering: .relaxed)
  }

  /// Pairs written and not read yet.
  package var waiting: Int {
    written.load(ordering: .acquiring) &- read.load(ordering: .acquiring)
  }

  /// Wakes the reader if it dozes or sleeps; one signal per rest.
  @usableFromInline func wakeReader() {
    if readerRest.exchange(Rest.awake.rawValue, ordering: .sequentiallyConsistent) != Rest.awake.rawValue {
      wakeUp.signal()
    }
  }

  /// How the reader waits for a pair.
  @usableFromInline enum Rest: UInt8 {
    /// Reading, or about to look: the writer leaves it be.
    case awake
    /// Looks again within `look`: the writer wakes it only when `wakeWhenWaiting` pairs wait.
    case dozing
    /// Looks again only after `sleep`: the writer wakes it with the next pair.
    case asleep
  }
}

extension DispatchTap {
  /// The reader's side: the oldest pair and how many were dropped just before it; when none
  /// waits, the drops not told yet (without a pair), or nil when there are none. Never waits.
  package func take() -> Taken? {
    let position = read.load(ordering: .relaxed)
    let told = self.told.load(ordering: .relaxed)
    // Before `written`: the drops it counts all came before the pairs not read yet (see above).
    let droppedTotal = self.droppedTotal.load(ordering: .acquiring)
    guard position != written.load(ordering: .acquiring) else {
      guard droppedTotal != told else { return nil }
      self.told.store(droppedTotal, ordering: .relaxed)
      return Taken(element: nil, droppedBefore: droppedTotal &- told, through: position &+ droppedTotal)
    }
    let entry = (slots + (position & mask)).move()
    read.store(position &+ 1, ordering: .releasing)
    if entry.droppedTotalBefore != told { self.told.store(entry.droppedTotalBefore, ordering: .relaxed) }
    return Taken(element: entry.element, droppedBefore: entry.droppedTotalBefore &- told, through: position &+ 1 &+ entry.droppedTotalBefore)
  }

  /// The reader's side: the oldest pair, blocking the calling thread until there is one (at most
  /// `look`, 10 ms, after it is written, but for a wake-up the writer missed as the reader fell
  /// asleep); before it would block, the drops not told yet, without a pair (`take()`); nil once
  /// the ring is finished and empty, its drops told.
  package func waitForNext() -> Taken? {
    while true {
      if let entry = take() {
        emptyLooks.store(0, ordering: .relaxed)
        return entry
      }
      if isFinished.load(ordering: .sequentiallyConsistent) { return take() }
      rest()
    }
  }

  /// For readers that take turns (one at a time, each `take()` in a turn the caller's lock hands
  /// out, so that what one reader stored the next one sees): blocks the calling thread until
  /// `take()` has a pair or drops to tell — as `waitForNext()` waits, and resting in its place —
  /// without taking it; false once the ring is finished. Another reader may have taken it by
  /// the time the caller's turn comes: `take()` then returns nil.
  package func waitForSomethingToTake() -> Bool {
    while true {
      if isFinished.load(ordering: .sequentiallyConsistent) { return false }
      if hasSomethingToTake {
        emptyLooks.store(0, ordering: .relaxed)
        return true
      }
      rest()
    }
  }

  /// Whether `take()` would return a pair or drops not told: a look, which another reader's
  /// turn may make stale at once.
  private var hasSomethingToTake: Bool {
    let told = self.told.load(ordering: .relaxed)
    let droppedTotal = self.droppedTotal.load(ordering: .acquiring)
    return read.load(ordering: .acquiring) != written.load(ordering: .acquiring) || droppedTotal != told
  }

  /// Waits for the writer, dozing or asleep, once: until it wakes the reader, or the rest's timeout.
  private func rest() {
    let dozes = emptyLooks.load(ordering: .relaxed) < looksBeforeSleep
    readerRest.store((dozes ? Rest.dozing : Rest.asleep).rawValue, ordering: .sequentiallyConsistent)
    // A pair written (or the end) before the writer could see the reader resting.
    if written.load(ordering: .sequentiallyConsistent) != read.load(ordering: .relaxed)
      || isFinished.load(ordering: .sequentiallyConsistent)
    {
      readerRest.store(Rest.awake.rawValue, ordering: .sequentiallyConsistent)
      return
    }
    // The writer does not fence its wake-up check: a pair written as the reader lies down may
    // not wake it, so even asleep the reader looks again after `sleep`. A signal left over from
    // a rest that timed out only makes the next look come early.
    _ = wakeUp.wait(timeout: .now() + (dozes ? look : sleep))
    readerRest.store(Rest.awake.rawValue, ordering: .sequentiallyConsistent)
    if dozes { emptyLooks.store(emptyLooks.load(ordering: .relaxed) &+ 1, ordering: .relaxed) }
  }

  /// Whether `finish()` was called.
  package var isFinishing: Bool {
    isFinished.load(ordering: .sequentiallyConsistent)
  }

  /// Ends the ring: the reader gets what waits (and the drops not told), then nil. Pairs written
  /// later are kept until the ring is full, then dropped; nobody reads them.
  package func finish() {
    isFinished.store(true, ordering: .sequentiallyConsistent)
    wakeUp.signal()
  }
}

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
/// which `waitForNext()` blocks (so that it may run at a low priority).
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
  }

  /// How many pairs may wait for the reader: a power of two.
  @usableFromInline package let capacity: Int
  @usableFromInline let mask: Int
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
  /// Whether the reader waits (or is about to) for a pair: only then does the writer wake it.
  @usableFromInline let readerSleeps = Atomic<Bool>(false)
  private let isFinished = Atomic<Bool>(false)
  /// Where the reader sleeps while the ring is empty. The project's one semaphore: the hot path
  /// of a tap on a live app signals it only when the reader sleeps, without a lock or a fence,
  /// which a lock and condition (or a continuation) would add to every dispatch it wakes from
  /// (`Benchmarks/`: the tapped dispatch). The price is the reader's 10 ms second look in
  /// `waitForNext()`, for a wake-up the unfenced writer may miss.
  @usableFromInline let wakeUp = DispatchSemaphore(value: 0)

  /// A ring of at least `capacity` slots (rounded up to a power of two), all allocated now.
  package init(capacity: Int) {
    var size = 1
    while size < max(capacity, 1) { size <<= 1 }
    self.capacity = size
    self.mask = size - 1
    self.slots = .allocate(capacity: size)
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
    // writer may miss a reader that just went to sleep, which then wakes on the next pair or on
    // its own within 10 ms (`next()`).
    if readerSleeps.load(ordering: .relaxed) {
      wakeReader()
    }
  }

  /// Pairs dropped since the ring was made, because the reader was `capacity` behind.
  package var dropped: Int {
    droppedTotal.load(ordering: .relaxed)
  }

  /// Pairs written and not read yet.
  package var waiting: Int {
    written.load(ordering: .acquiring) &- read.load(ordering: .acquiring)
  }

  /// Wakes the reader if it sleeps; one signal per sleep.
  @usableFromInline func wakeReader() {
    if readerSleeps.exchange(false, ordering: .sequentiallyConsistent) {
      wakeUp.signal()
    }
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
      return Taken(element: nil, droppedBefore: droppedTotal &- told)
    }
    let entry = (slots + (position & mask)).move()
    read.store(position &+ 1, ordering: .releasing)
    if entry.droppedTotalBefore != told { self.told.store(entry.droppedTotalBefore, ordering: .relaxed) }
    return Taken(element: entry.element, droppedBefore: entry.droppedTotalBefore &- told)
  }

  /// The reader's side: the oldest pair, blocking the calling thread until there is one (at most
  /// 10 ms after it is written); before it would block, the drops not told yet, without a pair
  /// (`take()`); nil once the ring is finished and empty, its drops told.
  package func waitForNext() -> Taken? {
    while true {
      if let entry = take() { return entry }
      if isFinished.load(ordering: .sequentiallyConsistent) { return take() }
      readerSleeps.store(true, ordering: .sequentiallyConsistent)
      // A pair written (or the end) before the writer could see the reader asleep.
      if written.load(ordering: .sequentiallyConsistent) != read.load(ordering: .relaxed)
        || isFinished.load(ordering: .sequentiallyConsistent)
      {
        readerSleeps.store(false, ordering: .sequentiallyConsistent)
        continue
      }
      // The writer does not fence its wake-up check: a pair written as the reader goes to sleep
      // may not wake it, so the reader looks again after 10 ms. A signal left over from a sleep
      // that timed out only makes the next look come early.
      _ = wakeUp.wait(timeout: .now() + .milliseconds(10))
      readerSleeps.store(false, ordering: .sequentiallyConsistent)
    }
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

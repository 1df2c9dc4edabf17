import Synchronization

/// The stream of `(oldState, action)` pairs a `Store` hands to each listener.
///
/// It behaves like an unbounded `AsyncStream` with one consumer — elements arrive in dispatch
/// order, the stream ends when the store goes away, and a cancelled consumer ends it — but costs
/// less per element: a dispatch appends to a buffer, and a consumer that finds elements waiting
/// takes them without suspending.
///
/// Each element also carries the state the store's reducer returned for its action, which the
/// iterator reports as `newState` (`ReducedStateIterator`): a listener that awaits its side
/// effects reads an action after later ones moved the store on, and still compares the state
/// right after that action with `oldState`, without running the reducer again.
///
/// Its hot paths are `@inlinable`, so that listeners in other modules get code specialized for
/// their element type.
public struct StoreStream<State: Sendable, Action: Sendable>: AsyncSequence, Sendable {
  /// What a listener reads: the state before the action, and the action.
  public typealias Element = (oldState: State, action: Action)
  /// What the store yields: the element and the state its reducer returned.
  @usableFromInline typealias Reduction = (oldState: State, action: Action, newState: State)

  @usableFromInline let consumer: Consumer

  init(buffer: StreamBuffer<Reduction>) {
    self.consumer = Consumer(buffer: buffer)
  }

  /// The stream's one iterator.
  public func makeAsyncIterator() -> Iterator {
    Iterator(consumer: consumer)
  }

  /// The iterator of a `StoreStream`; only one task may iterate a stream.
  public struct Iterator: AsyncIteratorProtocol, ReducedStateIterator {
    @usableFromInline let consumer: Consumer
    /// Whether the consumer holds an element it received, which it has finished with once it asks for the next.
    @usableFromInline var holdsElement = false
    /// What `newState` reports; set by `next` alone.
    @usableFromInline var lastNewState: State?

    /// The state the store's reducer returned for the action of the element returned last; nil
    /// before the first and after the end.
    public var newState: State? { lastNewState }

    init(consumer: Consumer) {
      self.consumer = consumer
    }

    /// The next `(oldState, action)` pair, waiting for one if none is buffered; nil once the store is gone or the task is cancelled.
    @inlinable
    public mutating func next() async -> Element? {
      await next(isolation: nil)
    }

    /// The next element, waiting in `actor`'s isolation so the caller does not hop off it; nil once the stream has ended.
    @inlinable
    public mutating func next(isolation actor: isolated (any Actor)?) async -> Element? {
      if holdsElement {
        consumer.buffer.finishedWithElement()
      }
      guard let reduction = await consumer.buffer.next(isolation: actor) else {
        holdsElement = false
        lastNewState = nil
        return nil
      }
      holdsElement = true
      lastNewState = reduction.newState
      return (oldState: reduction.oldState, action: reduction.action)
    }
  }

  /// The consumer's side of the buffer: when the stream and its iterators are gone, nobody can
  /// read what is yielded any more, so the stream ends and leaves the registrar.
  @usableFromInline final class Consumer: Sendable {
    @usableFromInline let buffer: StreamBuffer<Reduction>

    init(buffer: StreamBuffer<Reduction>) {
      self.buffer = buffer
    }

    deinit {
      buffer.cancel()
    }
  }
}

/// The elements yielded to one `StoreStream` that its consumer has not taken yet, and the
/// consumer's continuation while it waits for more.
@usableFromInline final class StreamBuffer<Element: Sendable>: Sendable {
  @usableFromInline struct Contents {
    @usableFromInline var elements: [Element] = []
    @usableFromInline var head = 0
    @usableFromInline var waiter: CheckedContinuation<Element?, Never>?
    @usableFromInline var isFinished = false
    @usableFromInline var isCancelled = false

    @usableFromInline init() {}

    /// Takes the oldest element: `.some(element)`, `.some(nil)` at the end, nil when it must wait.
    @inlinable
    mutating func take() -> Element?? {
      if head < elements.count {
        let element = elements[head]
        head += 1
        if head == elements.count {
          elements.removeAll(keepingCapacity: true)
          head = 0
        }
        return .some(element)
      }
      return isFinished ? .some(nil) : nil
    }
  }

  @usableFromInline let contents = Mutex(Contents())
  private let onTermination: @Sendable () -> Void
  /// The count of unfinished elements this stream reports to, with its id there; nil when nobody counts.
  @usableFromInline let activity: (count: StreamActivity, id: Int)?

  /// Creates a buffer that calls `onTermination` once, when its consumer is cancelled or gone,
  /// and reports the elements its consumer has not finished with to `activity`.
  init(activity: (count: StreamActivity, id: Int)?, onTermination: @escaping @Sendable () -> Void) {
    self.activity = activity
    self.onTermination = onTermination
    activity.map { $0.count.streamStarted($0.id) }
  }

  /// The consumer came back for another element: it has finished with the one before.
  @inlinable
  func finishedWithElement() {
    if let activity {
      activity.count.finished(on: activity.id)
    }
  }

  /// Hands `element` to the waiting consumer, or keeps it for the next `next()`.
  @inlinable
  func yield(_ element: Element) {
    let waiter = contents.withLock { contents -> CheckedContinuation<Element?, Never>? in
      guard !contents.isFinished else { return nil }
      // Counted under the lock, after the check: an element a cancelled or finished stream drops
      // is never counted, and one it keeps is counted before its consumer can finish with it.
      if let activity {
        activity.count.produced(on: activity.id)
      }
      if let waiter = contents.waiter {
        contents.waiter = nil
        return waiter
      }
      contents.elements.append(element)
      return nil
    }
    waiter?.resume(returning: element)
  }

  /// Ends the stream: the consumer gets what is buffered, then nil.
  func finish() {
    let waiter = contents.withLock { contents -> CheckedContinuation<Element?, Never>? in
      contents.isFinished = true
      defer { contents.waiter = nil }
      return contents.waiter
    }
    waiter?.resume(returning: nil)
    activity.map { $0.count.streamEnded($0.id) }
  }

  /// The next element; runs on the consumer's actor, so taking a buffered element never hops.
  @inlinable
  func next(isolation actor: isolated (any Actor)?) async -> Element? {
    if let taken = contents.withLock({ $0.take() }) {
      return taken
    }
    return await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Element?, Never>) in
        let taken = contents.withLock { contents -> Element?? in
          if let taken = contents.take() { return taken }
          if Task.isCancelled { return .some(nil) }
          precondition(contents.waiter == nil, "a StoreStream can be iterated by one task only")
          contents.waiter = continuation
          return nil
        }
        if let taken { continuation.resume(returning: taken) }
      }
    } onCancel: {
      self.cancel()
    }
  }

  /// The consumer was cancelled or is gone: end the stream and tell the registrar, once.
  @usableFromInline func cancel() {
    let (waiter, wasCancelled) = contents.withLock { contents -> (CheckedContinuation<Element?, Never>?, Bool) in
      let wasCancelled = contents.isCancelled
      contents.isCancelled = true
      contents.isFinished = true
      contents.elements.removeAll()
      contents.head = 0
      defer { contents.waiter = nil }
      return (contents.waiter, wasCancelled)
    }
    waiter?.resume(returning: nil)
    if !wasCancelled {
      activity.map { $0.count.streamEnded($0.id) }
      onTermination()
    }
  }
}

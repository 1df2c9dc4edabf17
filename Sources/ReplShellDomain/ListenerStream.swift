import ImmutableData

/// The stream a `SessionStore` hands a listener: the store's own `StoreStream`, which also tells
/// the session which dispatch the listener's task is reacting to (`ListenerCauses`), so that what
/// the listener dispatches is recorded as caused by it.
///
/// Every dispatch the store accepts reaches every stream made before it, in order: the k-th
/// element of a stream made after n accepted dispatches is dispatch n + k, whose history entry
/// has that serial.
public struct ListenerStream<State: Sendable, Action: Sendable>: AsyncSequence, Sendable {
  /// The state before the action, and the action.
  public typealias Element = (oldState: State, action: Action)
  private let stream: StoreStream<State, Action>
  private let causes: ListenerCauses?
  private let firstSerial: Int

  /// Wraps `stream`, whose first element is the dispatch with `firstSerial`; with no `causes`
  /// (a live app's store, whose own dispatches the session does not count) it only passes the elements on.
  init(_ stream: StoreStream<State, Action>, causes: ListenerCauses?, firstSerial: Int) {
    self.stream = stream
    self.causes = causes
    self.firstSerial = firstSerial
  }

  /// The stream's one iterator.
  public func makeAsyncIterator() -> Iterator {
    Iterator(elements: stream.makeAsyncIterator(), causes: causes, nextSerial: firstSerial)
  }

  /// The iterator of a `ListenerStream`; only one task may iterate a stream.
  public struct Iterator: AsyncIteratorProtocol, ReducedStateIterator {
    private var elements: StoreStream<State, Action>.Iterator
    private let causes: ListenerCauses?
    private var nextSerial: Int

    init(elements: StoreStream<State, Action>.Iterator, causes: ListenerCauses?, nextSerial: Int) {
      self.elements = elements
      self.causes = causes
      self.nextSerial = nextSerial
    }

    /// The state the store's reducer returned for the action of the element returned last.
    public var newState: State? { elements.newState }

    /// The next `(oldState, action)` pair; nil once the store is gone or the task is cancelled.
    public mutating func next() async -> Element? {
      await next(isolation: nil)
    }

    /// The next element, waiting in `actor`'s isolation; from now until the next call, the
    /// calling task reacts to it.
    public mutating func next(isolation actor: isolated (any Actor)?) async -> Element? {
      causes?.stopReacting()
      guard let element = await elements.next(isolation: actor) else { return nil }
      causes?.startReacting(to: nextSerial)
      nextSerial += 1
      return element
    }
  }
}

/// Keeps the continuations of the live streams a `Store` hands out, and yields to each of them.
///
/// A stream whose consumer is cancelled is removed; every stream finishes when the registrar
/// (and so its store) goes away.
@MainActor @usableFromInline final class StreamRegistrar<Element>: Sendable where Element: Sendable {
  private var nextID = 0
  @usableFromInline var continuations: [(id: Int, continuation: AsyncStream<Element>.Continuation)] = []

  @usableFromInline init() {}

  deinit {
    for entry in self.continuations {
      entry.continuation.finish()
    }
  }
}

extension StreamRegistrar {
  /// The number of streams still registered.
  var count: Int {
    self.continuations.count
  }

  /// Registers a new unbounded stream and returns it.
  func makeStream() -> AsyncStream<Element> {
    self.nextID += 1
    let id = self.nextID
    let (stream, continuation) = AsyncStream.makeStream(of: Element.self)
    continuation.onTermination = { [weak self] _ in
      Task { @MainActor in
        self?.removeContinuation(id: id)
      }
    }
    self.continuations.append((id: id, continuation: continuation))
    return stream
  }

  /// Passes `element` to every registered stream, in registration order.
  @inlinable
  func yield(_ element: Element) {
    for entry in self.continuations {
      entry.continuation.yield(element)
    }
  }
}

extension StreamRegistrar {
  private func removeContinuation(id: Int) {
    self.continuations.removeAll { $0.id == id }
  }
}

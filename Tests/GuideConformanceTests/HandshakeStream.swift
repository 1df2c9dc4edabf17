/// A stream a test feeds by hand, one element at a time, as the guide's listener tests feed a
/// listener: `send` returns once the consumer has finished with the element — it came back for
/// the next one — so whatever the listener did for it (its side effect and what that dispatched)
/// is done by then. It is not a `StoreStream`, so a listener reading it learns nothing but the
/// element: the state it compares with is the store's.
final class HandshakeStream<Element: Sendable>: AsyncSequence, Sendable {
  private let channel = Channel()

  /// The stream's iterator: every call waits on the one channel.
  struct Iterator: AsyncIteratorProtocol {
    fileprivate let channel: Channel

    mutating func next() async -> Element? {
      await channel.next()
    }

    /// Waits on the main actor, where the channel is, without a hop through the global executor.
    mutating func next(isolation actor: isolated (any Actor)?) async -> Element? {
      await channel.next()
    }
  }

  func makeAsyncIterator() -> Iterator {
    Iterator(channel: channel)
  }

  /// Hands `element` to the consumer and returns once the consumer has asked for the next one.
  func send(_ element: Element) async {
    await channel.send(element)
  }

  /// Ends the stream: a waiting consumer gets nil.
  func finish() async {
    await channel.finish()
  }

  /// The hand-over, on the main actor where the tests and the listeners run.
  @MainActor fileprivate final class Channel: Sendable {
    /// Elements sent before the consumer asked, each with its sender waiting for it to be finished with.
    private var queued: [(Element, CheckedContinuation<Void, Never>)] = []
    /// The consumer, waiting for an element.
    private var consumer: CheckedContinuation<Element?, Never>?
    /// The sender of the element the consumer holds: resumed when the consumer comes back.
    private var holder: CheckedContinuation<Void, Never>?
    private var isFinished = false

    nonisolated init() {}

    func next() async -> Element? {
      holder?.resume()
      holder = nil
      if !queued.isEmpty {
        let (element, sender) = queued.removeFirst()
        holder = sender
        return element
      }
      if isFinished { return nil }
      return await withCheckedContinuation { consumer = $0 }
    }

    func send(_ element: Element) async {
      await withCheckedContinuation { (sender: CheckedContinuation<Void, Never>) in
        if let consumer {
          self.consumer = nil
          holder = sender
          consumer.resume(returning: element)
        } else {
          queued.append((element, sender))
        }
      }
    }

    func finish() {
      isFinished = true
      consumer?.resume(returning: nil)
      consumer = nil
      holder?.resume()
      holder = nil
    }
  }
}

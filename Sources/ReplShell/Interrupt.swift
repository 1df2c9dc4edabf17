#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Synchronization

/// The shell's one SIGINT path. Nothing else in the shell calls `signal(SIGINT, …)`: a part that
/// wants Ctrl-C takes a turn here, and the disposition it found is back when the turn ends.
///
/// - Between turns SIGINT keeps the disposition the process had (the default ends the shell; at
///   the prompt libedit turns the terminal's ISIG off, so Ctrl-C is a key there, not a signal).
/// - `caught(onInterrupt:_:)`: the one handler (`handle`) is installed. It does only what a
///   handler may: it sets `received` and writes a byte to a pipe. A dispatch read source on that
///   pipe (no thread of the shell's own) then calls whoever subscribed for the turn — a running
///   command's cancel (`InteractiveMode`), the end of a tail (`AttachMode`). A part that runs
///   synchronously reads `received` instead (a long Tab: `TabInterruption`).
/// - `ignored(_:)`: SIGINT is ignored, for a child that owns Ctrl-C (the pager).
/// - `untilInterrupted()`: a turn that waits for Ctrl-C (or SIGTERM) and then ends
///   (`--inspect --script`).
enum Interrupt {
  /// Whether Ctrl-C arrived since the current caught turn began.
  static let received = Atomic<Bool>(false)

  /// Runs `body` with SIGINT caught: `received` is cleared first and set by Ctrl-C, and
  /// `onInterrupt` (when given) runs once per Ctrl-C, off the caller's thread. The disposition
  /// before the turn is back afterwards; `received` is left as the turn ended (cleared by the next).
  static func caught<Answer>(onInterrupt: (@Sendable () -> Void)? = nil, _ body: () throws -> Answer) rethrows -> Answer {
    let turn = begin(onInterrupt: onInterrupt)
    defer { end(turn) }
    return try body()
  }

  /// `caught(onInterrupt:_:)` for work that suspends.
  static func caught<Answer>(
    onInterrupt: (@Sendable () -> Void)? = nil, isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> Answer
  ) async rethrows -> Answer {
    let turn = begin(onInterrupt: onInterrupt)
    defer { end(turn) }
    return try await body()
  }

  /// Runs `body` with SIGINT ignored; the disposition before is back afterwards.
  static func ignored<Answer>(_ body: () throws -> Answer) rethrows -> Answer {
    let previous = signal(SIGINT, SIG_IGN)
    defer { signal(SIGINT, previous) }
    return try body()
  }

  /// Returns at the first Ctrl-C, or SIGTERM, after it is called; the dispositions of both are
  /// back afterwards.
  static func untilInterrupted() async {
    let previousTerm = signal(SIGTERM, handle)
    defer { signal(SIGTERM, previousTerm) }
    let waiting = Mutex<(arrived: Bool, continuation: CheckedContinuation<Void, Never>?)>((false, nil))
    let turn = begin {
      waiting.withLock { waiting in
        waiting.arrived = true
        return waiting.continuation.take()
      }?.resume()
    }
    defer { end(turn) }
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let arrived = waiting.withLock { waiting in
        if !waiting.arrived { waiting.continuation = continuation }
        return waiting.arrived
      }
      if arrived { continuation.resume() }
    }
  }

  /// One turn of catching: the disposition it replaced and its subscriber's number.
  struct Turn {
    fileprivate let previous: (@convention(c) (Int32) -> Void)?
    fileprivate let subscriber: Int
  }

  private static func begin(onInterrupt: (@Sendable () -> Void)?) -> Turn {
    received.store(false, ordering: .relaxed)
    let subscriber = Subscribers.shared.add(onInterrupt)
    return Turn(previous: signal(SIGINT, handle), subscriber: subscriber)
  }

  private static func end(_ turn: Turn) {
    signal(SIGINT, turn.previous)
    Subscribers.shared.remove(turn.subscriber)
  }

  /// The one handler, for SIGINT (and SIGTERM while `untilInterrupted` waits): async-signal-safe,
  /// it stores a flag and writes to a non-blocking pipe.
  private static let handle: @convention(c) (Int32) -> Void = { _ in
    Interrupt.received.store(true, ordering: .relaxed)
    var byte: UInt8 = 1
    _ = write(Wake.writeEnd.load(ordering: .relaxed), &byte, 1)
  }

  /// The pipe the handler writes to; its read end is watched by a dispatch source once the
  /// first turn begins.
  private enum Wake {
    static let ends: (read: Int32, write: Int32) = {
      var ends: [Int32] = [-1, -1]
      // A pipe cannot fail to open short of running out of descriptors; then Ctrl-C only sets the flag.
      guard pipe(&ends) == 0 else { return (-1, -1) }
      for end in ends {
        _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        _ = fcntl(end, F_SETFD, FD_CLOEXEC)
      }
      return (ends[0], ends[1])
    }()
    static let writeEnd = Atomic<Int32>(-1)
  }

  /// Who is told of a Ctrl-C, by turn; the dispatch source that reads the pipe calls them.
  private final class Subscribers: Sendable {
    static let shared = Subscribers()
    private struct Entries {
      var next = 0
      var handlers: [Int: @Sendable () -> Void] = [:]
    }
    private let entries = Mutex(Entries())
    /// The source that reads the pipe, kept for the life of the process (nothing touches it after
    /// `init`; the Mutex is what lets a Sendable class hold it).
    private let source: Mutex<any DispatchSourceRead>

    private init() {
      let ends = Wake.ends
      Wake.writeEnd.store(ends.write, ordering: .relaxed)
      source = Mutex(DispatchSource.makeReadSource(fileDescriptor: ends.read, queue: DispatchQueue(label: "replshell.interrupt")))
      // The one subscriber list lives as long as the process: the source may hold it.
      source.withLock { source in
        source.setEventHandler { [self] in
          var drained = [UInt8](repeating: 0, count: 64)
          while read(ends.read, &drained, drained.count) > 0 {}
          for handler in entries.withLock({ Array($0.handlers.values) }) { handler() }
        }
        source.resume()
      }
    }

    func add(_ handler: (@Sendable () -> Void)?) -> Int {
      entries.withLock { entries in
        entries.next += 1
        if let handler { entries.handlers[entries.next] = handler }
        return entries.next
      }
    }

    func remove(_ subscriber: Int) {
      _ = entries.withLock { $0.handlers.removeValue(forKey: subscriber) }
    }
  }
}

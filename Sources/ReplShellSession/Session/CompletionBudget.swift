import Synchronization

/// How much work Tab may do for one line: a time limit, and a way for Ctrl-C to stop it early.
/// Completion counts its steps here as it goes (a character scanned, a token read, a child of a
/// state value compared), and gives up once the limit has passed or the interruption is asked
/// for; the count is also what tests hold to be linear in the line.
public final class CompletionBudget: Sendable {
  /// Why completion stopped before it finished.
  public enum Ending: Sendable, Equatable {
    /// The time limit passed.
    case timedOut
    /// Ctrl-C (or the interruption the caller gave) asked it to stop.
    case interrupted
  }

  /// How long completion may take.
  public let limit: Duration
  private let deadline: ContinuousClock.Instant
  private let isInterrupted: @Sendable () -> Bool
  private let spent = Atomic<Int>(0)
  private let stopped = Mutex<Ending?>(nil)

  /// The time completion is given when nobody waits at a keyboard for it: an attached app's
  /// shell, whose user then reads why it gave up.
  public static let attachedLimit: Duration = .seconds(1)

  /// The time completion is given at a terminal, where Ctrl-C stops it sooner.
  public static let terminalLimit: Duration = .seconds(10)

  /// How many steps pass between two looks at the clock and the interruption.
  private static let stepsBetweenChecks = 1024

  /// A budget of `limit` from now; `isInterrupted` is asked now and then whether to stop.
  public init(limit: Duration, isInterrupted: @escaping @Sendable () -> Bool = { false }) {
    self.limit = limit
    self.deadline = .now + limit
    self.isInterrupted = isInterrupted
  }

  /// The steps counted so far.
  public var steps: Int { spent.load(ordering: .relaxed) }

  /// Why completion stopped, once it has; nil while the budget lasts.
  public var ending: Ending? { stopped.withLock { $0 } }

  /// Counts `count` steps; false once the budget is gone, and from then on.
  public func spend(_ count: Int = 1) -> Bool {
    let before = spent.wrappingAdd(count, ordering: .relaxed).oldValue
    guard before / Self.stepsBetweenChecks != (before + count) / Self.stepsBetweenChecks else { return ending == nil }
    return stopped.withLock { ending in
      if ending == nil {
        if isInterrupted() {
          ending = .interrupted
        } else if ContinuousClock.now >= deadline {
          ending = .timedOut
        }
      }
      return ending == nil
    }
  }

  /// What a shell prints when completion of `line` stopped: why, and what to type instead; nil
  /// while the budget lasts, and for an interruption, which the user asked for.
  public func refusal(of line: String) -> String? {
    guard ending == .timedOut else { return nil }
    return "completion gave up after \(limit.spokenSeconds) on a \(line.count.groupedDigits)-character line; shorten the path"
  }
}

extension Duration {
  /// `1 s`, `0.5 s`.
  fileprivate var spokenSeconds: String {
    let seconds = inSeconds
    return seconds == seconds.rounded() ? "\(Int(seconds)) s" : "\(seconds) s"
  }
}

extension Int {
  /// `30,000`.
  fileprivate var groupedDigits: String {
    let digits = String(magnitude)
    var grouped = ""
    for (offset, digit) in digits.enumerated() {
      if offset > 0, (digits.count - offset) % 3 == 0 { grouped.append(",") }
      grouped.append(digit)
    }
    return (self < 0 ? "-" : "") + grouped
  }
}

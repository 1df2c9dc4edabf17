/// What one file or one check may spend: how deep its values may nest, how many bytes and
/// operations it may hold, until when it may run, and whether its caller still wants it. Every file
/// a surface reads is read within one — a script, a `source`, a golden, a `--replay` recording, a
/// `file://` feed, a history `linearize` reads and checks — and every limit has a default, so input
/// nobody limited is still bounded. Ctrl-C, an MCP client's cancellation and `--timeout` reach the
/// work the same way: through `isCancelled` and `deadline`, which the reader and the work ask
/// between steps. A budget that runs out answers with a `BudgetShortfall`: what ran out and what to
/// raise.
///
/// ```swift
/// var budget = Budget(within: .seconds(30))
/// budget.maximumBytes = 1 << 20
/// let text = try FileReach.anywhere.readText("history.edn", budget: budget)
/// ```
public struct Budget: Sendable {
  /// The deepest a value may nest, each bracket, tag or call opening a level: past it the input is
  /// refused, since reading, printing and comparing it recurse once a level.
  public var maximumDepth: Int
  /// The most bytes the input may hold.
  public var maximumBytes: Int
  /// The most operations (lines of a history, entries of a recording, requests) it may hold.
  public var maximumOperations: Int
  /// When to stop; nil for no deadline (the other limits still hold).
  public var deadline: ContinuousClock.Instant?
  /// Whether the caller has given up: Ctrl-C, an MCP `notifications/cancelled`, a cancelled task.
  /// Asked now and then on the thread doing the work, never on another; the default asks the task
  /// that runs it.
  public var isCancelled: @Sendable () -> Bool

  /// The default depth: 64 levels, past any value a person or a recording writes.
  public static let defaultDepth = 64
  /// The default bytes: 64 MiB.
  public static let defaultBytes = 64 << 20
  /// The default operations: 250,000.
  public static let defaultOperations = 250_000

  /// A budget with the default limits and no deadline.
  public init(
    maximumDepth: Int = Budget.defaultDepth, maximumBytes: Int = Budget.defaultBytes, maximumOperations: Int = Budget.defaultOperations,
    deadline: ContinuousClock.Instant? = nil, isCancelled: @escaping @Sendable () -> Bool = { Task.isCancelled }
  ) {
    self.maximumDepth = maximumDepth
    self.maximumBytes = maximumBytes
    self.maximumOperations = maximumOperations
    self.deadline = deadline
    self.isCancelled = isCancelled
  }

  /// A budget with the default limits that ends `duration` from now.
  public init(within duration: Duration) {
    self.init(deadline: .now + duration)
  }

  /// The budget of the line that runs now: the one its surface gave it (an MCP call's time
  /// budget), or the defaults. The work a line starts — the files it reads, an `explore`, a
  /// `linearize` — begins from it, so that one deadline and one cancellation reach every tool
  /// whatever the surface; a tool's own limits (`--time`, `--timeout`) can only end it sooner.
  @TaskLocal public static var current = Budget()
}

extension Budget {
  /// The deadline or the cancellation that ends the work now, if one does: cheap enough to ask
  /// every few thousand steps.
  public func interruption() -> BudgetShortfall? {
    if isCancelled() { return .cancelled }
    if let deadline, ContinuousClock.now >= deadline { return .deadline }
    return nil
  }

  /// This budget holding at most `bytes` bytes, its other limits, deadline and cancellation kept:
  /// `Budget.current.holding(bytes: 16 << 20)` for a script read within the line's budget.
  public func holding(bytes: Int) -> Budget {
    var budget = self
    budget.maximumBytes = bytes
    return budget
  }

  /// This budget, ending no later than `other`: the earlier of the two deadlines.
  public func ending(by other: ContinuousClock.Instant?) -> Budget {
    var budget = self
    if let other { budget.deadline = deadline.map { min($0, other) } ?? other }
    return budget
  }
}

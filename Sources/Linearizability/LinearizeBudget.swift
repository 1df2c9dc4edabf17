import ReplShellFoundation

/// What one check may spend, from the first byte read to the verdict: the foundation's `Budget`
/// (the reader honours its bytes, operations and nesting, and both the reader and the checker its
/// deadline and cancellation) and the checker's own limits, its search steps and the witness's
/// lines. Each limit has a default, so a check nobody limited is still bounded; one that runs out
/// answers unknown with the `BudgetShortfall` that says what to raise.
///
/// ```swift
/// var budget = LinearizeBudget()
/// budget.maximumSteps = 100_000_000
/// budget.deadline = .now + .seconds(30)
/// let verdict = try checker.check(history, budget: budget)
/// ```
public struct LinearizeBudget: Sendable {
  /// The reading's and the check's shared limits: 64 levels of nesting (each vector, list, set,
  /// map, tag such as `#inst` and discard `#_` opens one), 32 MiB (a Jepsen run of hours; reading
  /// it holds about eight times as much), 250,000 operations, no deadline, the running task's
  /// cancellation.
  public var shared = Budget(maximumBytes: 32 << 20)
  /// The most steps the search may take over all the parts of a history (each step tries to
  /// place an operation or undoes one), which bounds its time and the memory of the states it
  /// remembers: 20 million, a few seconds, seven times what the hardest history of Porcupine's
  /// suite needs.
  public var maximumSteps = 20_000_000
  /// The most lines a witness is drawn with (its rows are cut beyond).
  public var maximumWitnessLines = 200

  /// The default budget.
  public init() {}

  /// The default budget with `deadline`.
  public init(deadline: ContinuousClock.Instant?) {
    shared.deadline = deadline
  }

  /// The default checker limits over `shared`.
  public init(shared: Budget) {
    self.shared = shared
  }
}

extension LinearizeBudget {
  /// The deepest a value may nest.
  public var maximumDepth: Int {
    get { shared.maximumDepth }
    set { shared.maximumDepth = newValue }
  }

  /// The largest history read, in bytes.
  public var maximumBytes: Int {
    get { shared.maximumBytes }
    set { shared.maximumBytes = newValue }
  }

  /// The most operations a history may have.
  public var maximumOperations: Int {
    get { shared.maximumOperations }
    set { shared.maximumOperations = newValue }
  }

  /// When to stop and answer unknown; nil for no deadline (the other limits still hold).
  public var deadline: ContinuousClock.Instant? {
    get { shared.deadline }
    set { shared.deadline = newValue }
  }

  /// Whether the caller has cancelled the check, asked on the thread that reads or checks.
  public var isCancelled: @Sendable () -> Bool {
    get { shared.isCancelled }
    set { shared.isCancelled = newValue }
  }

  /// The deadline or the cancellation that ends the check now, if one does. Cheap enough for
  /// every thousandth step.
  func interruption() -> BudgetShortfall? {
    shared.interruption()
  }
}

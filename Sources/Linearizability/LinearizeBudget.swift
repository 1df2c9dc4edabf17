/// What one check may spend, from the first byte read to the verdict: the reader honours the
/// bytes, operations and nesting, the checker the steps, and both the deadline and
/// cancellation. Each limit has a default, so a check nobody limited is still bounded; one that
/// runs out answers unknown with the `BudgetShortfall` that says what to raise.
///
/// ```swift
/// var budget = LinearizeBudget()
/// budget.maximumSteps = 100_000_000
/// budget.deadline = .now + .seconds(30)
/// let verdict = try checker.check(history, budget: budget)
/// ```
public struct LinearizeBudget: Sendable {
  /// The deepest a value may nest: each vector, list, set, map, tag (`#inst`) and discard
  /// (`#_`) opens a level. Past it the line is refused (no history nests this deep).
  public var maximumDepth = 64
  /// The largest history read, in bytes (32 MiB: a Jepsen run of hours; reading it holds about
  /// eight times as much).
  public var maximumBytes = 32 << 20
  /// The most operations a history may have.
  public var maximumOperations = 250_000
  /// The most steps the search may take over all the parts of a history (each step tries to
  /// place an operation or undoes one), which bounds its time and the memory of the states it
  /// remembers: 20 million, a few seconds, seven times what the hardest history of Porcupine's
  /// suite needs.
  public var maximumSteps = 20_000_000
  /// The most lines a witness is drawn with (its rows are cut beyond).
  public var maximumWitnessLines = 200
  /// When to stop and answer unknown; nil for no deadline (the other limits still hold).
  public var deadline: ContinuousClock.Instant?
  /// Whether the caller has cancelled the check: asked now and then on the thread that called
  /// the reader or the checker (never on another). The default asks the task that runs it.
  public var isCancelled: @Sendable () -> Bool = { Task.isCancelled }

  /// The default budget.
  public init() {}

  /// The default budget with `deadline`.
  public init(deadline: ContinuousClock.Instant?) {
    self.deadline = deadline
  }
}

extension LinearizeBudget {
  /// The deadline or the cancellation that ends the check now, if one does. Cheap enough for
  /// every thousandth step.
  func interruption() -> BudgetShortfall? {
    if isCancelled() { return .cancelled }
    if let deadline, ContinuousClock.now >= deadline { return .deadline }
    return nil
  }
}

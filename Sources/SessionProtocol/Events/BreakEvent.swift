/// A breakpoint (`break when <predicate>`) whose predicate a dispatch made true: the action, the
/// history entry it made, and the script line it came from. Scripts stop there; the prompt marks it.
public struct BreakEvent: Sendable, Equatable {
  /// The breakpoint's number, as `break` lists it.
  public let number: Int
  /// The predicate as typed after `break when`: `selectValue == 3`.
  public let predicate: String
  /// The action whose dispatch made the predicate true, as the shell writes it.
  public let action: String
  /// Who dispatched it.
  public let origin: DispatchEvent.Origin
  /// The history entry the action made (`jump` takes it); nil where there is no history (`tail`).
  public let entry: Int?
  /// The script line whose dispatch (or whose listeners' dispatch) it was, `file.txt:12`; nil when typed.
  public let location: String?
  /// The selector's output that made the predicate true, on one line.
  public let value: String?
  /// The chain of causes of the entry, back to what a person typed: `← caused by #4 …`, `← caused by a.txt:7`.
  public let chain: [String]

  /// Describes a breakpoint that fired.
  public init(
    number: Int, predicate: String, action: String, origin: DispatchEvent.Origin, entry: Int?, location: String? = nil, value: String? = nil,
    chain: [String] = []
  ) {
    self.number = number
    self.predicate = predicate
    self.action = action
    self.origin = origin
    self.entry = entry
    self.location = location
    self.value = value
    self.chain = chain
  }

  /// The same break, at the script line `location`.
  public func located(at location: String?) -> BreakEvent {
    BreakEvent(number: number, predicate: predicate, action: action, origin: origin, entry: entry, location: location, value: value, chain: chain)
  }
}

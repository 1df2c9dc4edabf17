import StateValues
/// A watched selector re-evaluated after a dispatch or time travel, whose output changed.
public struct WatchEvent: Sendable, Equatable {
  /// The selector call as typed after `watch`.
  public let selector: String
  /// The new output on one line, as the shell writes values; empty on error.
  public let value: String
  /// The lines transcripts print: `watch <selector> → <value>`, laid out over several lines when long.
  public let lines: [String]
  /// Why the selector could not be evaluated, if it could not.
  public let error: String?
  /// The new output as JSON, beside its text; nil on error.
  public let json: JSONForm?

  /// Describes a watch that changed, or failed.
  public init(selector: String, value: String, lines: [String], error: String? = nil, json: JSONForm? = nil) {
    self.selector = selector
    self.value = value
    self.lines = lines
    self.error = error
    self.json = json
  }
}

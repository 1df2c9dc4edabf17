import SessionProtocol
/// An event as a tool that follows the session receives it: as emitted, and with the redactions
/// the transcript applied when it was emitted (a later `redact` or `use` does not change them).
public struct RedactableEvent: Sendable {
  /// The event as emitted.
  public let event: SessionEvent
  /// The shell's redactions when it was emitted; nil for a stream no shell redacts.
  let redactions: RedactionList?

  /// An event with the redactions `redactions` (none: shown as emitted).
  init(event: SessionEvent, redactions: RedactionList?) {
    self.event = event
    self.redactions = redactions
  }

  /// An event no redaction applies to.
  public init(unredacted event: SessionEvent) {
    self.init(event: event, redactions: nil)
  }

  /// The event as the transcript shows it: the text it carries redacted, commands and comments as written.
  public var redacted: SessionEvent {
    redactions?.apply(to: [event]).first ?? event
  }
}

import Testing

/// What a check found: the failures it records as test issues, and the texts it attaches to the
/// test beside them (a diff, a transcript, a shrunk scenario) for the test report to keep.
public struct TestFindings: Sendable, Equatable {
  /// One text attached to a failing test, saved under `name` (`shelf.diff`).
  public struct TextAttachment: Sendable, Equatable {
    /// The file name the test report saves it under.
    public let name: String
    /// Its text.
    public let text: String

    /// The text `text`, saved as `name`.
    public init(name: String, text: String) {
      self.name = name
      self.text = text
    }
  }

  /// Each failure, as the issue's comment says it.
  public var failures: [String] = []
  /// What a failure attaches; nothing is attached while there is no failure.
  public var attachments: [TextAttachment] = []

  /// The findings `failures` and `attachments`; none by default.
  public init(failures: [String] = [], attachments: [TextAttachment] = []) {
    self.failures = failures
    self.attachments = attachments
  }

  /// True when nothing failed.
  public var passed: Bool { failures.isEmpty }

  /// Records each failure as an issue at `sourceLocation` and, when there is one, each attachment.
  public func record(sourceLocation: SourceLocation) {
    for failure in failures {
      Issue.record(Comment(rawValue: failure), sourceLocation: sourceLocation)
    }
    guard !passed else { return }
    for attachment in attachments {
      Attachment.record(attachment.text, named: attachment.name, sourceLocation: sourceLocation)
    }
  }
}

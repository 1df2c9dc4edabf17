import Foundation
import ReplShellCommands
import ReplShellDomain
import ReplShellFoundation
import ReplShellHost
import ReplShellSession
import SessionProtocol
import StateValues

/// Runs a scenario file: echoes each command behind the prompt, then its output, and stops at the
/// first error or failed expectation with `file:line`. Compares the transcript with its golden.
@MainActor public struct ScriptRunner {
  /// The outcome of one script.
  public struct Outcome: Sendable {
    /// The transcript, one element per line.
    public var transcript: [OutputLine]
    /// The script's events in order, redacted, when the runner keeps them (`--format json`).
    public var events: [SessionEvent] = []
    /// False when a command failed or an expectation did not hold.
    public var succeeded: Bool
    /// The transcript as text, with a final newline.
    public var text: String {
      guard !transcript.isEmpty else { return "\n" }
      let count = transcript.reduce(0) { $0 + $1.text.utf8.count + 1 }
      // The bytes copied into one buffer of the final size: appending to a `String` checks its
      // storage and capacity for every one of the many short lines.
      return String(unsafeUninitializedCapacity: count) { buffer in
        var offset = 0
        for line in transcript {
          var text = line.text
          text.withUTF8 { bytes in
            if let base = bytes.baseAddress, let target = buffer.baseAddress {
              (target + offset).initialize(from: base, count: bytes.count)
            }
            offset += bytes.count
          }
          buffer[offset] = UInt8(ascii: "\n")
          offset += 1
        }
        return offset
      }
    }
  }

  /// The domains scripts may `use`.
  public let domains: [Domain]
  /// Whether redactions apply (`redact` lines and the domains' volatile patterns); false shows
  /// the raw transcript (`--no-redact`).
  public let redacts: Bool
  /// Whether outcomes carry the script's events as well as its transcript.
  public let keepsEvents: Bool

  /// Creates a runner over `domains`.
  public init(domains: [Domain], redacts: Bool = true, keepsEvents: Bool = false) {
    self.domains = domains
    self.redacts = redacts
    self.keepsEvents = keepsEvents
  }

  /// Runs the script at `url`; `displayPath` is how error locations name the file.
  /// `prelude` commands run first without being echoed (the `--debug` flags).
  public func run(_ url: URL, displayPath: String? = nil, prelude: [String] = []) async -> Outcome {
    let name = displayPath ?? url.path
    switch Self.text(of: url, name: name) {
    case .success(let text): return await run(text: text, name: name, baseDirectory: url.deletingLastPathComponent(), prelude: prelude)
    case .failure(let unreadable): return unreadable.outcome
    }
  }

  /// Runs the script at `url` in `host`'s session, in one turn, and leaves it open: for a front
  /// end that goes on serving the session afterwards (`--inspect --script`), and closes it itself.
  public func run(_ url: URL, displayPath: String? = nil, prelude: [String] = [], in host: SessionHost) async -> Outcome {
    let name = displayPath ?? url.path
    switch Self.text(of: url, name: name) {
    case .success(let text):
      host.shell.redacts = redacts
      host.shell.settings.copiesDatabases = true
      return await host.submit(ScriptRequest(text: text, name: name, prelude: prelude, keepsEvents: keepsEvents))
    case .failure(let unreadable): return unreadable.outcome
    }
  }

  /// A script that cannot be read, as the outcome that says so.
  private struct Unreadable: Error {
    let outcome: Outcome
  }

  /// The script's text, or why it cannot be read.
  private static func text(of url: URL, name: String) -> Swift.Result<String, Unreadable> {
    let data: [UInt8]
    do {
      data = try FileReach.anywhere.read(url.path, shownAs: name, budget: Budget.current.holding(bytes: Self.scriptSizeLimit))
    } catch {
      return .failure(Unreadable(outcome: Outcome(transcript: [.error("\(ControlCharacters.escaped(name, onOneLine: true)): cannot read the script: \(error.reason)")], succeeded: false)))
    }
    guard let text = String(validating: data, as: UTF8.self) else {
      return .failure(Unreadable(outcome: Outcome(transcript: [.error("\(name):\(Self.firstLineNotUTF8(in: data)): not UTF-8 text")], succeeded: false)))
    }
    return .success(text)
  }

  /// Runs a script given as text.
  public func run(text: String, name: String, baseDirectory: URL, prelude: [String] = []) async -> Outcome {
    let shell = Shell(domains: domains, isScript: true, baseDirectory: baseDirectory)
    shell.redacts = redacts
    shell.settings.copiesDatabases = true
    let outcome = await SessionHost(shell: shell).submit(ScriptRequest(text: text, name: name, prelude: prelude, keepsEvents: keepsEvents))
    await shell.close()
    return outcome
  }

  /// The most bytes a scenario script may hold: 16 MiB.
  nonisolated public static let scriptSizeLimit = ScriptLines.sizeLimit

  /// The 1-based number of the first line of `data` that is not valid UTF-8.
  private static func firstLineNotUTF8(in data: [UInt8]) -> Int {
    let lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    return (lines.firstIndex { String(validating: $0, as: UTF8.self) == nil } ?? 0) + 1
  }

  /// The golden file beside a script: `quakes.txt` → `quakes.golden`.
  nonisolated public static func goldenURL(for script: URL) -> URL {
    script.deletingPathExtension().appendingPathExtension("golden")
  }
}

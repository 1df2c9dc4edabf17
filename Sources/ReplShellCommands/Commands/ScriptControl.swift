import Foundation
import SessionProtocol

/// The scripts `source` runs in the shell: running one, and the chain of those running.
@MainActor public struct ScriptControl {
  /// The shell the scripts run in.
  let host: any CommandHost
  /// Where the line that runs a script is (`file.txt:12`); nil when it was typed.
  let location: String?

  /// Runs the script at `url` in this session with the lines of `--script`, its relative paths
  /// taken from its folder; `name` is how its lines' locations name it. Returns the line that
  /// failed (`name:line`), or nil when every line succeeded or it quit.
  /// `breakStop` is the breakpoint that stopped it, at any depth of `source`, carried up by the
  /// result of the line that failed.
  public func runScript(at url: URL, text: String, name: String) async -> (failedAt: String, breakStop: BreakEvent?)? {
    let outer = host.baseDirectory
    host.baseDirectory = url.deletingLastPathComponent()
    host.sourceChain.append(SourceFrame(script: url.resolvingSymlinksInPath().standardizedFileURL, name: name, sourcedAt: location))
    defer {
      host.baseDirectory = outer
      host.sourceChain.removeLast()
    }
    let outcome = await host.runSourcedScript(ScriptLines(text: text, name: name))
    guard let failed = outcome.failedLocation else { return nil }
    return (failed, outcome.breakStop)
  }

  /// The scripts `source` is running, outermost first.
  public var sourceChain: [SourceFrame] { host.sourceChain }
}

/// A script `source` is running, and where the `source` line that runs it is.
public struct SourceFrame {
  /// The script's file, symbolic links resolved.
  public let script: URL
  /// How its lines' locations name it.
  public let name: String
  /// The `source` line's `file:line`; nil when it was typed.
  public let sourcedAt: String?
}

import Dispatch
import Foundation

/// One input surface under libFuzzer: its name on the command line, and what it does with one
/// input. `run` is called on the fuzzing thread, one input at a time; it returns when the input
/// has been handled to its end. A crash, a hang past `-timeout` or an allocation past
/// `-malloc_limit_mb` is what libFuzzer reports: a target checks nothing else unless it says so.
struct FuzzTarget: Sendable {
  let name: String
  let run: @Sendable ([UInt8]) -> Void
}

/// Every target, by name.
enum FuzzTargets {
  static let all: [FuzzTarget] = [
    ParserTarget.target, PathsTarget.target, CompletionTarget.target, ScriptTarget.target, ReplayTarget.target,
    MCPTarget.target, AttachAppTarget.target, AttachShellTarget.target, WebSocketTarget.target, HistoryTarget.target,
    LinearizeTarget.target, ExploreCorpusTarget.target, AgainstTarget.target,
  ]

  /// The target this run fuzzes, set once before the driver starts.
  nonisolated(unsafe) static var selected: FuzzTarget?

  static func named(_ name: String) -> FuzzTarget? {
    all.first { $0.name == name }
  }
}

/// A value handed from the main actor back to the fuzzing thread that waits for it.
private final class Handoff<Value: Sendable>: @unchecked Sendable {
  // Written once on the main actor before `done` is signalled, read after the wait: the
  // semaphore orders the two.
  var value: Value?
  let done = DispatchSemaphore(value: 0)
}

/// Runs `work` on the main actor and waits for it on the calling thread (the fuzzing thread,
/// never the main one).
func onMainActor<Value: Sendable>(_ work: @escaping @MainActor @Sendable () async -> Value) -> Value {
  let handoff = Handoff<Value>()
  Task { @MainActor in
    handoff.value = await work()
    handoff.done.signal()
  }
  handoff.done.wait()
  return handoff.value!
}

/// The folder the targets may write in and name as a shell's base folder: the working folder,
/// which `run.sh` makes for each target (`Fuzz/.build-fuzz/run/<target>/scratch`).
enum Scratch {
  static let folder = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
}

extension Array where Element == UInt8 {
  /// The bytes as text, invalid UTF-8 repaired as the shell's line reader repairs it.
  var text: String { String(decoding: self, as: UTF8.self) }

  /// The input's lines, split at newline bytes, each as text.
  var lines: [String] {
    split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
  }
}

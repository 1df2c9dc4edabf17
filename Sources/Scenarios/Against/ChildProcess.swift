import Foundation
import StateValues

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A program `explore --against` runs to find or build a revision (`git`, `swift build`): run to
/// its end, its output kept, and killed when the line is cancelled.
struct ChildProcess: Sendable {
  /// How it ended and what it wrote.
  struct Ending: Sendable {
    let status: Int32
    let output: String
    var succeeded: Bool { status == 0 }
  }

  /// The program's path and its arguments.
  let arguments: [String]
  /// Where standard output and error go instead of being kept: a build's log.
  var log: FileHandle? = nil

  /// Runs it; throws when it cannot start.
  func run() async throws(CommandError) -> Ending {
    guard let program = arguments.first.flatMap(Self.find) else {
      throw CommandError("cannot run `\(arguments.first ?? "")`: it is not on PATH")
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = Array(arguments.dropFirst())
    process.standardInput = FileHandle.nullDevice
    let output = Pipe()
    if let log {
      process.standardOutput = log
      process.standardError = log
    } else {
      process.standardOutput = output
      process.standardError = output
    }
    do {
      try process.run()
    } catch {
      throw CommandError("cannot run \(arguments.joined(separator: " ")): \(error.localizedDescription)")
    }
    let pid = process.processIdentifier
    let kept: String = await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        DispatchQueue.global().async {
          let data = log == nil ? output.fileHandleForReading.readDataToEndOfFile() : Data()
          process.waitUntilExit()
          continuation.resume(returning: String(decoding: data, as: UTF8.self))
        }
      }
    } onCancel: {
      kill(pid, SIGTERM)
    }
    return Ending(status: process.terminationStatus, output: kept)
  }

  /// The program's path: as given when it has a slash, else the first on PATH.
  static func find(_ program: String) -> String? {
    if program.contains("/") { return program }
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { "\($0)/\(program)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
  }
}

import AnimalsDataServerCore
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The `AnimalsDataServer` executable running in a process of its own, for tests that need several
/// servers on one database or a `kill -9`.
final class ServerProcess: Sendable {
  /// The endpoint to POST `RemoteRequest`s to.
  let apiURL: URL
  private let process: Process

  private init(apiURL: URL, process: Process) {
    self.apiURL = apiURL
    self.process = process
  }

  /// The executable built beside the tests.
  static func binary() throws -> URL {
    let root = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let candidates = [
      URL(filePath: CommandLine.arguments[0]).deletingLastPathComponent().appending(path: "AnimalsDataServer"),
      root.appending(path: ".build/debug/AnimalsDataServer"),
    ]
    return try #require(
      candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) },
      "AnimalsDataServer is not built beside the tests; run swift build first")
  }

  /// How long a server may take to print that it is listening.
  static let startTimeout: Duration = .seconds(30)

  /// Starts the server on a free loopback port with `arguments` added, and returns once it prints
  /// that it is listening; throws (and kills it) if it exits or stays silent past `startTimeout`.
  static func start(_ arguments: [String], environment: [String: String] = [:]) async throws -> ServerProcess {
    let process = Process()
    process.executableURL = try Self.binary()
    process.arguments = ["--port", "0", "--log-level", "error"] + arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    let (chunks, continuation) = AsyncStream.makeStream(of: Data.self)
    output.fileHandleForReading.readabilityHandler = { handle in
      let data = handle.availableData
      if data.isEmpty {
        handle.readabilityHandler = nil
        continuation.finish()
      } else {
        continuation.yield(data)
      }
    }
    try process.run()
    let line = try await Self.withDeadline(Self.startTimeout, onTimeout: { process.terminate() }) {
      var printed = ""
      for await chunk in chunks {
        printed += String(decoding: chunk, as: UTF8.self)
        if let line = printed.split(separator: "\n").first(where: { $0.hasPrefix("listening on ") }) {
          return String(line)
        }
      }
      return nil
    }
    guard let line, let url = URL(string: String(line.dropFirst("listening on ".count))) else {
      process.waitUntilExit()
      throw StartError(status: process.terminationStatus)
    }
    return ServerProcess(apiURL: url.appending(path: String(AnimalsServer.apiPath.dropFirst())), process: process)
  }

  /// The server exited before it listened.
  struct StartError: Error, CustomStringConvertible {
    let status: Int32
    var description: String { "AnimalsDataServer exited with status \(self.status) before it listened" }
  }

  /// Kills the server with SIGKILL, as a crash would, and waits for it to be gone.
  func kill() {
    Glibc.kill(self.process.processIdentifier, SIGKILL)
    self.process.waitUntilExit()
  }

  /// Stops the server with SIGTERM (a graceful shutdown) and waits for it to exit.
  func stop() {
    if self.process.isRunning {
      self.process.terminate()
    }
    self.process.waitUntilExit()
  }

  /// Runs `body` with servers started with each of `argumentLists` at the same time; stops them all afterwards.
  static func withServers<T>(
    _ argumentLists: [[String]],
    _ body: ([ServerProcess]) async throws -> T
  ) async throws -> T {
    let servers = try await withThrowingTaskGroup(of: ServerProcess.self) { group in
      for arguments in argumentLists {
        group.addTask { try await ServerProcess.start(arguments) }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    defer {
      for server in servers {
        server.stop()
      }
    }
    return try await body(servers)
  }
}

extension ServerProcess {
  /// What a run of the server that was expected to fail did: its status, its standard error,
  /// and how long it took.
  struct Failure: Sendable {
    let status: Int32
    let standardError: String
    let duration: Duration
  }

  /// Runs the server with `arguments` to its exit, killing it after `timeout`.
  static func runToFailure(
    _ arguments: [String],
    environment: [String: String] = [:],
    timeout: Duration
  ) async throws -> Failure {
    let process = Process()
    process.executableURL = try Self.binary()
    process.arguments = ["--port", "0"] + arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let errors = Pipe()
    process.standardOutput = FileHandle.nullDevice
    process.standardError = errors
    let clock = ContinuousClock()
    let start = clock.now
    try process.run()
    let watchdog = Task {
      try await Task.sleep(for: timeout)
      process.terminate()
    }
    let standardError = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    watchdog.cancel()
    return Failure(
      status: process.terminationStatus,
      standardError: String(decoding: standardError, as: UTF8.self),
      duration: clock.now - start)
  }

  /// `operation`'s result, or nil after `limit` (having called `onTimeout`).
  private static func withDeadline<T: Sendable>(
    _ limit: Duration,
    onTimeout: @escaping @Sendable () -> Void,
    _ operation: @escaping @Sendable () async -> T?
  ) async throws -> T? {
    await withTaskGroup(of: T?.self) { group in
      group.addTask(operation: operation)
      group.addTask {
        try? await Task.sleep(for: limit)
        if !Task.isCancelled { onTimeout() }
        return nil
      }
      defer { group.cancelAll() }
      return await group.next() ?? nil
    }
  }
}

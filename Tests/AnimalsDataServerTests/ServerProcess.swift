import AnimalsDataServerCore
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
#endif

/// The `AnimalsDataServer` executable running in a process of its own, for tests that need several
/// servers on one database or a `kill -9`.
final class ServerProcess: Sendable {
  /// The endpoint to POST `RemoteRequest`s to.
  let apiURL: URL
  private let child: ChildProcess
  private let folder: URL

  private init(apiURL: URL, child: ChildProcess, folder: URL) {
    self.apiURL = apiURL
    self.child = child
    self.folder = folder
  }

  /// The executable built beside the tests.
  static func binary() throws -> String {
    let root = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let candidates = [
      URL(filePath: CommandLine.arguments[0]).deletingLastPathComponent().appending(path: "AnimalsDataServer"),
      root.appending(path: ".build/debug/AnimalsDataServer"),
    ]
    return try #require(
      candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) },
      "AnimalsDataServer is not built beside the tests; run swift build first"
    ).path
  }

  /// How long a server may take to print that it is listening.
  static let startTimeout: Duration = .seconds(120)

  /// Starts the server on a free loopback port with `arguments` added, and returns once it prints
  /// that it is listening; throws (and kills it) if it exits or stays silent past `startTimeout`.
  static func start(_ arguments: [String], environment: [String: String] = [:]) async throws -> ServerProcess {
    let folder = FileManager.default.temporaryDirectory.appending(path: "AnimalsDataServer-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let output = folder.appending(path: "stdout").path
    let child = try ChildProcess.spawn(
      try Self.binary(), ["--port", "0", "--log-level", "error"] + arguments,
      environment: environment, outputPath: output, errorPath: "/dev/null")
    let deadline = ContinuousClock.now + Self.startTimeout
    while child.exitStatus == nil, ContinuousClock.now < deadline {
      let printed = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
      if let line = printed.split(separator: "\n").first(where: { $0.hasPrefix("listening on ") }),
        let url = URL(string: String(line.dropFirst("listening on ".count)))
      {
        return ServerProcess(apiURL: url.appending(path: String(AnimalsServer.apiPath.dropFirst())), child: child, folder: folder)
      }
      try await Task.sleep(for: .milliseconds(20))
    }
    child.send(SIGKILL)
    let status = await child.waitForExit()
    try? FileManager.default.removeItem(at: folder)
    throw StartError(status: status)
  }

  /// The server exited, or said nothing, before it listened.
  struct StartError: Error, CustomStringConvertible {
    let status: Int32
    var description: String { "AnimalsDataServer did not listen (exit status \(self.status))" }
  }

  /// Kills the server with SIGKILL, as a crash would, and waits for it to be gone.
  func kill() async {
    self.child.send(SIGKILL)
    _ = await self.child.waitForExit()
  }

  /// Stops the server with SIGTERM (a graceful shutdown), waits for it to exit, removes its folder.
  func stop() async {
    self.child.send(SIGTERM)
    _ = await self.child.waitForExit()
    try? FileManager.default.removeItem(at: self.folder)
  }

  /// Runs `body` with servers started with each of `argumentLists` (and `environment`) at the
  /// same time; stops them all afterwards.
  static func withServers<T>(
    _ argumentLists: [[String]],
    environment: [String: String] = [:],
    _ body: ([ServerProcess]) async throws -> T
  ) async throws -> T {
    let starts = await withTaskGroup(of: Result<ServerProcess, any Error>.self) { group in
      for arguments in argumentLists {
        group.addTask {
          do {
            return .success(try await ServerProcess.start(arguments, environment: environment))
          } catch {
            return .failure(error)
          }
        }
      }
      return await group.reduce(into: []) { $0.append($1) }
    }
    let servers = starts.compactMap { try? $0.get() }
    do {
      // When one server does not start, the others are stopped before its error is thrown.
      for case .failure(let error) in starts {
        throw error
      }
      let result = try await body(servers)
      for server in servers { await server.stop() }
      return result
    } catch {
      for server in servers { await server.stop() }
      throw error
    }
  }
}

extension ServerProcess {
  /// What a run of the server that was expected to fail did: its status, its standard error,
  /// and how long it took.
  struct Failure: Sendable {
    let status: Int32
    let standardError: String
    /// Whether it ran until `timeout` and was killed, rather than exiting by itself.
    let wasKilled: Bool
  }

  /// Runs the server with `arguments` to its exit, killing it after `timeout`.
  static func runToFailure(
    _ arguments: [String],
    environment: [String: String] = [:],
    timeout: Duration
  ) async throws -> Failure {
    let errors = FileManager.default.temporaryDirectory.appending(path: "AnimalsDataServer-\(UUID().uuidString).err").path
    defer { try? FileManager.default.removeItem(atPath: errors) }
    let child = try ChildProcess.spawn(
      try Self.binary(), ["--port", "0"] + arguments, environment: environment, outputPath: "/dev/null", errorPath: errors)
    let watchdog = Task {
      try await Task.sleep(for: timeout)
      child.send(SIGKILL)
      return true
    }
    let status = await child.waitForExit()
    watchdog.cancel()
    return Failure(
      status: status,
      standardError: (try? String(contentsOfFile: errors, encoding: .utf8)) ?? "",
      wasKilled: (try? await watchdog.value) ?? false)
  }
}

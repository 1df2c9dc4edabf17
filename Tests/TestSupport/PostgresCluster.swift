import Foundation

#if canImport(Glibc)
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
#endif

/// A throwaway PostgreSQL cluster for tests: `initdb` in a fresh temporary folder, the server on a
/// free loopback port, and everything stopped and removed by `withCluster` when its body returns.
///
/// When the tests run as root, the cluster is created and run as `nobody`, since PostgreSQL
/// refuses to run as root. The binaries are found through `POSTGRES_BIN`, `PATH`, or Debian's
/// `/usr/lib/postgresql/<version>/bin`.
package final class PostgresCluster: Sendable {
  /// The loopback port the server listens on.
  package let port: Int
  /// The folder that holds the data directory, the socket and the log; removed on stop.
  package let folder: URL
  private let binaries: URL
  private let runAs: String?

  private init(port: Int, folder: URL, binaries: URL, runAs: String?) {
    self.port = port
    self.folder = folder
    self.binaries = binaries
    self.runAs = runAs
  }

  /// The role every database of the cluster belongs to; the cluster trusts loopback logins.
  package static let superuser = "postgres"

  /// The longest any one `initdb`, `pg_ctl` or `createdb` may take.
  private static let commandTimeout: Duration = .seconds(60)
}

extension PostgresCluster {
  /// Starts a cluster, runs `body` with it, then stops it and removes its folder, whether `body`
  /// returned or threw.
  package static func withCluster<T>(_ body: (PostgresCluster) async throws -> T) async throws -> T {
    let cluster = try await Self.start()
    do {
      let result = try await body(cluster)
      await cluster.stop()
      return result
    } catch {
      await cluster.stop()
      throw error
    }
  }

  /// A new, empty database in the cluster, as a `postgres://` URL.
  package func createDatabase() async throws -> String {
    let name = "test_\(UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: ""))"
    try await self.run(
      "createdb", ["-h", "127.0.0.1", "-p", "\(self.port)", "-U", Self.superuser, name])
    return self.url(database: name)
  }

  /// The URL of `database` in this cluster.
  package func url(database: String) -> String {
    "postgres://\(Self.superuser)@127.0.0.1:\(self.port)/\(database)"
  }

  private static func start() async throws -> PostgresCluster {
    let binaries = try Self.findBinaries()
    let runAs: String? = getuid() == 0 ? "nobody" : nil
    let folder = FileManager.default.temporaryDirectory
      .appending(path: "postgres-cluster-\(UUID().uuidString)", directoryHint: .isDirectory)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    if let runAs {
      try FileManager.default.setAttributes([.ownerAccountName: runAs], ofItemAtPath: folder.path)
    }
    let cluster = PostgresCluster(port: try LoopbackSocket.freePort(), folder: folder, binaries: binaries, runAs: runAs)
    do {
      try await cluster.run(
        "initdb", ["-D", cluster.dataDirectory, "-U", Self.superuser, "--auth=trust", "--encoding=UTF8", "--no-sync"])
      try await cluster.run(
        "pg_ctl", [
          "start", "-w", "-t", "60", "-D", cluster.dataDirectory, "-l", cluster.folder.appending(path: "server.log").path,
          "-o", "-p \(cluster.port) -k \(cluster.folder.path) -c listen_addresses=127.0.0.1 -c max_connections=300 -c shared_buffers=16MB -c fsync=off",
        ])
    } catch {
      await cluster.stop()
      throw error
    }
    return cluster
  }

  /// Stops the server (fast shutdown, then immediate) and removes the cluster's folder.
  private func stop() async {
    if FileManager.default.fileExists(atPath: self.folder.appending(path: "data/postmaster.pid").path) {
      do {
        try await self.run("pg_ctl", ["stop", "-w", "-t", "30", "-m", "fast", "-D", self.dataDirectory])
      } catch {
        try? await self.run("pg_ctl", ["stop", "-w", "-t", "30", "-m", "immediate", "-D", self.dataDirectory])
      }
    }
    try? FileManager.default.removeItem(at: self.folder)
  }

  private var dataDirectory: String {
    self.folder.appending(path: "data").path
  }
}

extension PostgresCluster {
  /// A cluster command that failed: which, its exit status, and what it printed.
  package struct CommandError: Error, CustomStringConvertible {
    let command: String
    let status: Int32
    let output: String

    package var description: String {
      "\(self.command) exited with status \(self.status):\n\(self.output)"
    }
  }

  /// PostgreSQL's binaries are not installed where the tests look.
  package struct MissingBinariesError: Error, CustomStringConvertible {
    package var description: String {
      "no folder with initdb, pg_ctl and createdb in POSTGRES_BIN, PATH or /usr/lib/postgresql/*/bin: install the postgresql package (make test does)"
    }
  }

  /// Runs one of the cluster's binaries, as `runAs` when set, within `commandTimeout`; its output
  /// goes to a file in the folder, read back into the error when it fails.
  private func run(_ name: String, _ arguments: [String]) async throws {
    let executable = self.binaries.appending(path: name).path
    let outputPath = self.folder.appending(path: "\(name)-\(UUID().uuidString).out").path
    defer { try? FileManager.default.removeItem(atPath: outputPath) }
    let status =
      if let runAs = self.runAs {
        try await ChildProcess.run(
          "/usr/sbin/runuser", ["-u", runAs, "--", executable] + arguments, outputPath: outputPath, timeout: Self.commandTimeout)
      } else {
        try await ChildProcess.run(executable, arguments, outputPath: outputPath, timeout: Self.commandTimeout)
      }
    guard status == 0 else {
      let printed = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
      throw CommandError(command: ([name] + arguments).joined(separator: " "), status: status, output: printed)
    }
  }

  /// The folder of `initdb`, `pg_ctl` and `createdb`: `POSTGRES_BIN`, else `PATH`, else the newest
  /// `/usr/lib/postgresql/<version>/bin`.
  private static func findBinaries() throws -> URL {
    let environment = ProcessInfo.processInfo.environment
    var candidates: [String] = []
    if let configured = environment["POSTGRES_BIN"] {
      candidates.append(configured)
    }
    candidates += (environment["PATH"] ?? "").split(separator: ":").map(String.init)
    let debian = "/usr/lib/postgresql"
    let versions = (try? FileManager.default.contentsOfDirectory(atPath: debian)) ?? []
    candidates += versions.sorted { $0.compare($1, options: .numeric) == .orderedDescending }.map { "\(debian)/\($0)/bin" }
    // A folder on PATH may hold only a link to initdb: the folder that counts is the link's target's.
    let folders = candidates.map { URL(filePath: "\($0)/initdb").resolvingSymlinksInPath().deletingLastPathComponent().path }
    let needed = ["initdb", "pg_ctl", "createdb"]
    guard let folder = folders.first(where: { folder in
      needed.allSatisfy { FileManager.default.isExecutableFile(atPath: "\(folder)/\($0)") }
    }) else {
      throw MissingBinariesError()
    }
    return URL(filePath: folder, directoryHint: .isDirectory)
  }
}

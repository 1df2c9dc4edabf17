import AnimalsData
import AnimalsDataServerCore
import AnimalsDataServerPostgres
import Foundation
import Logging
import TestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A fresh directory under the system's temporary directory, removed when `body` returns.
func withTemporaryDirectory<T>(_ body: (URL) async throws -> T) async throws -> T {
  let directory = FileManager.default.temporaryDirectory
    .appending(path: "AnimalsDataServerTests-\(UUID().uuidString)", directoryHint: .isDirectory)
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: directory) }
  return try await body(directory)
}

/// A path for a database file that does not exist yet, in a temporary directory removed afterwards.
func withTemporaryDatabasePath<T>(_ body: (String) async throws -> T) async throws -> T {
  try await withTemporaryDirectory { directory in
    try await body(directory.appending(path: "animals.sqlite").path(percentEncoded: false))
  }
}

/// The databases the server runs on; the server tests run against each (PostgreSQL ones inside
/// the suite's `.postgresCluster`).
enum Backend: String, CaseIterable, Sendable {
  case sqlite
  case postgres
}

/// Where a test server keeps its data: a SQLite file (in memory when nil) or a PostgreSQL database.
enum ServerDatabase: Sendable {
  case sqlite(path: String?)
  case postgres(url: String)

  /// A backend on this database.
  func serverBackend() throws -> AnimalsServerBackend {
    switch self {
    case .sqlite(let path):
      .sqlite(try LocalStore(path: path))
    case .postgres(let url):
      .postgres(PostgresStore(url: try DatabaseURL(url), connectTimeout: .seconds(60), logger: RunningServer.silentLogger))
    }
  }
}

/// A fresh database of `backend` that lives as long as `body` runs: a file in a temporary
/// directory, or a new database in the suite's PostgreSQL cluster.
func withDatabase<T>(_ backend: Backend, _ body: (ServerDatabase) async throws -> T) async throws -> T {
  switch backend {
  case .sqlite:
    try await withTemporaryDatabasePath { path in try await body(.sqlite(path: path)) }
  case .postgres:
    try await body(.postgres(url: try await PostgresCluster.required().createDatabase()))
  }
}

/// Runs `body` against a server on a fresh database of `backend` (SQLite in memory), then stops it.
func withServer<T>(
  _ backend: Backend,
  logger: Logger = RunningServer.silentLogger,
  _ body: (RunningServer) async throws -> T
) async throws -> T {
  switch backend {
  case .sqlite:
    try await withServer(on: .sqlite(path: nil), logger: logger, body)
  case .postgres:
    try await withDatabase(backend) { database in try await withServer(on: database, logger: logger, body) }
  }
}

/// Runs `body` against a server on `database`, started in-process on an ephemeral loopback port,
/// then stops it, whether `body` succeeded or threw.
func withServer<T>(
  on database: ServerDatabase,
  logger: Logger = RunningServer.silentLogger,
  _ body: (RunningServer) async throws -> T
) async throws -> T {
  let server = try await RunningServer.start(backend: database.serverBackend(), logger: logger)
  do {
    let result = try await body(server)
    await server.stop()
    return result
  } catch {
    await server.stop()
    throw error
  }
}

/// A raw HTTP exchange with the server, below `RemoteStore`: what was answered, byte for byte.
struct HTTPExchange: Sendable {
  let status: Int
  let contentType: String?
  let body: Data

  /// The body as UTF-8 text.
  var text: String { String(decoding: self.body, as: UTF8.self) }

  /// The message of a `{"error": "…"}` body, or nil when the body is not one.
  var errorMessage: String? {
    (try? JSONDecoder().decode([String: String].self, from: self.body))?["error"]
  }

  /// How long a request may wait for its answer before the test gives up on it.
  static let requestGuard: TimeInterval = 600

  /// A fresh ephemeral `URLSession` whose requests wait up to `requestGuard`.
  ///
  /// The configuration carries the guard, not only the request: swift-corelibs-foundation gives
  /// up after the configuration's `timeoutIntervalForRequest` (60 s by default) whatever longer
  /// interval the request names.
  static func guardedSession() -> URLSession {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = Self.requestGuard
    configuration.timeoutIntervalForResource = Self.requestGuard
    return URLSession(configuration: configuration)
  }

  /// Sends `body` with `method` to `url` through a fresh ephemeral `URLSession`.
  static func send(
    _ body: Data?,
    to url: URL,
    method: String = "POST",
    headers: [String: String] = ["Content-Type": "application/json"]
  ) async throws -> HTTPExchange {
    // A guard, not a window: a fully parallel run on a loaded machine (two cores, PostgreSQL
    // answering a hundred queries) can keep a request waiting well past ten seconds.
    var request = URLRequest(url: url, timeoutInterval: Self.requestGuard)
    request.httpMethod = method
    request.httpBody = body
    for (name, value) in headers {
      request.setValue(value, forHTTPHeaderField: name)
    }
    let session = Self.guardedSession()
    defer { session.finishTasksAndInvalidate() }
    let (data, response) = try await session.data(for: request)
    let http = try #require(response as? HTTPURLResponse)
    return HTTPExchange(status: http.statusCode, contentType: http.value(forHTTPHeaderField: "Content-Type"), body: data)
  }

  /// POSTs the JSON text `json` to `url`.
  static func post(_ json: String, to url: URL) async throws -> HTTPExchange {
    try await Self.send(Data(json.utf8), to: url)
  }

  /// The body decoded as a `RemoteResponse`.
  func remoteResponse() throws -> RemoteResponse {
    try JSONDecoder().decode(RemoteResponse.self, from: self.body)
  }
}

extension RemoteStore<URLSessionNetworkSession> {
  /// How long a test waits for a loopback server's reply: a bound for a hung build, not a measure.
  /// The product's 10 s default ran out in a fresh-clone `make test`, whose parallel start stalls every suite for tens of seconds.
  static var testReplyBound: TimeInterval { 120 }

  /// A `RemoteStore` on its own `URLSession`, talking to `server`.
  convenience init(server: RunningServer) {
    self.init(url: server.apiURL, timeout: Self.testReplyBound)
  }
}

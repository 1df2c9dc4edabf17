import Foundation
import PostgresNIO

/// Where a PostgreSQL database is and who to log in as, read from a URL of the form
/// `postgres://user[:password]@host[:port]/dbname[?sslmode=disable|prefer|require]`.
public struct DatabaseURL: Sendable, Hashable {
  /// How the connection uses TLS, as libpq's `sslmode` names it.
  public enum TLSMode: String, Sendable, CaseIterable {
    /// Plain TCP only.
    case disable
    /// TLS when the server offers it, plain TCP otherwise (libpq's default).
    case prefer
    /// TLS or no connection.
    case require
  }

  /// The server's host name or address.
  public let host: String
  /// The server's TCP port; 5432 when the URL names none.
  public let port: Int
  /// The role to log in as.
  public let username: String
  /// The role's password, when the URL has one.
  public let password: String?
  /// The database to open.
  public let database: String
  /// Whether the connection uses TLS.
  public let tlsMode: TLSMode

  /// Reads `string`; throws a `DatabaseURL.Error` that names the first thing wrong with it.
  public init(_ string: String) throws(Error) {
    guard let components = URLComponents(string: string) else {
      throw Error(url: string, problem: "it is not a URL")
    }
    guard let scheme = components.scheme?.lowercased(), ["postgres", "postgresql"].contains(scheme) else {
      throw Error(url: string, problem: "the scheme must be postgres://")
    }
    guard let host = components.host, !host.isEmpty else {
      throw Error(url: string, problem: "it names no host")
    }
    guard let username = components.user, !username.isEmpty else {
      throw Error(url: string, problem: "it names no user")
    }
    let database = String(components.path.drop { $0 == "/" })
    guard !database.isEmpty, !database.contains("/") else {
      throw Error(url: string, problem: "it must name one database after the host, as in /animals")
    }
    let port = components.port ?? 5432
    guard (1...65535).contains(port) else {
      throw Error(url: string, problem: "the port must be between 1 and 65535")
    }
    var tlsMode = TLSMode.prefer
    for item in components.queryItems ?? [] {
      guard item.name == "sslmode", let mode = item.value.flatMap(TLSMode.init(rawValue:)) else {
        let modes = TLSMode.allCases.map(\.rawValue).joined(separator: ", ")
        throw Error(url: string, problem: "the only parameter understood is sslmode=\(modes)")
      }
      tlsMode = mode
    }
    self.host = host
    self.port = port
    self.username = components.percentEncodedUser?.removingPercentEncoding ?? username
    self.password = components.percentEncodedPassword.map { $0.removingPercentEncoding ?? $0 }
    self.database = database.removingPercentEncoding ?? database
    self.tlsMode = tlsMode
  }
}

extension DatabaseURL {
  /// A URL the server could not read as a database URL, and what is wrong with it.
  public struct Error: Swift.Error, Hashable, Sendable, CustomStringConvertible {
    /// The URL as given, with any password masked.
    public let url: String
    /// What is wrong with it.
    public let problem: String

    init(url: String, problem: String) {
      self.url = DatabaseURL.masking(url)
      self.problem = problem
    }

    /// The masked URL, what is wrong with it, and the form expected.
    public var description: String {
      "\(self.url) is not a database URL: \(self.problem); expected postgres://user[:password]@host[:port]/dbname"
    }
  }

  /// `url` with the password, if any, replaced by `***`, fit for logs and error messages.
  static func masking(_ url: String) -> String {
    guard var components = URLComponents(string: url), components.password != nil else { return url }
    components.password = "***"
    return components.string ?? url
  }
}

extension DatabaseURL: CustomStringConvertible {
  /// The URL without its password: `postgres://user@host:port/dbname`.
  public var description: String {
    let host = self.host.contains(":") ? "[\(self.host)]" : self.host
    return "postgres://\(self.username)@\(host):\(self.port)/\(self.database)"
  }
}

extension DatabaseURL {
  /// The configuration of a pool of connections to this database.
  func clientConfiguration(connectTimeout: Duration, maximumConnections: Int) -> PostgresClient.Configuration {
    var configuration = PostgresClient.Configuration(
      host: self.host,
      port: self.port,
      username: self.username,
      password: self.password,
      database: self.database,
      tls: self.clientTLS
    )
    configuration.options.connectTimeout = connectTimeout
    configuration.options.maximumConnections = maximumConnections
    return configuration
  }

  /// The configuration of one connection to this database; throws when TLS cannot be set up.
  func connectionConfiguration(connectTimeout: Duration) throws -> PostgresConnection.Configuration {
    var configuration = PostgresConnection.Configuration(
      host: self.host,
      port: self.port,
      username: self.username,
      password: self.password,
      database: self.database,
      tls: try self.connectionTLS()
    )
    configuration.options.connectTimeout = .nanoseconds(Int64(connectTimeout / .nanoseconds(1)))
    return configuration
  }

  private var clientTLS: PostgresClient.Configuration.TLS {
    switch self.tlsMode {
    case .disable: .disable
    case .prefer: .prefer(.makeClientConfiguration())
    case .require: .require(.makeClientConfiguration())
    }
  }

  private func connectionTLS() throws -> PostgresConnection.Configuration.TLS {
    switch self.tlsMode {
    case .disable: .disable
    case .prefer: .prefer(try NIOSSLContext(configuration: .makeClientConfiguration()))
    case .require: .require(try NIOSSLContext(configuration: .makeClientConfiguration()))
    }
  }
}

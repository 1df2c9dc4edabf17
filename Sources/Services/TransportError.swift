import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Why `URLSessionTransport` could not load a request, described without URLs or ports.
public struct TransportError: Swift.Error, Hashable, Sendable {
  /// The kinds of failure.
  public enum Code: Hashable, Sendable {
    case connectionRefused
    case timedOut
    case cannotFindHost
    case connectionLost
    case cancelled
    case fileNotFound
    case fileUnreadable
    /// Any other `URLError`, by its code when there is one.
    case network(code: Int?)
  }

  /// What kind of failure it was.
  public let code: Code

  /// Creates an error with `code`.
  package init(code: Code) {
    self.code = code
  }

  /// The failure a `URLError` stands for; its URL is dropped.
  package init(_ error: URLError) {
    switch error.code {
    case .cannotConnectToHost: self.init(code: .connectionRefused)
    case .timedOut: self.init(code: .timedOut)
    case .cannotFindHost, .dnsLookupFailed: self.init(code: .cannotFindHost)
    case .networkConnectionLost: self.init(code: .connectionLost)
    case .cancelled: self.init(code: .cancelled)
    case .fileDoesNotExist: self.init(code: .fileNotFound)
    default: self.init(code: .network(code: error.code.rawValue))
    }
  }
}

extension TransportError: CustomStringConvertible {
  /// The failure in a few words: `connection refused`, `timed out`, `network error -1011`.
  public var description: String {
    switch self.code {
    case .connectionRefused: "connection refused"
    case .timedOut: "timed out"
    case .cannotFindHost: "cannot find host"
    case .connectionLost: "connection lost"
    case .cancelled: "cancelled"
    case .fileNotFound: "file not found"
    case .fileUnreadable: "file unreadable"
    case .network(let code?): "network error \(code)"
    case .network(nil): "network error"
    }
  }
}

import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Why `HTTPTransport` could not load a request, described without URLs or ports.
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
    /// The response body passed `TransportLimits.maxBodyBytes`, this many bytes.
    case bodyTooLarge(limit: Int)
    /// The exchange was still going at `TransportLimits.deadline`, this many seconds.
    case deadlineExceeded(seconds: TimeInterval)
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
  /// The failure in a few words: `connection refused`, `timed out`, `network error -1011`; a limit
  /// says which it is and how to raise it.
  public var description: String {
    switch self.code {
    case .connectionRefused: "connection refused"
    case .timedOut: "timed out"
    case .cannotFindHost: "cannot find host"
    case .connectionLost: "connection lost"
    case .cancelled: "cancelled"
    case .fileNotFound: "file not found"
    case .fileUnreadable: "file unreadable"
    case .bodyTooLarge(let limit):
      "response body over the \(Self.bytes(limit)) limit; raise TransportLimits.maxBodyBytes to accept a bigger one"
    case .deadlineExceeded(let seconds):
      "no complete answer within the \(Self.seconds(seconds)) s deadline; raise TransportLimits.deadline to wait longer"
    case .network(let code?): "network error \(code)"
    case .network(nil): "network error"
    }
  }
}

extension TransportError {
  /// `64 MiB`, `1 KiB`, `1500 bytes`: a limit as it was most likely written.
  private static func bytes(_ count: Int) -> String {
    if count >= 1 << 20, count % (1 << 20) == 0 { return "\(count >> 20) MiB" }
    if count >= 1 << 10, count % (1 << 10) == 0 { return "\(count >> 10) KiB" }
    return "\(count) bytes"
  }

  /// `60`, `0.5`: seconds without a needless `.0`, the same in every locale.
  private static func seconds(_ value: TimeInterval) -> String {
    value == value.rounded() && abs(value) < 1e15 ? "\(Int(value))" : "\(value)"
  }
}

import Foundation

/// What one HTTP exchange of `HTTPTransport` may take: how long the server may stay silent,
/// how long the whole exchange may last, body included, and how big the body may be. A server
/// past any of them gets the exchange cancelled and a `TransportError` that names the limit.
public struct TransportLimits: Hashable, Sendable {
  /// The default `idleTimeout`: 10 seconds.
  public static let defaultIdleTimeout: TimeInterval = 10
  /// The default `deadline`: 60 seconds, six times what the real USGS month feed takes on a slow line.
  public static let defaultDeadline: TimeInterval = 60
  /// The default `maxBodyBytes`: 64 MiB, six times the real USGS month feed (about 10 MB).
  public static let defaultMaxBodyBytes = 64 << 20

  /// How long the server may send nothing before the exchange fails as `timedOut`.
  public var idleTimeout: TimeInterval
  /// How long the whole exchange may last, from the request to the body's last byte, before it
  /// fails as `deadlineExceeded`: a body that keeps coming is stopped here.
  public var deadline: TimeInterval
  /// The most bytes a response body may have; a bigger one fails as `bodyTooLarge` without being
  /// kept, a redirect's body included.
  public var maxBodyBytes: Int

  /// Limits of `idleTimeout` seconds of silence, a `deadline` in seconds for the whole exchange,
  /// and bodies of at most `maxBodyBytes`.
  public init(
    idleTimeout: TimeInterval = Self.defaultIdleTimeout,
    deadline: TimeInterval = Self.defaultDeadline,
    maxBodyBytes: Int = Self.defaultMaxBodyBytes
  ) {
    self.idleTimeout = idleTimeout
    self.deadline = deadline
    self.maxBodyBytes = maxBodyBytes
  }
}

extension TransportLimits {
  /// The limits the sessions' older spelling stands for: `timeout` seconds of silence, a
  /// deadline of `resourceTimeout` (at least `timeout`; `timeout` when nil), the default cap.
  package init(timeout: TimeInterval, resourceTimeout: TimeInterval?) {
    self.init(idleTimeout: timeout, deadline: max(timeout, resourceTimeout ?? timeout))
  }
}

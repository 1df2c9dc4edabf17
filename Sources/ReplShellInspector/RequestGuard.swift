import Foundation
import Synchronization

/// Decides whether a request may reach the inspector: it must carry the session's token, name
/// the loopback address it was sent to in `Host` (a DNS-rebinding page names its own host), and
/// come from no page but the inspector's own (`Origin`, when the browser sends one).
final class RequestGuard: Sendable {
  /// The random secret every request and the WebSocket must carry as `?token=`.
  let token: String
  private let port = Atomic<Int>(0)

  /// A guard for `token`; it refuses everything until `listening(on:)` gives the port.
  init(token: String) {
    self.token = token
  }

  /// A fresh token: 128 random bits in hex.
  static func makeToken() -> String {
    var generator = SystemRandomNumberGenerator()
    return (0..<4).map { _ in String(format: "%08x", UInt32.random(in: .min ... .max, using: &generator)) }.joined()
  }

  /// Records the port the server is bound to: the only one `Host` and `Origin` may name.
  func listening(on port: Int) {
    self.port.store(port, ordering: .releasing)
  }

  /// Why a request is refused, or nil when it may go on. `target` is the request's path and
  /// query, `authority` its `Host`, `origin` its `Origin` header if any.
  func refusal(target: String, authority: String?, origin: String?) -> String? {
    let port = self.port.load(ordering: .acquiring)
    guard port != 0 else { return "the inspector is not listening yet" }
    let hosts = ["127.0.0.1:\(port)", "localhost:\(port)"]
    guard let authority, hosts.contains(authority.lowercased()) else {
      return "refused: the Host header must be 127.0.0.1:\(port) (the inspector serves loopback only)"
    }
    if let origin, !hosts.map({ "http://" + $0 }).contains(origin.lowercased()) {
      return "refused: requests from \(origin) are not allowed; open the inspector's own address"
    }
    guard let given = Self.token(in: target), Self.constantTimeEqual(given, token) else {
      return "refused: a missing or wrong token; open the address the shell printed, with its ?token="
    }
    return nil
  }

  /// The `token` query parameter of a request target.
  static func token(in target: String) -> String? {
    URLComponents(string: target)?.queryItems?.first { $0.name == "token" }?.value
  }

  /// Compares two strings in time that depends only on their lengths.
  private static func constantTimeEqual(_ a: String, _ b: String) -> Bool {
    let left = Array(a.utf8), right = Array(b.utf8)
    guard left.count == right.count else { return false }
    return zip(left, right).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
  }
}

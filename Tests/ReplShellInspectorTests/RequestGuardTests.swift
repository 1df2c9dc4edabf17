import Testing
@testable import ReplShellInspector

/// The guard alone: the token, the `Host` and the `Origin` a request may carry.
@Suite struct RequestGuardTests {
  static func listening() -> RequestGuard {
    let requestGuard = RequestGuard(token: "secret")
    requestGuard.listening(on: 4000)
    return requestGuard
  }

  @Test func theInspectorsOwnPageMayDoAnything() {
    let requestGuard = Self.listening()
    #expect(requestGuard.refusal(target: "/?token=secret", authority: "127.0.0.1:4000", origin: nil) == nil)
    #expect(requestGuard.refusal(target: "/ws?token=secret", authority: "localhost:4000", origin: "http://localhost:4000") == nil)
  }

  @Test func aMissingOrWrongTokenIsRefused() {
    let requestGuard = Self.listening()
    #expect(requestGuard.refusal(target: "/", authority: "127.0.0.1:4000", origin: nil)?.contains("token") == true)
    #expect(requestGuard.refusal(target: "/?token=secreT", authority: "127.0.0.1:4000", origin: nil)?.contains("token") == true)
    #expect(requestGuard.refusal(target: "/?token=secret2", authority: "127.0.0.1:4000", origin: nil)?.contains("token") == true)
  }

  @Test func anotherHostOrPortIsRefused() {
    let requestGuard = Self.listening()
    #expect(requestGuard.refusal(target: "/?token=secret", authority: "rebound.example:4000", origin: nil)?.contains("Host") == true)
    #expect(requestGuard.refusal(target: "/?token=secret", authority: "127.0.0.1:4001", origin: nil)?.contains("Host") == true)
    #expect(requestGuard.refusal(target: "/?token=secret", authority: nil, origin: nil)?.contains("Host") == true)
  }

  @Test func aForeignOriginIsRefused() {
    let requestGuard = Self.listening()
    #expect(requestGuard.refusal(target: "/?token=secret", authority: "127.0.0.1:4000", origin: "http://attacker.example")?.contains("not allowed") == true)
    #expect(requestGuard.refusal(target: "/?token=secret", authority: "127.0.0.1:4000", origin: "null")?.contains("not allowed") == true)
    #expect(requestGuard.refusal(target: "/?token=secret", authority: "127.0.0.1:4000", origin: "https://127.0.0.1:4000")?.contains("not allowed") == true)
  }

  @Test func nothingPassesBeforeTheServerListens() {
    #expect(RequestGuard(token: "secret").refusal(target: "/?token=secret", authority: "127.0.0.1:0", origin: nil) != nil)
  }

  @Test func tokensAreLongAndFresh() {
    let tokens = Set((0..<20).map { _ in RequestGuard.makeToken() })
    #expect(tokens.count == 20)
    #expect(tokens.allSatisfy { $0.count == 32 && $0.allSatisfy(\.isHexDigit) })
  }
}

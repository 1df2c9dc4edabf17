import Foundation

/// The attached shells an inspector may follow, by the key each was given (`{"op": "link"}`):
/// the key is random, so that an inspector follows the shell that asked for it and no other.
@MainActor enum InspectionLinks {
  private final class Link {
    weak var responder: Responder?
    init(_ responder: Responder) { self.responder = responder }
  }

  private static var links: [String: Link] = [:]

  /// A fresh key for `responder`'s session.
  static func key(for responder: Responder) -> String {
    links = links.filter { $0.value.responder != nil }
    let key = (0..<4).map { _ in String(format: "%08x", UInt32.random(in: .min ... .max)) }.joined()
    links[key] = Link(responder)
    return key
  }

  /// The shell `key` names, while it is attached.
  static func responder(for key: String) -> Responder? {
    links[key]?.responder
  }
}

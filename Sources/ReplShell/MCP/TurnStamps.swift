import Foundation
import MCP
import Scenarios
import Synchronization

/// The session turns the MCP transport draws for calls as they arrive, handed to the calls'
/// handlers: the transport writes a stamp into the request's `params._meta` (`replshell/place`,
/// the request's place among the replies) and keeps the turn here under it; the handler takes it
/// out by the stamp it reads.
final class TurnStamps: Sendable {
  /// The `_meta` member the stamp is written in.
  static let metaKey = "replshell/place"

  private let turns = Mutex<[Int: SessionHost.Turn]>([:])

  /// Whether `message` is a request whose handler runs a line in the session.
  static func reachesSession(_ message: Data) -> Bool {
    guard let method = try? JSONDecoder().decode(MethodName.self, from: message).method else { return false }
    return method == CallTool.name || method == ReadResource.name
  }

  /// `message` with `place` written in its `params._meta`, `turn` kept under it; nil when the
  /// message has no object to write it in.
  func stamp(_ message: Data, place: Int, turn: SessionHost.Turn) -> Data? {
    let decoder = JSONDecoder()
    guard var object = try? decoder.decode([String: MCP.Value].self, from: message) else { return nil }
    var parameters: [String: MCP.Value]
    switch object["params"] {
    case nil, .null?: parameters = [:]
    case .object(let members)?: parameters = members
    default: return nil
    }
    var meta: [String: MCP.Value]
    switch parameters["_meta"] {
    case nil: meta = [:]
    case .object(let members)?: meta = members
    default: return nil
    }
    meta[Self.metaKey] = .int(place)
    parameters["_meta"] = .object(meta)
    object["params"] = .object(parameters)
    guard let stamped = try? JSONEncoder().encode(object) else { return nil }
    turns.withLock { $0[place] = turn }
    return stamped
  }

  /// Forgets the turn stamped `place`, once its request was answered (its handler may never have
  /// taken it: the server refused the parameters).
  func discard(place: Int) {
    _ = turns.withLock { $0.removeValue(forKey: place) }
  }

  /// The turn stamped in `meta`, taken out; nil when there is none (the handler then takes the
  /// next place when it submits).
  func take(_ meta: Metadata?) -> SessionHost.Turn? {
    guard let place = meta?[Self.metaKey]?.intValue else { return nil }
    return turns.withLock { $0.removeValue(forKey: place) }
  }
}

/// A message's method, nothing else.
private struct MethodName: Decodable {
  let method: String?
}

/// `resources/read` with its `_meta` read, which the SDK's `ReadResource` leaves out: the turn stamp.
enum ReadResourceInTurn: MCP.Method {
  static let name = ReadResource.name

  struct Parameters: Hashable, Codable, Sendable {
    let uri: String
    let _meta: Metadata?
  }

  typealias Result = ReadResource.Result
}

import Foundation
import StateValues

/// A domain's state as JSON, written and read by `Codable` itself: what a flight recorder's log
/// starts from, so that `--replay` can start where the log does after older files rotated away.
public enum StateSnapshot {
  /// The state as `Codable` writes it (keys sorted); nil when the state is not `Encodable`, and
  /// an error saying why when it is but does not encode as JSON.
  public static func json(of state: some Any) throws(CommandError) -> JSONForm? {
    guard let encodable = state as? any Encodable else { return nil }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    do {
      return try JSONDecoder().decode(JSONForm.self, from: encoder.encode(encodable))
    } catch {
      throw CommandError(
        "the \(type(of: state)) state does not encode as JSON (\(error)), so there is no snapshot of it for a replay to start from: make its Encodable conformance write JSON (a Double that is NaN or infinite does not)")
    }
  }

  /// The state `json` holds, read by the state's own `Decodable` conformance.
  public static func state<State>(_ type: State.Type, from json: JSONForm) throws(CommandError) -> State {
    guard let decodable = State.self as? any Decodable.Type else {
      throw CommandError("the recording starts from a snapshot of the state, and \(State.self) is not Decodable: make it Codable to replay logs that rotated")
    }
    do {
      guard let state = try JSONDecoder().decode(decodable, from: Data(json.text.utf8)) as? State else {
        throw CommandError("the snapshot does not read back as a \(State.self)")
      }
      return state
    } catch let error as CommandError {
      throw error
    } catch {
      throw CommandError("the snapshot does not read back as a \(State.self): \(error)")
    }
  }
}

import AnimalsData
import Foundation
import Services

/// Reads a request body as a `RemoteRequest`, or says in one line what is wrong with it:
/// `malformed request: not valid JSON`, `unknown operation: query "plants" at $.query[0]; …`.
package struct RemoteRequestDecoder: Sendable {
  /// The query names a request may use, as they appear in the JSON.
  package static let queryNames = ["animals", "categories"]
  /// The mutation names a request may use, as they appear in the JSON.
  package static let mutationNames = ["addAnimal", "deleteAnimal", "reloadSampleData", "updateAnimal"]
  /// The most queries and mutations, together, that one request may list: a request is answered
  /// one operation at a time, so a long list would keep the server busy for one client.
  package static let maxOperations = 100

  /// Creates a decoder.
  package init() {}

  /// The request in `body`; throws an `APIError` (400) when it is not JSON, has the wrong shape,
  /// names an unknown query or mutation, asks for nothing at all, or lists more than
  /// `maxOperations` operations.
  package func decode(_ body: Data) throws(APIError) -> RemoteRequest {
    let request: RemoteRequest
    do {
      request = try JSONDecoder().decode(RemoteRequest.self, from: body)
    } catch let error as DecodingError {
      throw Self.refusal(for: error, body: body)
    } catch {
      throw .malformedRequest("undecodable body")
    }
    guard request.query != nil || request.mutation != nil else {
      throw .malformedRequest("expected a \"query\" or \"mutation\" list at $")
    }
    let operations = (request.query?.count ?? 0) + (request.mutation?.count ?? 0)
    guard operations <= Self.maxOperations else {
      throw .tooManyOperations(operations, limit: Self.maxOperations)
    }
    return request
  }
}

extension RemoteRequestDecoder {
  /// The refusal of an undecodable body: the shared one-line summary of the decoding error, except
  /// for an unknown diet or operation, which are named with what the server expects instead.
  private static func refusal(for error: DecodingError, body: Data) -> APIError {
    switch error {
    case .dataCorrupted(let context) where context.codingPath.last?.stringValue == "diet":
      let diets = Animal.Diet.allCases.map(\.rawValue).sorted().joined(separator: ", ")
      return .malformedRequest("invalid diet at \(DecodingError.jsonPath(context.codingPath)); expected one of \(diets)")
    case .typeMismatch(let type, let context) where type == RemoteRequest.Query.self:
      return Self.operationRefusal(kind: "query", known: Self.queryNames, at: context.codingPath, body: body)
    case .typeMismatch(let type, let context) where type == RemoteRequest.Mutation.self:
      return Self.operationRefusal(kind: "mutation", known: Self.mutationNames, at: context.codingPath, body: body)
    default:
      return .malformedRequest(error.summary)
    }
  }

  /// An operation object that is not exactly one known name: the unknown names are reported, so a
  /// client sees `query "plants"` rather than a generic shape error.
  private static func operationRefusal(
    kind: String,
    known: [String],
    at codingPath: [any CodingKey],
    body: Data
  ) -> APIError {
    let path = DecodingError.jsonPath(codingPath)
    let expected = "expected one of \(known.joined(separator: ", "))"
    guard let object = Self.value(at: codingPath, in: body) as? [String: Any] else {
      return .malformedRequest("expected an object naming one \(kind) at \(path); \(expected)")
    }
    let unknown = object.keys.filter { !known.contains($0) }.sorted()
    guard unknown.isEmpty else {
      let names = unknown.map { String(reflecting: $0) }.joined(separator: ", ")
      return .unknownOperation("\(kind) \(names) at \(path); \(expected)")
    }
    return .malformedRequest("expected exactly one \(kind) at \(path), found \(object.count)")
  }

  /// The JSON value at `codingPath` in `body`, or nil when the body or the path does not lead there.
  private static func value(at codingPath: [any CodingKey], in body: Data) -> Any? {
    var value = try? JSONSerialization.jsonObject(with: body)
    for key in codingPath {
      if let index = key.intValue {
        guard let array = value as? [Any], array.indices.contains(index) else { return nil }
        value = array[index]
      } else {
        value = (value as? [String: Any])?[key.stringValue]
      }
    }
    return value
  }
}

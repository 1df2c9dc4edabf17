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
    guard let names = ObjectMembers.names(at: codingPath, in: body) else {
      return .malformedRequest("expected an object naming one \(kind) at \(path); \(expected)")
    }
    let unknown = names.filter { !known.contains($0) }.sorted()
    guard unknown.isEmpty else {
      let names = unknown.map { String(reflecting: $0) }.joined(separator: ", ")
      return .unknownOperation("\(kind) \(names) at \(path); \(expected)")
    }
    return .malformedRequest("expected exactly one \(kind) at \(path), found \(names.count)")
  }
}

/// The member names of the JSON object at a coding path in a request body, read with
/// `JSONDecoder` by following the path's keys and indices.
private struct ObjectMembers: Decodable {
  /// One step of the path: a member's name or an element's index.
  private enum Step: Sendable {
    case member(String)
    case element(Int)
  }

  private static let pathKey = CodingUserInfoKey(rawValue: "replshell.objectMembers.path")!

  let names: [String]?

  /// The names of the members of the object at `codingPath` in `body`; nil when the body is not
  /// JSON, the path leads nowhere, or what is there is not an object (the one probe: a step of
  /// another shape throws, and that answer is the nil).
  static func names(at codingPath: [any CodingKey], in body: Data) -> [String]? {
    let decoder = JSONDecoder()
    decoder.userInfo[pathKey] = codingPath.map { key in key.intValue.map(Step.element) ?? .member(key.stringValue) }
    return (try? decoder.decode(ObjectMembers.self, from: body))?.names
  }

  init(from decoder: any Decoder) throws {
    let path = decoder.userInfo[Self.pathKey] as? [Step] ?? []
    names = try Self.names(following: path[...], from: decoder)
  }

  private static func names(following path: ArraySlice<Step>, from decoder: any Decoder) throws -> [String]? {
    guard let step = path.first else {
      return try decoder.container(keyedBy: Name.self).allKeys.map(\.stringValue)
    }
    switch step {
    case .member(let name):
      let object = try decoder.container(keyedBy: Name.self)
      guard let key = Name(stringValue: name), object.contains(key) else { return nil }
      return try names(following: path.dropFirst(), from: try object.superDecoder(forKey: key))
    case .element(let index):
      var elements = try decoder.unkeyedContainer()
      for _ in 0..<index {
        guard !elements.isAtEnd else { return nil }
        _ = try elements.decode(Skipped.self)
      }
      guard !elements.isAtEnd else { return nil }
      return try names(following: path.dropFirst(), from: try elements.superDecoder())
    }
  }

  /// Any member name.
  private struct Name: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  /// An element passed over.
  private struct Skipped: Decodable {
    init(from decoder: any Decoder) throws {}
  }
}

import Foundation

extension HistoryReader {
  /// A JSON object's line as the EDN map it means: strings stay strings (`"type": "ok"` reads
  /// as `:type "ok"`, whose name is `ok`), numbers are integers or floats, arrays are vectors.
  static func readJSON(_ line: Substring, source: String, line lineNumber: Int) throws(HistoryError) -> EDNValue {
    do {
      return try JSONDecoder().decode(JSONValue.self, from: Data(line.utf8)).edn
    } catch let error as DecodingError {
      throw HistoryError(source: source, line: lineNumber, message: "not a JSON object: \(Self.describe(error)); write one op per line such as {\"process\": 0, \"type\": \"invoke\", \"f\": \"read\", \"value\": null}")
    } catch {
      throw HistoryError(source: source, line: lineNumber, message: "not a JSON object: \(error)")
    }
  }

  private static func describe(_ error: DecodingError) -> String {
    switch error {
    case .dataCorrupted(let context): context.underlyingError.map { "\($0)" } ?? context.debugDescription
    case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context): context.debugDescription
    @unknown default: "\(error)"
    }
  }
}

/// A JSON value, decoded strictly (a number is never a boolean) and nested at most as deep as EDN.
private struct JSONValue: Decodable {
  let edn: EDNValue

  init(from decoder: any Decoder) throws {
    guard decoder.codingPath.count < EDNReader.maximumDepth else {
      throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "values nest deeper than \(EDNReader.maximumDepth) levels"))
    }
    if var array = try? decoder.unkeyedContainer() {
      var values: [EDNValue] = []
      while !array.isAtEnd { values.append(try array.decode(JSONValue.self).edn) }
      edn = .vector(values)
      return
    }
    if let object = try? decoder.container(keyedBy: AnyKey.self) {
      let pairs = try object.allKeys.sorted { $0.stringValue < $1.stringValue }.map { key in
        (key: EDNValue.keyword(key.stringValue), value: try object.decode(JSONValue.self, forKey: key).edn)
      }
      edn = .map(pairs)
      return
    }
    let single = try decoder.singleValueContainer()
    if single.decodeNil() {
      edn = .null
    } else if let value = try? single.decode(Bool.self) {
      edn = .bool(value)
    } else if let value = try? single.decode(Int.self) {
      edn = .integer(value)
    } else if let value = try? single.decode(Double.self) {
      edn = .float(value)
    } else {
      edn = .string(try single.decode(String.self))
    }
  }

  private struct AnyKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }
}

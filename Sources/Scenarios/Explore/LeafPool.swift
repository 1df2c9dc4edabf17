import Foundation
import ReplShellDomain
import StateValues

/// The small pool `explore` draws payload values from: the catalog examples' own values, values
/// found in the state it starts from (dictionary keys and values included, so that an action
/// naming an id hits one that exists), boundaries (0, 1, −1, empty) and a few fresh ones.
struct LeafPool: Sendable {
  var strings: [String] = [""]
  var identifiers: [String] = []
  var ints: [Int] = [0, 1, -1]
  var doubles: [Double] = [0, 1, -1, 0.5]
  var dates: [Date] = [Date(timeIntervalSince1970: 0)]
  /// Every value of a struct or enum type met, by type name: the alternatives a payload of that type takes.
  var alternatives: [String: [Value]] = [:]
  /// The cases of each `CaseIterable` enum, by type name.
  var symbols: [String: [String]] = [:]

  /// A pool from the catalog's examples and the starting state.
  init(catalog: ActionCatalog, state: Value?) {
    symbols = catalog.symbolicValues
    for examples in catalog.examples {
      for example in examples { harvest(example, isAction: true) }
    }
    if let state { harvest(state, isAction: false) }
    strings = Self.unique(strings)
    identifiers = Self.unique(identifiers)
    ints = Self.unique(ints)
    doubles = Self.unique(doubles)
    dates = Self.unique(dates)
    for (name, values) in alternatives { alternatives[name] = Self.unique(values) }
  }

  private static func unique<T: Hashable>(_ values: [T]) -> [T] {
    var seen: Set<T> = []
    return values.filter { seen.insert($0).inserted }
  }

  /// Collects the leaves of `value`, and its structs and enum values by type; an action's own
  /// outer case is not an alternative of its payloads.
  private mutating func harvest(_ value: Value, isAction: Bool) {
    switch value {
    case .string(let text):
      if UUID(uuidString: text) != nil { identifiers.append(text) } else { strings.append(text) }
    case .int(let number): ints.append(number)
    case .double(let number): doubles.append(number)
    case .date(let date): dates.append(date)
    case .array(let elements): elements.forEach { harvest($0, isAction: false) }
    case .dictionary(let entries):
      for entry in entries {
        harvest(entry.key, isAction: false)
        harvest(entry.value, isAction: false)
      }
    case .enumCase(let typeName, _, let arguments):
      if !isAction, let typeName, arguments != nil { alternatives[typeName, default: []].append(value) }
      arguments?.forEach { harvest($0.value, isAction: isAction && $0.isUnlabeled && arguments?.count == 1) }
    case .structure(let typeName, let fields):
      if !isAction { alternatives[typeName, default: []].append(value) }
      fields.forEach { harvest($0.value, isAction: false) }
    case .bool, .null, .keyPath, .opaque, .member:
      break
    }
  }
}

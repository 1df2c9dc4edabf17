import Foundation
import StateValues

/// Draws payloads for `explore`: each leaf of an example's payload is replaced by a value from
/// the pool, a boundary or a fresh one; enums take any case the catalog, the state or
/// `CaseIterable` shows; arrays and dictionaries take 0 to 3 elements.
struct PayloadGenerator: Sendable {
  let pool: LeafPool

  /// A new value shaped like `template`.
  func generate(_ template: Value, _ random: inout SplitMix, depth: Int = 0) -> Value {
    switch template {
    case .string(let text):
      if UUID(uuidString: text) != nil {
        return .string(pick(pool.identifiers, or: text, fresh: { Self.freshUUID(&$0) }, &random))
      }
      return .string(pick(pool.strings, or: text, fresh: { "x\($0.below(4))" }, &random))
    case .int(let number):
      return .int(pick(pool.ints, or: number, fresh: { $0.below(2001) - 1000 }, &random))
    case .double(let number):
      return .double(pick(pool.doubles, or: number, fresh: { Double($0.below(2001) - 1000) / 8 }, &random))
    case .bool:
      return .bool(random.chance(1, in: 2))
    case .date(let date):
      return .date(pick(pool.dates, or: date, fresh: { date.addingTimeInterval(Double($0.below(100_000))) }, &random))
    case .array(let elements):
      guard !elements.isEmpty, depth < 4 else { return template }
      return .array(
        (0..<Self.length(&random)).map { _ in generate(elements[random.below(elements.count)], &random, depth: depth + 1) })
    case .dictionary(let entries):
      guard !entries.isEmpty, depth < 4 else { return template }
      var result: [Entry] = []
      for _ in 0..<Self.length(&random) {
        let entry = entries[random.below(entries.count)]
        let key = generate(entry.key, &random, depth: depth + 1)
        guard !result.contains(where: { $0.key == key }) else { continue }
        result.append(Entry(key, generate(entry.value, &random, depth: depth + 1)))
      }
      return .dictionary(result)
    case .enumCase(let typeName?, _, nil):
      guard let cases = pool.symbols[typeName], !cases.isEmpty else { return template }
      return .enumCase(typeName: typeName, name: cases[random.below(cases.count)], arguments: nil)
    case .enumCase(let typeName, let name, let arguments?):
      let shape = alternative(of: typeName, template, &random)
      guard case .enumCase(_, let chosen, let fields?) = shape else { return .enumCase(typeName: typeName, name: name, arguments: arguments) }
      return .enumCase(typeName: typeName, name: chosen, arguments: fields.map { Field($0.label, generate($0.value, &random, depth: depth + 1)) })
    case .structure(let typeName, _):
      let shape = alternative(of: typeName, template, &random)
      // A struct found in the state or the examples, as it is, half the time: it names what exists.
      if random.chance(1, in: 2) || depth >= 4 { return shape }
      guard case .structure(_, let fields) = shape else { return shape }
      return .structure(typeName: typeName, fields: fields.map { Field($0.label, generate($0.value, &random, depth: depth + 1)) })
    case .enumCase(nil, _, nil), .null, .keyPath, .opaque, .member:
      return template
    }
  }

  /// The arguments of an action's innermost case, generated; the case path stays.
  func generateAction(_ template: Value, depth: Int, _ random: inout SplitMix) -> Value {
    guard case .enumCase(let typeName, let name, let arguments?) = template else { return template }
    if depth > 1, arguments.count == 1 {
      return .enumCase(typeName: typeName, name: name, arguments: [Field(arguments[0].label, generateAction(arguments[0].value, depth: depth - 1, &random))])
    }
    return .enumCase(typeName: typeName, name: name, arguments: arguments.map { Field($0.label, generate($0.value, &random)) })
  }

  private func alternative(of typeName: String?, _ template: Value, _ random: inout SplitMix) -> Value {
    guard let typeName, let known = pool.alternatives[typeName], !known.isEmpty, random.chance(3, in: 4) else { return template }
    return known[random.below(known.count)]
  }

  /// The example's own value a quarter of the time, a fresh one an eighth, else one from the pool.
  private func pick<T>(_ values: [T], or own: T, fresh: (inout SplitMix) -> T, _ random: inout SplitMix) -> T {
    let roll = random.below(8)
    if roll < 2 || values.isEmpty { return own }
    if roll == 2 { return fresh(&random) }
    return values[random.below(values.count)]
  }

  private static func length(_ random: inout SplitMix) -> Int {
    [0, 1, 1, 1, 2, 2, 3, 0][random.below(8)]
  }

  private static func freshUUID(_ random: inout SplitMix) -> String {
    let high = random.next()
    let low = random.next()
    return String(format: "%08X-%04X-4%03X-8%03X-%012llX", UInt32(truncatingIfNeeded: high >> 32), UInt16(truncatingIfNeeded: high >> 16),
      UInt16(truncatingIfNeeded: high) & 0xFFF, UInt16(truncatingIfNeeded: low >> 48) & 0xFFF, low & 0xFFFF_FFFF_FFFF)
  }
}

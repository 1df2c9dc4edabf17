import Foundation

/// The one order the value layer writes what has no order of its own in: the elements of a set
/// (`Set`, `TreeSet`) and the entries of a dictionary (`Dictionary`, `TreeDictionary`). Such a
/// collection iterates in an order that its capacity, its history and Swift's per-process hash
/// seed decide, so the same state would print, diff, encode to JSON and record differently in
/// every process. Encoding puts them in this order, and printing puts a typed dictionary in it.
///
/// Numbers and dates order by value, strings by their text, anything else by how it prints (`sortKey`);
/// values whose sort keys are equal (two instances of a class, enum cases of two types with one
/// name) by their printed form and then their structure, a dictionary's entries whose keys tie by
/// their values. The order depends on the values alone, never on the collection they came in.
extension Value {
  /// A string that orders values the way people expect: numbers and dates by value, strings by
  /// their text, everything else by how it prints.
  public var sortKey: String {
    switch self {
    case .int(let number):
      // Offset so that negative numbers order before positive ones in a text comparison.
      let offset = UInt64(bitPattern: Int64(number)) ^ (1 << 63)
      return String(format: "#%020llu", offset)
    case .double(let number):
      return "#d" + Self.orderedDigits(of: number)
    case .date(let date):
      return "#t" + Self.orderedDigits(of: date.timeIntervalSince1970)
    case .string(let text):
      return text
    default:
      return ValuePrinter.singleLine(self)
    }
  }

  /// The elements of a set in the canonical order.
  static func canonicallyOrdered(_ elements: [Value]) -> [Value] {
    ordered(elements, sortKeys: elements.map(\.sortKey), tieBreakers: \.tieBreakers)
  }

  /// The entries of a dictionary in the canonical order: by key.
  public static func sortedEntries(_ entries: [Entry]) -> [Entry] {
    ordered(entries, sortKeys: entries.map(\.key.sortKey)) { tieBreakers(ofEntry: $0.key, $0.value) }
  }

  /// What orders the entries of a dictionary whose keys have equal sort keys, most telling first:
  /// the keys' printed form and structure, then the values' sort keys, printed form and structure.
  static func tieBreakers(ofEntry key: Value, _ value: Value) -> [String] {
    key.tieBreakers + [value.sortKey] + value.tieBreakers
  }

  /// What orders values whose sort keys are equal: their printed form, then their structure.
  private var tieBreakers: [String] {
    [ValuePrinter.singleLine(self), String(reflecting: self)]
  }

  /// `items` by `sortKeys` (one for each), ties by their `tieBreakers`; as they are when they are
  /// in order already, as what encoding made is.
  private static func ordered<Element>(
    _ items: [Element], sortKeys: [String], tieBreakers: (Element) -> [String]
  ) -> [Element] {
    guard sortKeys.indices.dropFirst().contains(where: { !(sortKeys[$0 - 1] < sortKeys[$0]) }) else { return items }
    let order = items.indices.sorted { left, right in
      sortKeys[left] != sortKeys[right]
        ? sortKeys[left] < sortKeys[right] : tieBreakers(items[left]).lexicographicallyPrecedes(tieBreakers(items[right]))
    }
    return order.map { items[$0] }
  }

  /// Twenty digits that order as `number` does among other doubles: the sign bit set for positive
  /// numbers, every bit flipped for negative ones, so that larger numbers have larger bit patterns.
  private static func orderedDigits(of number: Double) -> String {
    let bits = number.bitPattern
    return String(format: "%020llu", number.sign == .minus ? ~bits : bits | (1 << 63))
  }
}

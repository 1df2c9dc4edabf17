import StateValues
/// The one-change simplifications of a payload, each strictly simpler by `complexity`, so that
/// shrinking ends.
struct PayloadSimplifier {
  let symbols: [String: [String]]
  /// The strings of the examples and the state, which strings shrink toward.
  let strings: [String]

  /// The simpler variants of an action's innermost arguments; the case path stays.
  func simplerActions(_ action: Value, depth: Int) -> [Value] {
    guard case .enumCase(let typeName, let name, let arguments?) = action else { return [] }
    if depth > 1, arguments.count == 1 {
      return simplerActions(arguments[0].value, depth: depth - 1).map {
        .enumCase(typeName: typeName, name: name, arguments: [Field(arguments[0].label, $0)])
      }
    }
    return simplerFields(arguments).map { .enumCase(typeName: typeName, name: name, arguments: $0) }
  }

  private func simplerFields(_ fields: [Field]) -> [[Field]] {
    fields.indices.flatMap { index in
      simpler(fields[index].value).map { value in
        var copy = fields
        copy[index].value = value
        return copy
      }
    }
  }

  /// Simpler variants of `value`, simplest first.
  func simpler(_ value: Value) -> [Value] {
    let candidates: [Value]
    switch value {
    case .int(let number):
      // Halved, then ever closer below it: 9 tries 4, then 7, 8; the loop takes the simplest
      // that still breaks and tries again from there, so a bound is reached in about log² steps.
      candidates = ([0, 1, number / 2] + Self.steppingDown(from: number) + [-number]).map(Value.int)
    case .double(let number):
      candidates = [0, 1, (number / 2).rounded(.towardZero), -number].map(Value.double)
    case .string(let text):
      let shorter = strings.filter { $0.count < text.count }.sorted { ($0.count, $0) < ($1.count, $1) }
      candidates = ([""] + shorter + [String(text.prefix(text.count / 2))]).map(Value.string)
    case .bool(true):
      candidates = [.bool(false)]
    case .enumCase(let typeName?, let name, nil):
      guard let first = symbols[typeName]?.first, first != name else { return [] }
      candidates = [.enumCase(typeName: typeName, name: first, arguments: nil)]
    case .enumCase(let typeName, let name, let arguments?):
      candidates = simplerFields(arguments).map { .enumCase(typeName: typeName, name: name, arguments: $0) }
    case .structure(let typeName, let fields):
      candidates = simplerFields(fields).map { .structure(typeName: typeName, fields: $0) }
    case .array(let elements):
      let fewer = elements.indices.map { index in Value.array(Array(elements[..<index] + elements[(index + 1)...])) }
      let each = elements.indices.flatMap { index in
        simpler(elements[index]).map { element in
          var copy = elements
          copy[index] = element
          return Value.array(copy)
        }
      }
      candidates = fewer + each
    case .dictionary(let entries):
      candidates = entries.indices.map { index in Value.dictionary(Array(entries[..<index] + entries[(index + 1)...])) }
    case .bool(false), .null, .date, .keyPath, .opaque, .member, .enumCase(nil, _, nil):
      return []
    }
    let own = complexity(value)
    var seen: Set<Value> = []
    return candidates.filter { complexity($0) < own && seen.insert($0).inserted }
  }

  /// `number` less a quarter, an eighth, … and finally 1 of it, toward 0: the values between its
  /// half and itself, coarsest first.
  private static func steppingDown(from number: Int) -> [Int] {
    guard number != Int.min else { return [] }
    var steps: [Int] = []
    var distance = abs(number) / 4
    while distance > 1 {
      steps.append(number > 0 ? number - distance : number + distance)
      distance /= 2
    }
    steps.append(number > 0 ? number - 1 : number + 1)
    return steps
  }

  /// How complex a value is: magnitudes, lengths, case positions and element counts summed.
  func complexity(_ value: Value) -> Int {
    switch value {
    case .int(let number): return number == Int.min ? Int.max / 4 : min(abs(number), Int.max / 4) * 2 + (number < 0 ? 1 : 0)
    case .double(let number): return number.isFinite ? Int(min(abs(number), 1e15)) * 2 + (number < 0 ? 1 : 0) + (number.rounded() == number ? 0 : 1) : Int.max / 4
    case .string(let text): return text.count * 2 + (strings.contains(text) ? 0 : 1)
    case .bool(let flag): return flag ? 1 : 0
    case .enumCase(let typeName?, let name, nil): return symbols[typeName]?.firstIndex(of: name) ?? 0
    case .enumCase(_, _, let arguments?): return arguments.reduce(0) { $0 &+ complexity($1.value) }
    case .structure(_, let fields): return fields.reduce(0) { $0 &+ complexity($1.value) }
    case .array(let elements): return elements.reduce(elements.count * 1_000) { $0 &+ complexity($1) }
    case .dictionary(let entries): return entries.reduce(entries.count * 1_000) { $0 &+ complexity($1.key) &+ complexity($1.value) }
    case .null, .date, .keyPath, .opaque, .member, .enumCase(nil, _, nil): return 0
    }
  }
}

extension Value {
  /// Whether the value is a string or an integer: what shrinking changes everywhere at once.
  var isSharedLeaf: Bool {
    switch self {
    case .string, .int: true
    default: false
    }
  }

  /// Collects the strings and integers in the value, each occurrence.
  func collectSharedLeaves(into leaves: inout [Value]) {
    switch self {
    case .string, .int: leaves.append(self)
    case .array(let elements): elements.forEach { $0.collectSharedLeaves(into: &leaves) }
    case .dictionary(let entries): entries.forEach { $0.key.collectSharedLeaves(into: &leaves); $0.value.collectSharedLeaves(into: &leaves) }
    case .enumCase(_, _, let arguments?): arguments.forEach { $0.value.collectSharedLeaves(into: &leaves) }
    case .structure(_, let fields): fields.forEach { $0.value.collectSharedLeaves(into: &leaves) }
    default: break
    }
  }

  /// The value with `transform` applied to every integer in it.
  func mappingIntegers(_ transform: (Int) -> Int) -> Value {
    rewritten { value in
      if case .int(let number) = value { return .int(transform(number)) }
      return nil
    }
  }

  /// The value with every occurrence of `old` replaced by `new`.
  func replacing(_ old: Value, with new: Value) -> Value {
    rewritten { $0 == old ? new : nil }
  }

  /// The value with each part `rewrite` answers for replaced by its answer, outermost first; the
  /// parts it answers nil for are rewritten inside.
  private func rewritten(_ rewrite: (Value) -> Value?) -> Value {
    if let new = rewrite(self) { return new }
    switch self {
    case .array(let elements): return .array(elements.map { $0.rewritten(rewrite) })
    case .dictionary(let entries): return .dictionary(entries.map { Entry($0.key.rewritten(rewrite), $0.value.rewritten(rewrite)) })
    case .enumCase(let typeName, let name, let arguments?):
      return .enumCase(typeName: typeName, name: name, arguments: arguments.map { Field($0.label, $0.value.rewritten(rewrite)) })
    case .structure(let typeName, let fields): return .structure(typeName: typeName, fields: fields.map { Field($0.label, $0.value.rewritten(rewrite)) })
    default: return self
    }
  }
}

import StateValues
@_spi(Reflection) import Swift

/// The abstract state `explore` counts its coverage in: the state with the detail taken out. Each
/// leaf of the state's stored properties that says which situation the app is in keeps its value
/// (enum cases, `Bool`s, whether a string or an optional is empty), and each count keeps only its
/// order of magnitude (integers and collection sizes in buckets 0, 1, 2, 3–4, 5–8, 9–16, …).
/// Other values (floating point, dates, identifiers, classes, tuples) are left out.
///
/// The plan of what to read is made once from the state's type, with each leaf read in place from
/// the state's bytes at its offset: a step costs one load and one mix per leaf, no `Mirror`
/// (except for an enum that is not `CaseIterable`, read by its case name).
struct StateAbstraction<State>: Sendable {
  /// One leaf the abstraction reads: its path from the root, how to read it as a code, how to
  /// print it, and every value it can take when the type declares them (a `CaseIterable` enum, a `Bool`).
  struct Leaf: Sendable {
    let path: String
    let code: @Sendable (UnsafeRawPointer) -> UInt64
    let describe: @Sendable (UnsafeRawPointer) -> String
    let declared: [String]?
  }

  /// The leaves, in declaration order of the stored properties.
  let leaves: [Leaf]

  /// The most leaves an abstraction reads; the rest of a large state is left out.
  static var leafLimit: Int { 24 }
  /// How deep into nested structs it reads.
  static var depthLimit: Int { 4 }

  /// The abstraction of `State`, learned from its type.
  init() {
    var leaves: [Leaf] = []
    // Reads nothing of a type that is not a struct.
    Self.collect(State.self, offset: 0, path: "", depth: 0, into: &leaves)
    if leaves.isEmpty, let root = Self.leaf(State.self, kind: nil, offset: 0, path: "state") {
      leaves = [root]
    }
    self.leaves = leaves
  }

  /// The abstraction the domain declares through its selectors (`explore --abstract selectMode`):
  /// each selector's output is a leaf, read as the derived leaves are (enum cases, `Bool`s, counts
  /// and sizes in buckets); an output that cannot be read is `?`.
  init(selectors: [(name: String, evaluate: @Sendable (State) -> Value?)]) {
    leaves = selectors.map { selector in
      let evaluate = selector.evaluate
      return Leaf(
        path: selector.name,
        code: { base in evaluate(base.load(as: State.self)).map(AbstractValue.code) ?? 0 },
        describe: { base in evaluate(base.load(as: State.self)).map(AbstractValue.describe) ?? "?" }, declared: nil)
    }
  }

  /// The code of `state`'s abstract state: equal codes, equal abstract states.
  func code(of state: State) -> UInt64 {
    withUnsafeBytes(of: state) { bytes in
      guard let base = bytes.baseAddress else { return 0 }
      var hash: UInt64 = 0x243F_6A88_85A3_08D3
      for leaf in leaves {
        hash = Self.mix(hash, leaf.code(base))
      }
      return hash
    }
  }

  /// The abstract state of `state` as `path=value` texts, one a leaf.
  func describe(_ state: State) -> [String] {
    withUnsafeBytes(of: state) { bytes in
      guard let base = bytes.baseAddress else { return [] }
      return leaves.map { "\($0.path)=\($0.describe(base))" }
    }
  }

  /// Mixes `value` into `hash` (SplitMix's finalizer: the same on every platform).
  static func mix(_ hash: UInt64, _ value: UInt64) -> UInt64 {
    var z = (hash ^ value) &+ 0x9E37_79B9_7F4A_7C15
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// The leaves of struct `type` at `offset`, nested structs read field by field.
  private static func collect(_ type: Any.Type, offset: Int, path: String, depth: Int, into leaves: inout [Leaf]) {
    _ = _forEachField(of: type) { name, fieldOffset, fieldType, kind in
      guard leaves.count < leafLimit else { return false }
      let label = String(cString: name)
      let fieldPath = path.isEmpty ? label : path + "." + label
      if kind == .struct, depth + 1 < depthLimit, !isLeafStruct(fieldType) {
        collect(fieldType, offset: offset + fieldOffset, path: fieldPath, depth: depth + 1, into: &leaves)
      } else if let leaf = leaf(fieldType, kind: kind, offset: offset + fieldOffset, path: fieldPath) {
        leaves.append(leaf)
      }
      return true
    }
  }

  /// Structs read as one value (their size, their emptiness) rather than field by field.
  private static func isLeafStruct(_ type: Any.Type) -> Bool {
    type is any Collection.Type || type is any BinaryInteger.Type || type == Bool.self
  }

  /// The leaf for a value of `type` (of `kind`, when known) at `offset`; nil for a type the abstraction leaves out.
  private static func leaf(_ type: Any.Type, kind: _MetadataKind?, offset: Int, path: String) -> Leaf? {
    guard let reader = AbstractReader.of(type, kind: kind) else { return nil }
    return Leaf(
      path: path, code: { base in reader.code(base + offset) }, describe: { base in reader.describe(base + offset) }, declared: reader.declared)
  }
}

/// How one leaf's value is read from its bytes, as a code and as text.
struct AbstractReader: Sendable {
  let code: @Sendable (UnsafeRawPointer) -> UInt64
  let describe: @Sendable (UnsafeRawPointer) -> String
  /// Every value it can take, when the type declares them.
  let declared: [String]?

  /// The reader of values of `type`, of `kind` when the caller knows it (a stored property's);
  /// nil for a type the abstraction leaves out.
  static func of(_ type: Any.Type, kind: _MetadataKind?) -> AbstractReader? {
    if type == Bool.self {
      return AbstractReader(
        code: { $0.load(as: Bool.self) ? 1 : 0 }, describe: { $0.load(as: Bool.self) ? "true" : "false" }, declared: ["false", "true"])
    }
    if type == String.self {
      return AbstractReader(
        code: { $0.load(as: String.self).isEmpty ? 0 : 1 }, describe: { $0.load(as: String.self).isEmpty ? "\"\"" : "text" }, declared: nil)
    }
    if let integer = type as? any BinaryInteger.Type {
      return integerReader(integer)
    }
    if let collection = type as? any Collection.Type {
      return collectionReader(collection)
    }
    if let optional = type as? any AbstractedOptional.Type {
      return optionalReader(optional)
    }
    if let cases = type as? any (CaseIterable & Equatable & Sendable).Type {
      return caseIterableReader(cases)
    }
    switch kind {
    case .enum?: return enumReader(type)
    case nil: return dynamicReader(type)
    default: return nil
    }
  }

  private static func integerReader<T: BinaryInteger>(_: T.Type) -> AbstractReader {
    AbstractReader(
      code: { UInt64(bitPattern: Int64(CountBucket.bucket(Int(clamping: $0.load(as: T.self))))) },
      describe: { CountBucket.label(CountBucket.bucket(Int(clamping: $0.load(as: T.self)))) }, declared: nil)
  }

  private static func collectionReader<C: Collection>(_: C.Type) -> AbstractReader {
    AbstractReader(
      code: { UInt64(CountBucket.bucket($0.load(as: C.self).count)) },
      describe: { "count " + CountBucket.label(CountBucket.bucket($0.load(as: C.self).count)) }, declared: nil)
  }

  private static func optionalReader<O: AbstractedOptional>(_: O.Type) -> AbstractReader {
    let wrapped = O.wrappedType
    let inner = of(wrapped, kind: nil)
    let code: @Sendable (UnsafeRawPointer) -> UInt64 = { base in
      base.load(as: O.self).withWrapped { pointer in
        guard let pointer else { return 0 }
        return 1 &+ (inner?.code(pointer) ?? 0) &* 31
      }
    }
    let describe: @Sendable (UnsafeRawPointer) -> String = { base in
      base.load(as: O.self).withWrapped { pointer in
        guard let pointer else { return "nil" }
        return inner?.describe(pointer) ?? "some"
      }
    }
    return AbstractReader(code: code, describe: describe, declared: inner?.declared.map { ["nil"] + $0 })
  }

  private static func caseIterableReader<E: CaseIterable & Equatable & Sendable>(_: E.Type) -> AbstractReader {
    let all = Array(E.allCases)
    let names = all.map { "." + String(describing: $0) }
    return AbstractReader(
      code: { base in
        let value = base.load(as: E.self)
        return UInt64(all.firstIndex(of: value) ?? all.count)
      },
      describe: { base in
        let value = base.load(as: E.self)
        return all.firstIndex(of: value).map { names[$0] } ?? "." + String(describing: value)
      }, declared: names)
  }

  /// An enum of any other kind: its case name, read through `Mirror` (payloads left out).
  private static func enumReader(_ type: Any.Type) -> AbstractReader {
    func make<E>(_: E.Type) -> AbstractReader {
      AbstractReader(
        code: { base in CountBucket.textCode(caseName(base.load(as: E.self))) },
        describe: { base in "." + caseName(base.load(as: E.self)) }, declared: nil)
    }
    return _openExistential(type, do: make)
  }

  /// A value of a type whose kind is not known (the wrapped value of an optional): an enum by its
  /// case name, read through `Mirror`; anything else is only there.
  private static func dynamicReader(_ type: Any.Type) -> AbstractReader {
    func make<T>(_: T.Type) -> AbstractReader {
      AbstractReader(
        code: { base in
          let value = base.load(as: T.self)
          return Mirror(reflecting: value).displayStyle == .enum ? CountBucket.textCode(caseName(value)) : 1
        },
        describe: { base in
          let value = base.load(as: T.self)
          return Mirror(reflecting: value).displayStyle == .enum ? "." + caseName(value) : "some"
        }, declared: nil)
    }
    return _openExistential(type, do: make)
  }

  /// The case name of enum value `value`, without its payload.
  static func caseName(_ value: Any) -> String {
    if let label = Mirror(reflecting: value).children.first?.label { return label }
    let text = String(describing: value)
    return String(text.prefix { $0 != "(" })
  }
}

/// Integers and sizes in buckets of their order of magnitude: 0, 1, 2, 3–4, 5–8, 9–16, … (and
/// the same below zero), so that a count grows through a few abstract states, not one a value.
enum CountBucket {
  /// The bucket of `value`: 0, 1, 2, then one a power of two; negative values the negated bucket.
  static func bucket(_ value: Int) -> Int {
    if value < 0 { return value == Int.min ? -64 : -bucket(-value) }
    if value <= 2 { return value }
    // 3–4 → 3, 5–8 → 4, 9–16 → 5, …: one more than the bits of value − 1.
    return (Int.bitWidth - (value - 1).leadingZeroBitCount) + 1
  }

  /// The values bucket `bucket` holds: `0`, `3-4`, `-8--5`.
  static func label(_ bucket: Int) -> String {
    if bucket < 0 {
      let (low, high) = range(-bucket)
      return low == high ? "-\(low)" : "-\(high)--\(low)"
    }
    let (low, high) = range(bucket)
    return low == high ? "\(low)" : "\(low)-\(high)"
  }

  /// The least and greatest value of non-negative bucket `bucket`.
  static func range(_ bucket: Int) -> (Int, Int) {
    if bucket <= 2 { return (bucket, bucket) }
    let bits = bucket - 1
    guard bits < Int.bitWidth - 1 else { return (1 << (Int.bitWidth - 2), Int.max) }
    return ((1 << (bits - 1)) + 1, 1 << bits)
  }

  /// A code for `text` (FNV-1a), the same on every platform.
  static func textCode(_ text: String) -> UInt64 {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in text.utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3
    }
    return hash
  }
}

/// `Optional`, seen through its wrapped type: what the abstraction needs to read inside one.
protocol AbstractedOptional {
  static var wrappedType: Any.Type { get }
  /// Calls `body` with a pointer to the wrapped value, or nil when there is none.
  func withWrapped<R>(_ body: (UnsafeRawPointer?) -> R) -> R
}

extension Optional: AbstractedOptional {
  static var wrappedType: Any.Type { Wrapped.self }

  func withWrapped<R>(_ body: (UnsafeRawPointer?) -> R) -> R {
    guard let wrapped = self else { return body(nil) }
    // A wrapped value of no size has no bytes: any pointer reads it.
    return withUnsafeBytes(of: wrapped) { body($0.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!) }
  }
}

/// A selector's output, abstracted as a stored property is.
enum AbstractValue {
  /// The code of `value`.
  static func code(_ value: Value) -> UInt64 {
    CountBucket.textCode(describe(value))
  }

  /// `value` abstracted: an enum's case, a `Bool`, a count in its bucket, a size, empty or not.
  static func describe(_ value: Value) -> String {
    switch value {
    case .bool(let flag): flag ? "true" : "false"
    case .int(let number): CountBucket.label(CountBucket.bucket(number))
    case .string(let text): text.isEmpty ? "\"\"" : "text"
    case .null: "nil"
    case .array(let elements): "count " + CountBucket.label(CountBucket.bucket(elements.count))
    case .dictionary(let entries): "count " + CountBucket.label(CountBucket.bucket(entries.count))
    case .enumCase(_, let name, _): "." + name
    case .structure(let typeName, _): typeName
    case .double, .date, .keyPath, .opaque, .member: "some"
    }
  }
}

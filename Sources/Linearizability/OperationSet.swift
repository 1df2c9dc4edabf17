/// The set of operations linearized so far, as bits, with a hash kept up to date as bits flip
/// (each operation has a random 64-bit code; the hash is their exclusive or), so that
/// remembering (set, state) pairs never walks the bits to hash them.
struct OperationSet: Hashable {
  private(set) var words: [UInt64]
  private(set) var code: UInt64 = 0

  init(count: Int) {
    words = Array(repeating: 0, count: (count + 63) / 64)
  }

  /// A fixed pseudo-random code per operation (SplitMix64 of its index).
  @inline(__always) static func code(of index: Int) -> UInt64 {
    var z = UInt64(truncatingIfNeeded: index) &+ 0x9E37_79B9_7F4A_7C15
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  @inline(__always) mutating func insert(_ index: Int) {
    words[index >> 6] |= 1 << UInt64(index & 63)
    code ^= Self.code(of: index)
  }

  @inline(__always) mutating func remove(_ index: Int) {
    words[index >> 6] &= ~(1 << UInt64(index & 63))
    code ^= Self.code(of: index)
  }

  static func == (lhs: OperationSet, rhs: OperationSet) -> Bool {
    lhs.code == rhs.code && lhs.words == rhs.words
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(code)
  }
}

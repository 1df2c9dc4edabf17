/// The set of operations linearized so far, as bits, with a hash kept up to date as bits flip
/// (each operation has a random 64-bit code; the hash is their exclusive or), so that
/// remembering (set, state) pairs never walks the bits to hash them.
///
/// It also keeps the first word with a bit clear and the last word with a bit set, so that its
/// canonical form (`encode`) costs what lies between them: the operations still open, not the
/// whole history.
struct OperationSet {
  private(set) var words: [UInt64]
  private(set) var code: UInt64 = 0
  /// The first word with a bit clear: every operation before it is in the set.
  private(set) var low = 0
  /// One past the last word with a bit set.
  private(set) var high = 0

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
    let word = index >> 6
    words[word] |= 1 << UInt64(index & 63)
    code ^= Self.code(of: index)
    if word >= high { high = word + 1 }
    while low < words.count && words[low] == .max { low += 1 }
  }

  @inline(__always) mutating func remove(_ index: Int) {
    let word = index >> 6
    words[word] &= ~(1 << UInt64(index & 63))
    code ^= Self.code(of: index)
    if word < low { low = word }
    while high > 0 && words[high - 1] == 0 { high -= 1 }
  }

  /// Marks the raw form in an encoding's first word.
  static let rawForm: UInt32 = 1 << 31

  /// The set in a form equal for equal sets and never longer than its bits from `low` to
  /// `high`: the first word with a bit clear, then the first and one-past-last operation of each
  /// run of operations in the set from that word on; or, when the runs would take more room
  /// (many operations left open), that word marked `rawForm` and the bits themselves.
  func encode(into encoding: inout [UInt32]) {
    encoding.removeAll(keepingCapacity: true)
    encoding.append(UInt32(truncatingIfNeeded: low))
    let room = 1 + 2 * (high - low)
    var runStart = -1
    var word = low
    while word < high {
      if encoding.count > room {
        encodeRaw(into: &encoding)
        return
      }
      let bits = words[word]
      let base = word << 6
      var offset = 0
      while offset < 64 {
        if runStart < 0 {
          let rest = bits >> UInt64(offset)
          if rest == 0 { break }
          offset += rest.trailingZeroBitCount
          runStart = base + offset
        } else {
          let rest = ~bits >> UInt64(offset)
          if rest == 0 { break }
          offset += rest.trailingZeroBitCount
          encoding.append(UInt32(truncatingIfNeeded: runStart))
          encoding.append(UInt32(truncatingIfNeeded: base + offset))
          runStart = -1
        }
      }
      word += 1
    }
    if runStart >= 0 {
      encoding.append(UInt32(truncatingIfNeeded: runStart))
      encoding.append(UInt32(truncatingIfNeeded: high << 6))
    }
    if encoding.count > room { encodeRaw(into: &encoding) }
  }

  private func encodeRaw(into encoding: inout [UInt32]) {
    encoding.removeAll(keepingCapacity: true)
    encoding.append(UInt32(truncatingIfNeeded: low) | Self.rawForm)
    for word in words[low..<high] {
      encoding.append(UInt32(truncatingIfNeeded: word))
      encoding.append(UInt32(truncatingIfNeeded: word >> 32))
    }
  }
}

/// Finds the first byte of a line that is not well-formed UTF-8 (an overlong form, a surrogate,
/// a sequence cut short), so that an error names its column rather than the whole file.
enum UTF8Check {
  /// The index of the first byte in `bytes[start..<end]` that does not begin or continue a
  /// well-formed UTF-8 sequence, or nil when there is none.
  static func firstInvalidByte(in bytes: [UInt8], from start: Int, to end: Int) -> Int? {
    var index = start
    while index < end {
      let lead = bytes[index]
      if lead < 0x80 {
        index += 1
        continue
      }
      let length: Int
      var low: UInt8 = 0x80
      var high: UInt8 = 0xBF
      switch lead {
      case 0xC2...0xDF: length = 2
      case 0xE0: length = 3; low = 0xA0
      case 0xE1...0xEC, 0xEE...0xEF: length = 3
      case 0xED: length = 3; high = 0x9F
      case 0xF0: length = 4; low = 0x90
      case 0xF1...0xF3: length = 4
      case 0xF4: length = 4; high = 0x8F
      default: return index
      }
      guard index + length <= end else { return index }
      guard (low...high).contains(bytes[index + 1]) else { return index }
      for offset in 2..<max(2, length) where !(0x80...0xBF).contains(bytes[index + offset]) { return index }
      index += length
    }
    return nil
  }
}

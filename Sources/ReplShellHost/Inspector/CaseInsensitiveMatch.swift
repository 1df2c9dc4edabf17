/// Whether a text contains a needle, ignoring case: ASCII text is compared byte by byte without
/// making a lowercased copy (a search reads every name or leaf of a 64k-element state); other
/// text is lowercased as `String.lowercased()` does.
struct CaseInsensitiveMatch {
  private let needle: String
  private let bytes: [UInt8]
  private let isASCII: Bool

  /// A match of `needle`, given lowercased.
  init(_ needle: String) {
    self.needle = needle
    bytes = Array(needle.utf8)
    isASCII = bytes.allSatisfy { $0 < 0x80 }
  }

  /// Whether `text` contains the needle, ignoring case.
  func found(in text: String) -> Bool {
    guard isASCII else { return text.lowercased().contains(needle) }
    var text = text
    return text.withUTF8 { haystack in
      guard haystack.count >= bytes.count else { return false }
      if haystack.contains(where: { $0 >= 0x80 }) { return String(decoding: haystack, as: UTF8.self).lowercased().contains(needle) }
      let first = bytes[0]
      var start = 0
      while start + bytes.count <= haystack.count {
        if Self.lower(haystack[start]) == first {
          var index = 1
          while index < bytes.count && Self.lower(haystack[start + index]) == bytes[index] { index += 1 }
          if index == bytes.count { return true }
        }
        start += 1
      }
      return false
    }
  }

  private static func lower(_ byte: UInt8) -> UInt8 {
    byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
  }
}

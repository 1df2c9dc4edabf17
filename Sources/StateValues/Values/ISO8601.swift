import Foundation

/// Reads the ISO 8601 dates the shell accepts: a day (`2024-03-01`, midnight UTC) or a time in
/// UTC or with an offset, with or without fractional seconds.
enum ISO8601 {
  static func parse(_ text: String) -> Date? {
    let candidates = text.count == 10 ? [text + "T00:00:00Z"] : [text]
    for candidate in candidates {
      for style in [Date.ISO8601FormatStyle(), Date.ISO8601FormatStyle(includingFractionalSeconds: true)] {
        if let date = try? style.parse(candidate) {
          return date
        }
      }
    }
    return nil
  }
}

/// Finds the names closest to a mistyped one, for "did you mean" hints.
public enum Suggestions {
  /// Up to `limit` candidates that contain `word`, or are within a small edit distance of it.
  public static func closest(to word: String, among candidates: [String], limit: Int = 3) -> [String] {
    let lowered = word.lowercased()
    guard !lowered.isEmpty, lowered.count <= 200 else { return [] }
    var seen: Set<String> = []
    let unique = candidates.filter { seen.insert($0).inserted }
    let scored = unique.compactMap { candidate -> (String, Int)? in
      let name = candidate.lowercased()
      let lastComponent = name.split(separator: ".").last.map(String.init) ?? name
      if name.contains(lowered) || (lowered.count >= 4 && lowered.contains(lastComponent)) {
        return (candidate, 0)
      }
      // A path typed with several names compares with as many names at the candidate's end.
      let typedCount = lowered.split(separator: ".").count
      let compared = typedCount > 1 ? name.split(separator: ".").suffix(typedCount).joined(separator: ".") : lastComponent
      let distance = editDistance(lowered, compared)
      let allowed = max(2, compared.count / 3)
      return distance <= allowed ? (candidate, distance) : nil
    }
    return Array(scored.sorted { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0 < $1.0 }.prefix(limit).map(\.0))
  }

  static func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    var current = Array(repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
      }
      swap(&previous, &current)
    }
    return previous[b.count]
  }
}

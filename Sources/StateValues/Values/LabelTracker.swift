/// Remembers which labels each struct or case argument list offered and which the decoder read,
/// so a misspelled or extra label is an error instead of being ignored.
final class LabelTracker {
  private var lists: [(owner: String, labels: [(label: String, column: Int)], read: Set<String>)] = []

  public func register(owner: String, labels: [(label: String, column: Int)]) -> Int {
    lists.append((owner, labels, []))
    return lists.count - 1
  }

  func markRead(_ label: String, in list: Int) {
    lists[list].read.insert(label)
  }

  public func verify() throws(CommandError) {
    for list in lists {
      for entry in list.labels where !list.read.contains(entry.label) {
        let shown = Field(entry.label, .null).isUnlabeled ? "unlabeled argument" : "argument `\(entry.label):`"
        let expected = list.read.sorted().filter { !Field($0, .null).isUnlabeled }.map { "`\($0):`" }
        let hint = expected.isEmpty ? "" : " (it takes \(expected.joined(separator: ", ")))"
        throw CommandError("unexpected \(shown) for \(list.owner)\(hint)", column: entry.column)
      }
    }
  }
}

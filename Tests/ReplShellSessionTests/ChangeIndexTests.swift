import StateValues
import Testing
@testable import ReplShellSession

/// The change index forgets the entries a history dropped, and packs what it keeps without
/// changing what any kept entry's paths say.
@Suite struct ChangeIndexTests {
  @Test func forgettingPacksThePathsKeptAndTheyStillAnswer() {
    let index = ChangeIndex()
    // Entry n changed `items[n]` and `count`.
    for serial in 1...10 {
      index.record(serial: serial, paths: ChangedPaths(components: [.name("items"), .key(.int(serial)), .name("count")], ends: [2, 3]))
    }
    index.forget(through: 8)
    #expect(index.relation(serial: 8, to: [.name("count")]) == nil)
    for serial in [9, 10] {
      #expect(index.relation(serial: serial, to: [.name("items"), .key(.int(serial))]) == .changed)
      #expect(index.relation(serial: serial, to: [.name("items"), .key(.int(1))]) == .unchanged)
      #expect(index.relation(serial: serial, to: [.name("count")]) == .changed)
      #expect(index.relation(serial: serial, to: [.name("items"), .key(.int(serial)), .name("title")]) == .leafAbove)
    }
    // Recording goes on after the packing.
    index.record(serial: 11, paths: ChangedPaths(components: [.name("label")], ends: [1]))
    #expect(index.relation(serial: 11, to: [.name("label")]) == .changed)
    #expect(index.relation(serial: 10, to: [.name("label")]) == .unchanged)
  }
}

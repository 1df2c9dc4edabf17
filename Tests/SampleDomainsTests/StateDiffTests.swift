import Foundation
import HashTreeCollections
import QuakesData
import StateValues
import Testing
@_spi(Internals) @testable import ReplShellSession
@_spi(Internals) @testable import Scenarios

@Suite struct StateDiffTests {
  private func quake(_ id: Int, magnitude: Double) -> Quake {
    Quake(
      quakeId: "q\(id)", magnitude: magnitude, time: Date(timeIntervalSince1970: Double(id) * 60),
      updated: Date(timeIntervalSince1970: Double(id) * 60), name: "Place \(id)", longitude: -120, latitude: 35)
  }

  private let specialized = StateDiff(specializations: [.treeDictionary(Quake.ID.self, Quake.self)])

  @Test func equalStatesHaveNoDiff() throws {
    let state = QuakesState(quakes: .init(data: ["q1": quake(1, magnitude: 1)], status: .success))
    #expect(try specialized.lines(from: state, to: state).isEmpty)
  }

  @Test func oneChangedQuakeIsPrintedAloneBetweenCountsOfUnchanged() throws {
    var old = QuakesState(quakes: .init(data: [:], status: .success))
    for id in 1...5 { old.quakes.data["q\(id)"] = quake(id, magnitude: 1) }
    var new = old
    new.quakes.data["q3"] = quake(3, magnitude: 2.5)
    let lines = try specialized.lines(from: old, to: new)
    #expect(lines.filter { $0.text.contains("… (2 unchanged)") }.count == 2)
    #expect(lines.contains { $0.kind == .removed && $0.text.contains("magnitude: 1") })
    #expect(lines.contains { $0.kind == .added && $0.text.contains("magnitude: 2.5") })
    #expect(try StateDiff().lines(from: old, to: new) == lines, "the generic and the specialized dictionary code print the same")
  }

  @Test func addedAndRemovedKeysAreWholeValues() throws {
    let old = QuakesState(quakes: .init(data: ["q1": quake(1, magnitude: 1)], status: .success))
    let new = QuakesState(quakes: .init(data: ["q2": quake(2, magnitude: 1)], status: .success))
    let lines = try specialized.lines(from: old, to: new)
    #expect(lines.contains { $0.kind == .removed && $0.text.hasPrefix("-") && $0.text.contains("\"q1\": Quake(") })
    #expect(lines.contains { $0.kind == .added && $0.text.hasPrefix("+") && $0.text.contains("\"q2\": Quake(") })
  }
}

import Foundation
import HashTreeCollections
import QuakesData
import Testing
@_spi(Internals) @testable import Scenarios

@Suite struct StateDiffTests {
  private func quake(_ id: Int, magnitude: Double) -> Quake {
    Quake(
      quakeId: "q\(id)", magnitude: magnitude, time: Date(timeIntervalSince1970: Double(id) * 60),
      updated: Date(timeIntervalSince1970: Double(id) * 60), name: "Place \(id)", longitude: -120, latitude: 35)
  }

  private let specialized = StateDiff(specializations: [.treeDictionary(Quake.ID.self, Quake.self)])

  /// The typed diff must print exactly what the diff of the encoded values prints.
  @Test func matchesTheEncodedDiffOnRandomEdits() throws {
    var generator = SplitMix64(seed: 7)
    var state = QuakesState(quakes: .init(data: [:], status: nil))
    for step in 0..<300 {
      let old = state
      for _ in 0..<(1 + generator.next() % 3) {
        let id = Int(generator.next() % 40)
        switch generator.next() % 5 {
        case 0, 1: state.quakes.data["q\(id)"] = quake(id, magnitude: Double(generator.next() % 80) / 10)
        case 2: state.quakes.data["q\(id)"] = nil
        case 3: state.quakes.status = [nil, .waiting, .success, .failure(error: "e\(id)")][Int(generator.next() % 4)]
        default: break
        }
      }
      let encoded = ValueDiff.lines(from: try ValueEncoder.encode(old), to: try ValueEncoder.encode(state))
      #expect(try StateDiff().lines(from: old, to: state) == encoded, "step \(step), generic dictionary code")
      #expect(try specialized.lines(from: old, to: state) == encoded, "step \(step), specialized dictionary code")
    }
  }

  @Test func equalStatesHaveNoDiff() throws {
    let state = QuakesState(quakes: .init(data: ["q1": quake(1, magnitude: 1)], status: .success))
    #expect(try specialized.lines(from: state, to: state).isEmpty)
  }
}

import AnimalsData
import Foundation
import QuakesData
import StateValues
import Testing
@_spi(Internals) @testable import ReplShellSession
@_spi(Internals) @testable import Scenarios

/// The sample domains' states and actions print the same through `Codable` and by reflection.
@Suite struct SampleValuePrintingTests {
  @Test func sampleDomainValuesPrintTheSameBothWays() throws {
    let quake = Quake(
      quakeId: "q1", magnitude: 4.5, time: Date(timeIntervalSince1970: 60), updated: Date(timeIntervalSince1970: 120),
      name: "Ténéré, Niger", longitude: 8.5, latitude: 18.25)
    try expectSamePrinting(QuakesState(quakes: .init(data: ["q1": quake], status: .success)))
    try expectSamePrinting(QuakesAction.data(.persistentSession(.localStore(.didFetchQuakes(result: .success(quakes: [quake]))))))
    try expectSamePrinting(AnimalsState())
    try expectSamePrinting(Category(categoryId: "Bird", name: "Bird"))
  }

  private func expectSamePrinting<T: Encodable>(_ value: T) throws {
    let encoded = try ValueEncoder.encode(value)
    let reflected = try ValueEncoder(prefersEncodable: false).value(of: value)
    #expect(ValuePrinter.pretty(reflected) == ValuePrinter.pretty(encoded))
    #expect(ValuePrinter.singleLine(reflected) == ValuePrinter.singleLine(encoded))
  }
}

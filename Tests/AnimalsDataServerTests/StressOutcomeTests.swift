import AnimalsData
@testable import AnimalsStress
import Foundation
import Linearizability
import TestSupport
import Testing

/// How `stress` records an answer that is neither a success nor the server's own refusal: as
/// `:info`, an outcome unknown, so the check never blames a server for what it did not say.
@Suite(.timeLimit(.minutes(10))) struct StressOutcomeTests {
  /// The store's refusal of a missing animal, as the server words it.
  static let animalNotFound = Data(#"{"error":"LocalStore.Error(code: .animalNotFound, id: \"Cat\")"}"#.utf8)

  /// Runs one delete of `Cat` by a stress client of `server`'s `/animals/api`; returns the history.
  static func deleteCat(on server: FixtureHTTPServer) async throws -> String {
    let recorder = HistoryRecorder()
    let url = try #require(URL(string: "animals/api", relativeTo: server.baseURL)).absoluteURL
    // A timeout far past what a loaded machine adds: only the server's answer decides the outcome.
    let client = StressClient(process: 0, url: url, timeout: 600, recorder: recorder)
    await client.perform(.delete, asking: .string("Cat")) {
      let animal = try await client.store.deleteAnimalMutation(animalId: "Cat")
      return (AnimalsServerModel.edn(animal), animal)
    }
    return await recorder.text
  }

  /// A server that answers 307 may have applied the request already; following it to a second
  /// server that refuses would record a refusal the first server never made.
  @Test func aRedirectIsNotFollowedAndIsRecordedAsUnknown() async throws {
    try await FixtureHTTPServer.withServer(routes: ["/animals/api": .respond(status: 404, body: Self.animalNotFound)]) { second in
      let location = try #require(URL(string: "animals/api", relativeTo: second.baseURL)).absoluteURL
      try await FixtureHTTPServer.withServer(routes: ["/animals/api": .redirect(status: 307, location: location)]) { first in
        let history = try await Self.deleteCat(on: first)
        #expect(history.contains(":type :info"), "\(history)")
        #expect(!history.contains(":type :fail"), "\(history)")
        #expect(second.requestCount == 0)
      }
    }
  }

  /// A 404 in other words than the store's (no such route, a proxy's page) says nothing about the animal.
  @Test func aNotFoundThatIsNotTheStoresRefusalIsRecordedAsUnknown() async throws {
    let noRoute = Data(#"{"error":"no route for POST /animals/api"}"#.utf8)
    try await FixtureHTTPServer.withServer(routes: ["/animals/api": .respond(status: 404, body: noRoute)]) { server in
      let history = try await Self.deleteCat(on: server)
      #expect(history.contains(":type :info"), "\(history)")
      #expect(!history.contains(":animal-not-found"), "\(history)")
    }
  }

  /// The store's own refusal stays a failure that names what was missing.
  @Test func theStoresRefusalIsRecordedAsAFailure() async throws {
    try await FixtureHTTPServer.withServer(routes: ["/animals/api": .respond(status: 404, body: Self.animalNotFound)]) { server in
      let history = try await Self.deleteCat(on: server)
      #expect(history.contains(":type :fail"), "\(history)")
      #expect(history.contains(":error :animal-not-found"), "\(history)")
    }
  }
}

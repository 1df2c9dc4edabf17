import AnimalsData
import AnimalsDataServerCore
import Foundation
import TestSupport
import Testing

/// Starting and stopping servers in-process, as other test targets do.
@Suite(.postgresCluster, .timeLimit(.minutes(10))) struct RunningServerTests {
  @Test(arguments: Backend.allCases) func aServerListensOnAnEphemeralLoopbackPort(_ backend: Backend) async throws {
    try await withServer(backend) { server in
      #expect(server.port > 0)
      #expect(server.url.absoluteString == "http://127.0.0.1:\(server.port)")
      #expect(server.apiURL.absoluteString == "http://127.0.0.1:\(server.port)/animals/api")
      let categories = try await RemoteStore(server: server).fetchCategoriesQuery()
      #expect(categories == Category.samples)
    }
  }

  @Test func aStoppedServerRefusesConnectionsAndStoppingTwiceIsHarmless() async throws {
    let server = try await RunningServer.start(storePath: nil)
    let store = RemoteStore(server: server)
    #expect(try await store.fetchAnimalsQuery() == Animal.samples)
    await server.stop()
    await server.stop()
    // The freed port is held, bound but not listening, while the request is made: another test's
    // server could take it in between. A port taken already leaves nothing to check.
    guard let held = try? LoopbackSocket(port: server.port) else { return }
    defer { held.close() }
    let error = await #expect(throws: URLSessionNetworkSession.Error.self) {
      try await store.fetchAnimalsQuery()
    }
    #expect(error?.description == "connection refused")
  }

  @Test func startingOnATakenPortThrows() async throws {
    try await withServer(.sqlite) { server in
      await #expect(throws: (any Error).self) {
        let second = try await RunningServer.start(storePath: nil, port: server.port)
        await second.stop()
      }
      let categories = try await RemoteStore(server: server).fetchCategoriesQuery()
      #expect(categories == Category.samples)
    }
  }

  @Test(arguments: Backend.allCases) func twoServersOnOneDatabaseSeeEachOthersWrites(_ backend: Backend) async throws {
    try await withDatabase(backend) { database in
      try await withServer(on: database) { first in
        try await withServer(on: database) { second in
          let added = try await RemoteStore(server: first).addAnimalMutation(
            name: "Eagle", diet: .carnivorous, categoryId: "Bird")
          #expect(try await RemoteStore(server: second).fetchAnimalsQuery().contains(added))
        }
      }
    }
  }
}

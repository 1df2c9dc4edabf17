import AnimalsData
import AnimalsDataServerCore
import Foundation
import TestSupport
import Testing

/// Many clients mutating at once on loopback: no mutation is lost.
@Suite(.postgresCluster, .timeLimit(.minutes(10))) struct ConcurrencyTests {
  private static let clients = 8
  private static let addsPerClient = 25

  @Test(arguments: Backend.allCases) func concurrentAddsFromSeveralClientsAllLand(_ backend: Backend) async throws {
    try await withDatabase(backend) { database in
      try await withServer(on: database) { server in
        let added = try await withThrowingTaskGroup(of: [Animal].self) { group in
          for client in 0..<Self.clients {
            group.addTask {
              // Each client has its own URLSession, so the requests arrive on several connections.
              let store = RemoteStore(server: server)
              var added: [Animal] = []
              for index in 0..<Self.addsPerClient {
                added.append(
                  try await store.addAnimalMutation(name: "Client \(client) #\(index)", diet: .omnivorous, categoryId: "Bird")
                )
              }
              return added
            }
          }
          return try await group.reduce(into: []) { $0 += $1 }
        }
        let expectedCount = Self.clients * Self.addsPerClient
        #expect(added.count == expectedCount)
        #expect(Set(added.map(\.animalId)).count == expectedCount)

        let animals = try await RemoteStore(server: server).fetchAnimalsQuery()
        #expect(animals.count == Animal.samples.count + expectedCount)
        #expect(Set(animals).isSuperset(of: added))
        let names = Set(animals.map(\.name))
        for client in 0..<Self.clients {
          for index in 0..<Self.addsPerClient {
            #expect(names.contains("Client \(client) #\(index)"))
          }
        }
      }
    }
  }

  @Test(arguments: Backend.allCases) func concurrentReadsWhileWritingSeeWholeAnimals(_ backend: Backend) async throws {
    try await withServer(backend) { server in
      try await withThrowingTaskGroup(of: Void.self) { group in
        group.addTask {
          let store = RemoteStore(server: server)
          for index in 0..<20 {
            _ = try await store.addAnimalMutation(name: "Writer #\(index)", diet: .herbivorous, categoryId: "Fish")
          }
        }
        for _ in 0..<3 {
          group.addTask {
            let store = RemoteStore(server: server)
            for _ in 0..<20 {
              let animals = try await store.fetchAnimalsQuery()
              #expect(animals.count >= Animal.samples.count)
              #expect(Set(animals).isSuperset(of: Animal.samples))
            }
          }
        }
        try await group.waitForAll()
      }
      #expect(try await RemoteStore(server: server).fetchAnimalsQuery().count == Animal.samples.count + 20)
    }
  }
}

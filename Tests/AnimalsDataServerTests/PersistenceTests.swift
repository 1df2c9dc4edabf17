import AnimalsData
import AnimalsDataServerCore
import Foundation
import TestSupport
import Testing

/// A server restarted on the same database file serves what the previous one wrote.
@Suite(.postgresCluster, .timeLimit(.minutes(10))) struct PersistenceTests {
  @Test(arguments: Backend.allCases) func mutationsSurviveARestart(_ backend: Backend) async throws {
    try await withDatabase(backend) { database in
      let added = try await withServer(on: database) { server in
        let store = RemoteStore(server: server)
        let added = try await store.addAnimalMutation(name: "Axolotl", diet: .carnivorous, categoryId: "Amphibian")
        _ = try await store.updateAnimalMutation(animalId: "Dog", name: "Dingo", diet: .carnivorous, categoryId: "Mammal")
        _ = try await store.deleteAnimalMutation(animalId: "Newt")
        return added
      }
      let dingo = Animal(animalId: "Dog", name: "Dingo", diet: .carnivorous, categoryId: "Mammal")
      let expected = Set(Animal.samples.filter { $0 != .newt && $0 != .dog } + [dingo, added])
      try await withServer(on: database) { server in
        let animals = try await RemoteStore(server: server).fetchAnimalsQuery()
        #expect(Set(animals) == expected)
        #expect(animals.count == expected.count)
      }
    }
  }

  @Test(arguments: Backend.allCases) func reloadingTheSampleDataSurvivesARestart(_ backend: Backend) async throws {
    try await withDatabase(backend) { database in
      try await withServer(on: database) { server in
        let store = RemoteStore(server: server)
        _ = try await store.deleteAnimalMutation(animalId: "Cat")
        let sampleData = try await store.reloadSampleDataMutation()
        #expect(sampleData.animals == Animal.samples)
        #expect(sampleData.categories == Category.samples)
      }
      try await withServer(on: database) { server in
        let animals = try await RemoteStore(server: server).fetchAnimalsQuery()
        #expect(animals == Animal.samples)
      }
    }
  }
}

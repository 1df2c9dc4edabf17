import AnimalsData
import AnimalsDataServerCore
import Foundation
import TestSupport
import Testing

/// The guide's chapter 15 curl session, replayed with the same request bodies against a real server.
@Suite(.postgresCluster, .timeLimit(.minutes(10))) struct GuideExampleTests {
  private static let categoriesQuery = #"{"query": [ {"categories": {}} ]}"#
  private static let animalsQuery = #"{"query": [ {"animals": {}} ]}"#
  private static let addEagle = #"{"mutation": [ {"addAnimal": {"name": "Eagle", "diet": "Carnivore", "categoryId": "Bird"}} ]}"#

  @Test(arguments: Backend.allCases) func theCategoriesQueryAnswersTheSixSampleCategories(_ backend: Backend) async throws {
    try await withServer(backend) { server in
      let exchange = try await HTTPExchange.post(Self.categoriesQuery, to: server.apiURL)
      #expect(exchange.status == 200)
      #expect(exchange.contentType?.hasPrefix("application/json") == true)
      #expect(try exchange.remoteResponse() == RemoteResponse(query: [.categories(categories: Category.samples)]))
      // Keys are sorted, so the bytes are fixed too.
      #expect(
        exchange.text
          == #"{"query":[{"categories":{"categories":[{"categoryId":"Amphibian","name":"Amphibian"},{"categoryId":"Bird","name":"Bird"},{"categoryId":"Fish","name":"Fish"},{"categoryId":"Invertebrate","name":"Invertebrate"},{"categoryId":"Mammal","name":"Mammal"},{"categoryId":"Reptile","name":"Reptile"}]}}]}"#
      )
    }
  }

  @Test(arguments: Backend.allCases) func theAnimalsQueryAnswersTheSixSampleAnimals(_ backend: Backend) async throws {
    try await withServer(backend) { server in
      let exchange = try await HTTPExchange.post(Self.animalsQuery, to: server.apiURL)
      #expect(exchange.status == 200)
      #expect(try exchange.remoteResponse() == RemoteResponse(query: [.animals(animals: Animal.samples)]))
    }
  }

  @Test(arguments: Backend.allCases) func anAddedEagleIsStillThereAfterARestart(_ backend: Backend) async throws {
    try await withDatabase(backend) { database in
      let eagle = try await withServer(on: database) { server in
        let exchange = try await HTTPExchange.post(Self.addEagle, to: server.apiURL)
        #expect(exchange.status == 200)
        let response = try exchange.remoteResponse()
        let mutation = try #require(response.mutation?.first)
        guard case .addAnimal(let eagle) = mutation else {
          Issue.record("expected an addAnimal answer, got \(mutation)")
          return Animal.dog
        }
        #expect(response.query == nil)
        #expect(eagle.name == "Eagle" && eagle.diet == .carnivorous && eagle.categoryId == "Bird")
        #expect(UUID(uuidString: eagle.animalId) != nil)
        return eagle
      }
      try await withServer(on: database) { server in
        let exchange = try await HTTPExchange.post(Self.animalsQuery, to: server.apiURL)
        #expect(exchange.status == 200)
        let response = try exchange.remoteResponse()
        guard case .animals(let animals) = try #require(response.query?.first) else {
          Issue.record("expected an animals answer")
          return
        }
        #expect(Set(animals) == Set(Animal.samples + [eagle]))
      }
    }
  }

  @Test(arguments: Backend.allCases) func severalQueriesAndMutationsAreAnsweredInOrder(_ backend: Backend) async throws {
    try await withServer(backend) { server in
      let exchange = try await HTTPExchange.post(
        #"""
        {"query": [{"categories": {}}, {"animals": {}}, {"categories": {}}],
         "mutation": [{"deleteAnimal": {"animalId": "Cat"}},
                      {"updateAnimal": {"animalId": "Dog", "name": "Dingo", "diet": "Carnivore", "categoryId": "Mammal"}},
                      {"reloadSampleData": {}}]}
        """#,
        to: server.apiURL
      )
      #expect(exchange.status == 200)
      #expect(
        try exchange.remoteResponse()
          == RemoteResponse(
            query: [
              .categories(categories: Category.samples),
              .animals(animals: Animal.samples),
              .categories(categories: Category.samples),
            ],
            mutation: [
              .deleteAnimal(animal: .cat),
              .updateAnimal(animal: Animal(animalId: "Dog", name: "Dingo", diet: .carnivorous, categoryId: "Mammal")),
              .reloadSampleData(animals: Animal.samples, categories: Category.samples),
            ]
          )
      )
    }
  }
}

import AnimalsData
import Logging
import Services

/// Answers a `RemoteRequest` from a persistent store (SQLite or PostgreSQL): every query, then
/// every mutation, each in the order the request lists it.
///
/// Each mutation is its own transaction: when one fails (a missing animal, say) the request fails,
/// and the mutations listed before it stay done.
package struct RemoteRequestHandler: Sendable {
  private let store: any PersistentSessionPersistentStore

  /// Creates a handler that reads and writes `store`.
  package init(store: any PersistentSessionPersistentStore) {
    self.store = store
  }

  /// The answers to `request`, in the order of its queries and mutations; logs one debug line per
  /// operation and one per outcome to `logger`.
  package func response(to request: RemoteRequest, logger: Logger) async throws -> RemoteResponse {
    var queries: [RemoteResponse.Query]?
    if let requested = request.query {
      var answers: [RemoteResponse.Query] = []
      for query in requested {
        answers.append(try await self.answer(query, logger: logger))
      }
      queries = answers
    }
    var mutations: [RemoteResponse.Mutation]?
    if let requested = request.mutation {
      var answers: [RemoteResponse.Mutation] = []
      for mutation in requested {
        answers.append(try await self.answer(mutation, logger: logger))
      }
      mutations = answers
    }
    return RemoteResponse(query: queries, mutation: mutations)
  }
}

extension RemoteRequestHandler {
  private func answer(_ query: RemoteRequest.Query, logger: Logger) async throws -> RemoteResponse.Query {
    switch query {
    case .animals:
      let animals = try await logger.logged("fetchAnimalsQuery()") {
        try await self.store.fetchAnimalsQuery()
      } outcome: { "\($0.count) animals" }
      return .animals(animals: animals)
    case .categories:
      let categories = try await logger.logged("fetchCategoriesQuery()") {
        try await self.store.fetchCategoriesQuery()
      } outcome: { "\($0.count) categories" }
      return .categories(categories: categories)
    }
  }

  private func answer(_ mutation: RemoteRequest.Mutation, logger: Logger) async throws -> RemoteResponse.Mutation {
    switch mutation {
    case .addAnimal(let name, let diet, let categoryId):
      let call = "addAnimalMutation(name: \(String(reflecting: name)), diet: .\(diet), categoryId: \(String(reflecting: categoryId)))"
      let animal = try await logger.logged(call) {
        try await self.store.addAnimalMutation(name: name, diet: diet, categoryId: categoryId)
      } outcome: { "animal \(String(reflecting: $0.animalId))" }
      return .addAnimal(animal: animal)
    case .updateAnimal(let animalId, let name, let diet, let categoryId):
      let call = "updateAnimalMutation(animalId: \(String(reflecting: animalId)), name: \(String(reflecting: name)), diet: .\(diet), categoryId: \(String(reflecting: categoryId)))"
      let animal = try await logger.logged(call) {
        try await self.store.updateAnimalMutation(animalId: animalId, name: name, diet: diet, categoryId: categoryId)
      } outcome: { "animal \(String(reflecting: $0.animalId))" }
      return .updateAnimal(animal: animal)
    case .deleteAnimal(let animalId):
      let animal = try await logger.logged("deleteAnimalMutation(animalId: \(String(reflecting: animalId)))") {
        try await self.store.deleteAnimalMutation(animalId: animalId)
      } outcome: { "animal \(String(reflecting: $0.animalId))" }
      return .deleteAnimal(animal: animal)
    case .reloadSampleData:
      let sampleData = try await logger.logged("reloadSampleDataMutation()") {
        try await self.store.reloadSampleDataMutation()
      } outcome: { "\($0.animals.count) animals, \($0.categories.count) categories" }
      return .reloadSampleData(animals: sampleData.animals, categories: sampleData.categories)
    }
  }
}

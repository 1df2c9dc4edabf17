import AnimalsData
import Foundation
import Services
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A remote store's session that records the request and decoder and answers with a canned
/// `RemoteResponse`, or throws.
final class AnimalsSessionDouble: AnimalsData.RemoteStoreNetworkSession, @unchecked Sendable {
  let request = Locked<URLRequest?>(nil)
  let response: RemoteResponse?
  let error = MarkerError()

  init(response: RemoteResponse? = nil) {
    self.response = response
  }

  func json<T>(for request: URLRequest, from decoder: JSONDecoder) async throws -> T where T: Decodable {
    self.request.set(request)
    guard let response = self.response as? T else {
      throw self.error
    }
    return response
  }

  /// The `RemoteRequest` the store sent, read back from the request's body.
  func sentRemoteRequest() throws -> RemoteRequest {
    let body = try #require(self.request.current?.httpBody)
    return try JSONDecoder().decode(RemoteRequest.self, from: body)
  }
}

/// Animals' `RemoteStore` as the guide builds it: `init(session:)` posts JSON to
/// `http://localhost:8080/animals/api`, reads the matching answer, and says which one was missing.
@Suite(.timeLimit(.minutes(10))) struct AnimalsRemoteStoreConformanceTests {
  private static let guideURL = URL(string: "http://localhost:8080/animals/api")

  private func expectPost(_ session: AnimalsSessionDouble, of expected: RemoteRequest) throws {
    let request = try #require(session.request.current)
    #expect(request.url == Self.guideURL)
    #expect(request.httpMethod == "POST")
    #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/json")
    #expect(try session.sentRemoteRequest() == expected)
  }

  @Test func theSessionsErrorReachesTheCallerUnchanged() async throws {
    let session = AnimalsSessionDouble()
    let store = RemoteStore(session: session)
    do {
      _ = try await store.fetchAnimalsQuery()
      Issue.record("expected the session's error")
    } catch {
      #expect((error as? MarkerError) === session.error)
    }
    try expectPost(session, of: RemoteRequest(query: [.animals]))
  }

  @Test func anExplicitURLIsWhereTheStorePosts() async throws {
    let url = try #require(URL(string: "http://127.0.0.1:4000/animals/api"))
    let session = AnimalsSessionDouble(response: RemoteResponse(query: [.categories(categories: Category.samples)]))
    #expect(try await RemoteStore(session: session, url: url).fetchCategoriesQuery() == Category.samples)
    #expect(session.request.current?.url == url)
  }

  @Test func queriesReadTheirAnswer() async throws {
    let session = AnimalsSessionDouble(
      response: RemoteResponse(query: [.categories(categories: Category.samples), .animals(animals: Animal.samples)]))
    let store = RemoteStore(session: session)
    #expect(try await store.fetchCategoriesQuery() == Category.samples)
    try expectPost(session, of: RemoteRequest(query: [.categories]))
    #expect(try await store.fetchAnimalsQuery() == Animal.samples)
    try expectPost(session, of: RemoteRequest(query: [.animals]))
  }

  @Test func mutationsSendTheirArgumentsAndReadTheirAnswer() async throws {
    let kitty = Animal(animalId: "Cat", name: "Kitty", diet: .omnivorous, categoryId: "Mammal")
    let session = AnimalsSessionDouble(
      response: RemoteResponse(mutation: [
        .addAnimal(animal: .sparrow), .updateAnimal(animal: kitty), .deleteAnimal(animal: .dog),
        .reloadSampleData(animals: Animal.samples, categories: Category.samples),
      ]))
    let store = RemoteStore(session: session)
    #expect(try await store.addAnimalMutation(name: "House sparrow", diet: .omnivorous, categoryId: "Bird") == .sparrow)
    try expectPost(session, of: RemoteRequest(mutation: [.addAnimal(name: "House sparrow", diet: .omnivorous, categoryId: "Bird")]))
    #expect(try await store.updateAnimalMutation(animalId: "Cat", name: "Kitty", diet: .omnivorous, categoryId: "Mammal") == kitty)
    try expectPost(
      session, of: RemoteRequest(mutation: [.updateAnimal(animalId: "Cat", name: "Kitty", diet: .omnivorous, categoryId: "Mammal")]))
    #expect(try await store.deleteAnimalMutation(animalId: "Dog") == .dog)
    try expectPost(session, of: RemoteRequest(mutation: [.deleteAnimal(animalId: "Dog")]))
    let sampleData = try await store.reloadSampleDataMutation()
    #expect(sampleData.animals == Animal.samples && sampleData.categories == Category.samples)
    try expectPost(session, of: RemoteRequest(mutation: [.reloadSampleData]))
  }

  @Test func aResponseWithoutTheAnswerSaysWhichOneIsMissing() async {
    let store = RemoteStore(session: AnimalsSessionDouble(response: RemoteResponse()))
    await #expect(throws: RemoteResponse.Query.Error(code: .categoriesNotFound)) { try await store.fetchCategoriesQuery() }
    await #expect(throws: RemoteResponse.Query.Error(code: .animalsNotFound)) { try await store.fetchAnimalsQuery() }
    await #expect(throws: RemoteResponse.Mutation.Error(code: .animalNotFound)) {
      try await store.addAnimalMutation(name: "Eagle", diet: .carnivorous, categoryId: "Bird")
    }
    await #expect(throws: RemoteResponse.Mutation.Error(code: .animalNotFound)) {
      try await store.updateAnimalMutation(animalId: "Cat", name: "Kitty", diet: .omnivorous, categoryId: "Mammal")
    }
    await #expect(throws: RemoteResponse.Mutation.Error(code: .animalNotFound)) { try await store.deleteAnimalMutation(animalId: "Cat") }
    await #expect(throws: RemoteResponse.Mutation.Error(code: .sampleDataNotFound)) { try await store.reloadSampleDataMutation() }
  }

  @Test func aNetworkSessionOverAnInjectedURLSessionServesTheStore() async throws {
    let answer = try JSONEncoder().encode(RemoteResponse(query: [.categories(categories: [.bird])]))
    let urlSession = URLSessionDouble(answer: (answer, Fixture.jsonResponse()))
    let store = RemoteStore(session: NetworkSession(urlSession: urlSession))
    #expect(try await store.fetchCategoriesQuery() == [.bird])
    #expect(urlSession.request.current?.url == Self.guideURL)
  }
}

import AnimalsData
import Services
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite(.timeLimit(.minutes(10))) struct RemoteStoreTests {
  private static let url = URL(string: "http://127.0.0.1:8080/animals/api")

  private func makeStore(body: String) throws -> (RemoteStore<TestNetworkSession>, TestNetworkSession) {
    let session = TestNetworkSession(body: body)
    return (RemoteStore(session: session, url: try #require(Self.url)), session)
  }

  private func expectPOST(_ session: TestNetworkSession, body: String) {
    #expect(session.requests.count == 1)
    let request = session.requests.first
    #expect(request?.url == Self.url)
    #expect(request?.httpMethod == "POST")
    #expect(request?.value(forHTTPHeaderField: "Content-Type") == "application/json")
    #expect(session.sentBody == body)
  }

  // The response bodies below have the shapes (and the mixed key orders) of the guide's curl examples.

  @Test func fetchCategoriesSendsTheCategoriesQuery() async throws {
    let (store, session) = try makeStore(
      body: """
        {"query": [{"categories": {"categories": [
          {"categoryId": "Mammal", "name": "Mammal"}, {"name": "Bird", "categoryId": "Bird"}
        ]}}]}
        """)
    #expect(try await store.fetchCategoriesQuery() == [.mammal, .bird])
    expectPOST(session, body: #"{"query":[{"categories":{}}]}"#)
  }

  @Test func fetchAnimalsSendsTheAnimalsQuery() async throws {
    let (store, session) = try makeStore(
      body: """
        {"query": [{"animals": {"animals": [
          {"diet": "Herbivore", "name": "Southern gibbon", "categoryId": "Mammal", "animalId": "Bibbon"},
          {"diet": "Carnivore", "categoryId": "Amphibian", "name": "Newt", "animalId": "Newt"}
        ]}}]}
        """)
    #expect(try await store.fetchAnimalsQuery() == [.gibbon, .newt])
    expectPOST(session, body: #"{"query":[{"animals":{}}]}"#)
  }

  @Test func addSendsTheAddAnimalMutation() async throws {
    let (store, session) = try makeStore(
      body: """
        {"mutation": [{"addAnimal": {"animal": {"animalId": "467D0044-4BB9-4C28-A10B-E87A2C328034",
          "diet": "Carnivore", "categoryId": "Bird", "name": "Eagle"}}}]}
        """)
    let eagle = try await store.addAnimalMutation(name: "Eagle", diet: .carnivorous, categoryId: "Bird")
    #expect(eagle == Animal(animalId: "467D0044-4BB9-4C28-A10B-E87A2C328034", name: "Eagle", diet: .carnivorous, categoryId: "Bird"))
    expectPOST(session, body: #"{"mutation":[{"addAnimal":{"categoryId":"Bird","diet":"Carnivore","name":"Eagle"}}]}"#)
  }

  @Test func updateSendsTheUpdateAnimalMutation() async throws {
    let (store, session) = try makeStore(
      body: #"{"mutation":[{"updateAnimal":{"animal":{"animalId":"Cat","name":"Kitty","diet":"Omnivore","categoryId":"Mammal"}}}]}"#
    )
    let kitty = try await store.updateAnimalMutation(animalId: "Cat", name: "Kitty", diet: .omnivorous, categoryId: "Mammal")
    #expect(kitty == Animal(animalId: "Cat", name: "Kitty", diet: .omnivorous, categoryId: "Mammal"))
    expectPOST(
      session,
      body: #"{"mutation":[{"updateAnimal":{"animalId":"Cat","categoryId":"Mammal","diet":"Omnivore","name":"Kitty"}}]}"#)
  }

  @Test func deleteSendsTheDeleteAnimalMutation() async throws {
    let (store, session) = try makeStore(
      body: #"{"mutation":[{"deleteAnimal":{"animal":{"animalId":"Cat","name":"Cat","diet":"Carnivore","categoryId":"Mammal"}}}]}"#
    )
    #expect(try await store.deleteAnimalMutation(animalId: "Cat") == .cat)
    expectPOST(session, body: #"{"mutation":[{"deleteAnimal":{"animalId":"Cat"}}]}"#)
  }

  @Test func reloadSendsTheReloadSampleDataMutation() async throws {
    let response = RemoteResponse(mutation: [.reloadSampleData(animals: Animal.samples, categories: Category.samples)])
    let (store, session) = try makeStore(body: String(decoding: try JSONEncoder().encode(response), as: UTF8.self))
    let reloaded = try await store.reloadSampleDataMutation()
    #expect(reloaded.animals == Animal.samples)
    #expect(reloaded.categories == Category.samples)
    expectPOST(session, body: #"{"mutation":[{"reloadSampleData":{}}]}"#)
  }

  @Test func missingAnswersThrowTheGuidesErrors() async throws {
    let wrongAnswer = #"{"query":[{"animals":{"animals":[]}}],"mutation":[{"deleteAnimal":{"animal":{"animalId":"Cat","name":"Cat","diet":"Carnivore","categoryId":"Mammal"}}}]}"#
    for body in ["{}", wrongAnswer] {
      let (store, _) = try makeStore(body: body)
      await #expect(throws: RemoteResponse.Query.Error(code: .categoriesNotFound)) {
        try await store.fetchCategoriesQuery()
      }
      await #expect(throws: RemoteResponse.Mutation.Error(code: .animalNotFound)) {
        try await store.addAnimalMutation(name: "Eagle", diet: .carnivorous, categoryId: "Bird")
      }
      await #expect(throws: RemoteResponse.Mutation.Error(code: .animalNotFound)) {
        try await store.updateAnimalMutation(animalId: "Cat", name: "Cat", diet: .carnivorous, categoryId: "Mammal")
      }
      await #expect(throws: RemoteResponse.Mutation.Error(code: .sampleDataNotFound)) {
        try await store.reloadSampleDataMutation()
      }
    }
    let (store, _) = try makeStore(body: "{}")
    await #expect(throws: RemoteResponse.Query.Error(code: .animalsNotFound)) { try await store.fetchAnimalsQuery() }
    await #expect(throws: RemoteResponse.Mutation.Error(code: .animalNotFound)) {
      try await store.deleteAnimalMutation(animalId: "Cat")
    }
    #expect(
      String(describing: RemoteResponse.Query.Error(code: .categoriesNotFound))
        == "RemoteResponse.Query.Error(code: .categoriesNotFound)")
    #expect(
      String(describing: RemoteResponse.Mutation.Error(code: .sampleDataNotFound))
        == "RemoteResponse.Mutation.Error(code: .sampleDataNotFound)")
  }

  @Test func sessionErrorsReachTheCaller() async throws {
    let refusal = NetworkDataHandler.Error(code: .statusCodeError, statusCode: 500, message: "boom")
    let session = TestNetworkSession(
      error: URLSessionNetworkSession.Error(
        code: .jsonHandlerError,
        underlying: NetworkJSONHandler.Error(code: .dataHandlerError, underlying: refusal)))
    let store = RemoteStore(session: session, url: try #require(Self.url))
    do {
      _ = try await store.fetchAnimalsQuery()
      Issue.record("expected an error")
    } catch {
      #expect(String(describing: error) == "HTTP status 500: boom")
    }
  }

  @Test func aMalformedBodyIsADecodingError() async throws {
    let (store, _) = try makeStore(body: #"{"query":[{"animals":{"animals":[{"animalId":"X"}]}}]}"#)
    await #expect(throws: DecodingError.self) { try await store.fetchAnimalsQuery() }
  }
}

/// The server side of the wire format: a server decodes the guide's request bodies and encodes responses.
@Suite(.timeLimit(.minutes(10))) struct RemoteWireFormatTests {
  @Test func theGuidesCurlRequestBodiesDecode() throws {
    let decoder = JSONDecoder()
    #expect(
      try decoder.decode(RemoteRequest.self, from: Data(#"{"query": [ {"categories": {}} ]}"#.utf8))
        == RemoteRequest(query: [.categories]))
    #expect(
      try decoder.decode(RemoteRequest.self, from: Data(#"{"query": [ {"animals": {}} ]}"#.utf8))
        == RemoteRequest(query: [.animals]))
    #expect(
      try decoder.decode(
        RemoteRequest.self,
        from: Data(#"{"mutation": [ {"addAnimal": {"name": "Eagle", "diet": "Carnivore", "categoryId": "Bird"}} ]}"#.utf8))
        == RemoteRequest(mutation: [.addAnimal(name: "Eagle", diet: .carnivorous, categoryId: "Bird")]))
  }

  @Test func everyRequestAndResponseRoundTrips() throws {
    let requests = [
      RemoteRequest(
        query: [.categories, .animals],
        mutation: [
          .addAnimal(name: "Eagle", diet: .carnivorous, categoryId: "Bird"),
          .updateAnimal(animalId: "Cat", name: "Kitty", diet: .omnivorous, categoryId: "Mammal"),
          .deleteAnimal(animalId: "Dog"),
          .reloadSampleData,
        ]),
      RemoteRequest(),
    ]
    for request in requests {
      #expect(try JSONDecoder().decode(RemoteRequest.self, from: JSONEncoder().encode(request)) == request)
    }
    let response = RemoteResponse(
      query: [.categories(categories: Category.samples), .animals(animals: Animal.samples)],
      mutation: [
        .addAnimal(animal: .eagle), .updateAnimal(animal: .cat), .deleteAnimal(animal: .dog),
        .reloadSampleData(animals: Animal.samples, categories: Category.samples),
      ])
    #expect(try JSONDecoder().decode(RemoteResponse.self, from: JSONEncoder().encode(response)) == response)
  }

  @Test func aResponseEncodesInTheGuidesShape() throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let response = RemoteResponse(query: [.categories(categories: [.bird])], mutation: [.deleteAnimal(animal: .cat)])
    #expect(
      String(decoding: try encoder.encode(response), as: UTF8.self)
        == #"{"mutation":[{"deleteAnimal":{"animal":{"animalId":"Cat","categoryId":"Mammal","diet":"Carnivore","name":"Cat"}}}],"query":[{"categories":{"categories":[{"categoryId":"Bird","name":"Bird"}]}}]}"#
    )
    #expect(String(decoding: try encoder.encode(RemoteResponse(query: [])), as: UTF8.self) == #"{"query":[]}"#)
  }
}

import AnimalsData
import AnimalsDataServerCore
import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Bad requests get a 4xx with a JSON `{"error": "…"}` body, and the server keeps serving, on both backends.
@Suite(.postgresCluster, .timeLimit(.minutes(10))) struct RefusalTests {
  /// A request body the server must refuse, the status it must answer, and its error message.
  struct Refusal: Sendable, CustomTestStringConvertible {
    let name: String
    let body: String
    let status: Int
    let message: String

    var testDescription: String { self.name }
  }

  static let refusals: [Refusal] = [
    Refusal(
      name: "truncated JSON", body: #"{"query": ["#, status: 400,
      message: "malformed request: not valid JSON"),
    Refusal(
      name: "not JSON at all", body: "hello", status: 400,
      message: "malformed request: not valid JSON"),
    Refusal(
      name: "empty body", body: "", status: 400,
      message: "malformed request: not valid JSON"),
    Refusal(
      name: "JSON nested 10,000 deep", body: #"{"query": "# + String(repeating: "[", count: 10_000) + "}", status: 400,
      message: "malformed request: not valid JSON"),
    Refusal(
      name: "neither query nor mutation", body: #"{"subscription": []}"#, status: 400,
      message: #"malformed request: expected a "query" or "mutation" list at $"#),
    Refusal(
      name: "a list instead of an object", body: #"[{"animals": {}}]"#, status: 400,
      message: "malformed request: expected an object at $"),
    Refusal(
      name: "unknown query", body: #"{"query": [{"plants": {}}]}"#, status: 400,
      message: #"unknown operation: query "plants" at $.query[0]; expected one of animals, categories"#),
    Refusal(
      name: "unknown mutation", body: #"{"mutation": [{"deleteAnimal": {"animalId": "Cat"}}, {"renameAnimal": {}}]}"#,
      status: 400,
      message:
        #"unknown operation: mutation "renameAnimal" at $.mutation[1]; expected one of addAnimal, deleteAnimal, reloadSampleData, updateAnimal"#
    ),
    Refusal(
      name: "two queries in one object", body: #"{"query": [{"animals": {}, "categories": {}}]}"#, status: 400,
      message: "malformed request: expected exactly one query at $.query[0], found 2"),
    Refusal(
      name: "missing argument", body: #"{"mutation": [{"deleteAnimal": {}}]}"#, status: 400,
      message: #"malformed request: missing key "animalId" at $.mutation[0].deleteAnimal"#),
    Refusal(
      name: "unknown diet",
      body: #"{"mutation": [{"addAnimal": {"name": "Eagle", "diet": "Vegan", "categoryId": "Bird"}}]}"#,
      status: 400,
      message: "malformed request: invalid diet at $.mutation[0].addAnimal.diet; expected one of Carnivore, Herbivore, Omnivore"
    ),
    Refusal(
      name: "delete a missing animal", body: #"{"mutation": [{"deleteAnimal": {"animalId": "Unicorn"}}]}"#,
      status: 404,
      message: #"LocalStore.Error(code: .animalNotFound, id: "Unicorn")"#),
    Refusal(
      name: "update a missing animal",
      body: #"{"mutation": [{"updateAnimal": {"animalId": "Unicorn", "name": "Unicorn", "diet": "Herbivore", "categoryId": "Mammal"}}]}"#,
      status: 404,
      message: #"LocalStore.Error(code: .animalNotFound, id: "Unicorn")"#),
    Refusal(
      name: "add to a missing category",
      body: #"{"mutation": [{"addAnimal": {"name": "Eagle", "diet": "Carnivore", "categoryId": "Dinosaur"}}]}"#,
      status: 422,
      message: #"LocalStore.Error(code: .categoryNotFound, id: "Dinosaur")"#),
  ]

  @Test(arguments: Backend.allCases, Self.refusals)
  func aBadRequestIsRefusedAndTheServerKeepsServing(_ backend: Backend, _ refusal: Refusal) async throws {
    try await withServer(backend) { server in
      let exchange = try await HTTPExchange.post(refusal.body, to: server.apiURL)
      #expect(exchange.status == refusal.status)
      #expect(exchange.contentType?.hasPrefix("application/json") == true)
      #expect(exchange.errorMessage == refusal.message)
      try await Self.expectServing(server)
    }
  }

  @Test(arguments: Backend.allCases, [RemoteRequestDecoder.maxOperations + 1, 30_000])
  func tooManyOperationsAreRefusedBeforeAnyRuns(_ backend: Backend, _ count: Int) async throws {
    try await withServer(backend) { server in
      let deletes = Array(repeating: #"{"deleteAnimal": {"animalId": "Cat"}}"#, count: count / 2)
      let queries = Array(repeating: #"{"animals": {}}"#, count: count - count / 2)
      let body = #"{"query": [\#(queries.joined(separator: ","))], "mutation": [\#(deletes.joined(separator: ","))]}"#
      let exchange = try await HTTPExchange.post(body, to: server.apiURL)
      #expect(exchange.status == 400)
      #expect(exchange.errorMessage == "too many operations: \(count) in one request; send at most 100 per request")
      #expect(try await RemoteStore(server: server).fetchAnimalsQuery() == Animal.samples)
    }
  }

  @Test(arguments: Backend.allCases) func theMostOperationsARequestMayListAreAnswered(_ backend: Backend) async throws {
    try await withServer(backend) { server in
      let queries = Array(repeating: #"{"categories": {}}"#, count: RemoteRequestDecoder.maxOperations)
      let exchange = try await HTTPExchange.post(#"{"query": [\#(queries.joined(separator: ","))]}"#, to: server.apiURL)
      #expect(exchange.status == 200)
      #expect(try exchange.remoteResponse().query?.count == RemoteRequestDecoder.maxOperations)
    }
  }

  @Test(arguments: Backend.allCases) func aRefusedMutationLeavesTheDataAsItWas(_ backend: Backend) async throws {
    try await withServer(backend) { server in
      let store = RemoteStore(server: server)
      _ = try await HTTPExchange.post(#"{"mutation": [{"deleteAnimal": {"animalId": "Unicorn"}}]}"#, to: server.apiURL)
      #expect(try await store.fetchAnimalsQuery() == Animal.samples)
    }
  }

  @Test(arguments: Backend.allCases) func anOversizedBodyWithAContentLengthIsRefusedWith413(_ backend: Backend) async throws {
    try await withServer(backend) { server in
      let body = Data(repeating: UInt8(ascii: " "), count: AnimalsServer.defaultMaxRequestBodySize + 1)
      let exchange = try await HTTPExchange.send(body, to: server.apiURL)
      #expect(exchange.status == 413)
      #expect(exchange.errorMessage == "request body larger than 1048576 bytes")
      try await Self.expectServing(server)
    }
  }

  @Test(arguments: Backend.allCases) func anOversizedStreamedBodyIsRefusedWith413(_ backend: Backend) async throws {
    try await withServer(backend) { server in
      // A body stream has no Content-Length: the limit is enforced while reading.
      var request = URLRequest(url: server.apiURL, timeoutInterval: HTTPExchange.requestGuard)
      request.httpMethod = "POST"
      request.setValue("application/json", forHTTPHeaderField: "Content-Type")
      let body = Data(repeating: UInt8(ascii: " "), count: 2 * AnimalsServer.defaultMaxRequestBodySize)
      request.httpBodyStream = InputStream(data: body)
      let session = HTTPExchange.guardedSession()
      defer { session.finishTasksAndInvalidate() }
      let (data, response) = try await session.data(for: request)
      #expect((response as? HTTPURLResponse)?.statusCode == 413)
      #expect(String(decoding: data, as: UTF8.self) == #"{"error":"request body larger than 1048576 bytes"}"#)
      try await Self.expectServing(server)
    }
  }

  @Test(arguments: Backend.allCases) func aBodyJustUnderTheLimitIsRead(_ backend: Backend) async throws {
    try await withServer(backend) { server in
      let query = Data(#"{"query": [{"categories": {}}]}"#.utf8)
      let padding = Data(repeating: UInt8(ascii: " "), count: AnimalsServer.defaultMaxRequestBodySize - query.count)
      let exchange = try await HTTPExchange.send(query + padding, to: server.apiURL)
      #expect(exchange.status == 200)
      #expect(try exchange.remoteResponse() == RemoteResponse(query: [.categories(categories: Category.samples)]))
    }
  }

  @Test(arguments: Backend.allCases, ["GET", "PUT", "DELETE", "PATCH"])
  func anotherMethodOnTheEndpointIs405(_ backend: Backend, _ method: String) async throws {
    try await withServer(backend) { server in
      let exchange = try await HTTPExchange.send(nil, to: server.apiURL, method: method)
      #expect(exchange.status == 405)
      #expect(exchange.errorMessage == "method \(method) not allowed on /animals/api; use POST")
      try await Self.expectServing(server)
    }
  }

  @Test(arguments: Backend.allCases) func anotherPathIs404(_ backend: Backend) async throws {
    try await withServer(backend) { server in
      let exchange = try await HTTPExchange.post(#"{"query": [{"animals": {}}]}"#, to: server.url.appending(path: "animals/graphql"))
      #expect(exchange.status == 404)
      #expect(exchange.contentType?.hasPrefix("application/json") == true)
      #expect(exchange.errorMessage == "no route for POST /animals/graphql")
      try await Self.expectServing(server)
    }
  }

  @Test(arguments: Backend.allCases) func aRemoteStoreSeesTheStatusAndTheServersMessage(_ backend: Backend) async throws {
    try await withServer(backend) { server in
      let store = RemoteStore(server: server)
      let error = await #expect(throws: URLSessionNetworkSession.Error.self) {
        try await store.deleteAnimalMutation(animalId: "Unicorn")
      }
      #expect(error?.description == #"HTTP status 404: LocalStore.Error(code: .animalNotFound, id: "Unicorn")"#)
    }
  }

  /// Checks the server still answers a good request.
  private static func expectServing(_ server: RunningServer) async throws {
    let categories = try await RemoteStore(server: server).fetchCategoriesQuery()
    #expect(categories == Category.samples)
  }
}

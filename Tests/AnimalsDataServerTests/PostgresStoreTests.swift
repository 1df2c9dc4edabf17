import AnimalsData
import AnimalsDataServerCore
import AnimalsDataServerPostgres
import Foundation
import TestSupport
import Testing

/// The PostgreSQL store on its own: preparing a database once however many servers start at
/// once, and failing to start with one clear reason within the connect timeout.
@Suite(.postgresCluster, .timeLimit(.minutes(10))) struct PostgresStoreTests {
  @Test func eightStoresPreparingOneEmptyDatabaseAtOnceSeedItOnce() async throws {
    let url = try DatabaseURL(try await PostgresCluster.required().createDatabase())
    let stores = (0..<8).map { _ in PostgresStore(url: url, connectTimeout: .seconds(60), logger: RunningServer.silentLogger) }
    try await withThrowingTaskGroup(of: Void.self) { group in
      for store in stores {
        group.addTask { try await store.prepare() }
      }
      try await group.waitForAll()
    }
    try await withRunning(stores[0]) { () async throws in
      #expect(try await stores[0].fetchCategoriesQuery() == Category.samples)
      #expect(try await stores[0].fetchAnimalsQuery() == Animal.samples)
    }
  }

  @Test func preparingAgainKeepsTheData() async throws {
    let url = try DatabaseURL(try await PostgresCluster.required().createDatabase())
    let store = PostgresStore(url: url, connectTimeout: .seconds(60), logger: RunningServer.silentLogger)
    try await store.prepare()
    try await withRunning(store) { () async throws in
      let eagle = try await store.addAnimalMutation(name: "Eagle", diet: .carnivorous, categoryId: "Bird")
      _ = try await store.deleteAnimalMutation(animalId: "Cat")
      try await store.prepare()
      #expect(Set(try await store.fetchAnimalsQuery()) == Set(Animal.samples.filter { $0 != .cat } + [eagle]))
    }
  }

  @Test func aMissingDatabaseIsNamedByTheServer() async throws {
    let cluster = try PostgresCluster.required()
    let store = PostgresStore(url: try DatabaseURL(cluster.url(database: "nowhere")), logger: RunningServer.silentLogger)
    let error = await #expect(throws: PostgresStore.PrepareError.self) { try await store.prepare() }
    #expect(error?.description == #"cannot use the database postgres://postgres@127.0.0.1:\#(cluster.port)/nowhere: database "nowhere" does not exist"#)
  }

  @Test func aRefusedConnectionFailsAtOnce() async throws {
    let socket = try LoopbackSocket()
    defer { socket.close() }
    // A connect timeout far past the suite's time limit: a refusal that waited for it would
    // fail the test by that limit; one that does not wait ends with the refusal's reason.
    let store = PostgresStore(
      url: try DatabaseURL("postgres://postgres@127.0.0.1:\(socket.port)/animals"),
      connectTimeout: .seconds(3600),
      logger: RunningServer.silentLogger)
    let error = await #expect(throws: PostgresStore.PrepareError.self) { try await store.prepare() }
    #expect(error?.reason.contains("Connection refused") == true, "\(String(describing: error))")
  }

  @Test func aDatabaseThatNeverAnswersFailsAfterTheConnectTimeout() async throws {
    let socket = try LoopbackSocket()
    defer { socket.close() }
    try socket.listen()
    let store = PostgresStore(
      url: try DatabaseURL("postgres://postgres@127.0.0.1:\(socket.port)/animals?sslmode=disable"),
      connectTimeout: .seconds(1),
      logger: RunningServer.silentLogger)
    // The socket listens and never answers: only the connect timeout ends the wait, as its reason says.
    let error = await #expect(throws: PostgresStore.PrepareError.self) { try await store.prepare() }
    #expect(error?.reason == "no answer within 1 seconds")
  }

  @Test func aReloadRunningBesideAddsLeavesExactlyTheSampleCategories() async throws {
    let url = try DatabaseURL(try await PostgresCluster.required().createDatabase())
    let store = PostgresStore(url: url, connectTimeout: .seconds(60), logger: RunningServer.silentLogger)
    try await store.prepare()
    try await withRunning(store) { () async throws in
      try await withThrowingTaskGroup(of: Void.self) { group in
        for _ in 0..<4 {
          group.addTask { _ = try await store.reloadSampleDataMutation() }
          group.addTask { _ = try await store.addAnimalMutation(name: "Eagle", diet: .carnivorous, categoryId: "Bird") }
        }
        try await group.waitForAll()
      }
      #expect(try await store.fetchCategoriesQuery() == Category.samples)
      #expect(Set(try await store.fetchAnimalsQuery()).isSuperset(of: Animal.samples))
    }
  }

  /// Runs `body` while `store`'s connection pool runs.
  private func withRunning<T: Sendable>(_ store: PostgresStore, _ body: () async throws -> T) async throws -> T {
    try await withThrowingTaskGroup(of: Void.self) { group in
      group.addTask { await store.run() }
      defer { group.cancelAll() }
      return try await body()
    }
  }
}

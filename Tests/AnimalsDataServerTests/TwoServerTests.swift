import AnimalsData
import AnimalsDataServerCore
import Foundation
import TestSupport
import Testing

/// Two `AnimalsDataServer` processes on one PostgreSQL database, as behind a load balancer.
@Suite(.postgresCluster, .timeLimit(.minutes(10))) struct TwoServerTests {
  private static let clients = 8
  private static let addsPerClient = 25

  @Test func twoServersStartingAtOnceOnAnEmptyDatabaseSeedItOnce() async throws {
    let database = try await PostgresCluster.required().createDatabase()
    try await ServerProcess.withServers([["--database", database, "--connect-timeout", "60"], ["--database", database, "--connect-timeout", "60"]]) { (servers: [ServerProcess]) async throws in
      for server in servers {
        let store = RemoteStore(url: server.apiURL, timeout: RemoteStore.testReplyBound)
        #expect(try await store.fetchCategoriesQuery() == Category.samples)
        #expect(try await store.fetchAnimalsQuery() == Animal.samples)
      }
    }
  }

  @Test func addsFromEightClientsOverTwoServersAllLand() async throws {
    let database = try await PostgresCluster.required().createDatabase()
    try await ServerProcess.withServers([["--database", database, "--connect-timeout", "60"], ["--database", database, "--connect-timeout", "60"]]) { (servers: [ServerProcess]) async throws in
      let added = try await withThrowingTaskGroup(of: [Animal].self) { group in
        for client in 0..<Self.clients {
          let server = servers[client % servers.count]
          group.addTask {
            let store = RemoteStore(url: server.apiURL, timeout: RemoteStore.testReplyBound)
            var added: [Animal] = []
            for index in 0..<Self.addsPerClient {
              added.append(try await store.addAnimalMutation(name: "Client \(client) #\(index)", diet: .omnivorous, categoryId: "Bird"))
            }
            return added
          }
        }
        return try await group.reduce(into: []) { $0 += $1 }
      }
      #expect(Set(added.map(\.animalId)).count == Self.clients * Self.addsPerClient)
      for server in servers {
        let animals = Set(try await RemoteStore(url: server.apiURL, timeout: RemoteStore.testReplyBound).fetchAnimalsQuery())
        #expect(animals.count == Animal.samples.count + Self.clients * Self.addsPerClient)
        #expect(animals.isSuperset(of: added))
      }
    }
  }

  @Test func eachServerSeesTheOthersWritesAtOnce() async throws {
    let database = try await PostgresCluster.required().createDatabase()
    try await ServerProcess.withServers([["--database", database, "--connect-timeout", "60"], ["--database", database, "--connect-timeout", "60"]]) { (servers: [ServerProcess]) async throws in
      let stores = servers.map { RemoteStore(url: $0.apiURL, timeout: RemoteStore.testReplyBound) }
      for round in 0..<10 {
        let writer = stores[round % 2]
        let reader = stores[(round + 1) % 2]
        let added = try await writer.addAnimalMutation(name: "Round \(round)", diet: .herbivorous, categoryId: "Fish")
        #expect(try await reader.fetchAnimalsQuery().contains(added))
        let updated = try await reader.updateAnimalMutation(
          animalId: added.animalId, name: "Round \(round) renamed", diet: .herbivorous, categoryId: "Fish")
        #expect(try await writer.fetchAnimalsQuery().contains(updated))
        _ = try await writer.deleteAnimalMutation(animalId: added.animalId)
        #expect(try await reader.fetchAnimalsQuery().contains { $0.animalId == added.animalId } == false)
      }
    }
  }

  @Test func killingOneServerLosesNoAcknowledgedAddAndTheOtherKeepsServing() async throws {
    let database = try await PostgresCluster.required().createDatabase()
    try await ServerProcess.withServers([["--database", database, "--connect-timeout", "60"], ["--database", database, "--connect-timeout", "60"]]) { (servers: [ServerProcess]) async throws in
      let (victim, survivor) = (servers[0], servers[1])
      let acknowledged = AcknowledgedAdds()
      try await withThrowingTaskGroup(of: Void.self) { group in
        for client in 0..<4 {
          group.addTask {
            let store = RemoteStore(url: victim.apiURL, timeout: RemoteStore.testReplyBound)
            for index in 0..<500 {
              // Once the server is killed, the add in flight fails: it was never acknowledged.
              guard let animal = try? await store.addAnimalMutation(name: "Victim \(client) #\(index)", diet: .carnivorous, categoryId: "Reptile")
              else { return }
              await acknowledged.append(animal)
            }
          }
        }
        group.addTask {
          await acknowledged.waitUntil(count: 60)
          await victim.kill()
        }
        try await group.waitForAll()
      }
      let survivorStore = RemoteStore(url: survivor.apiURL, timeout: RemoteStore.testReplyBound)
      let animals = Set(try await survivorStore.fetchAnimalsQuery())
      let lost = await acknowledged.all.filter { !animals.contains($0) }
      #expect(lost.isEmpty, "acknowledged but lost: \(lost.prefix(3))")
      #expect(await acknowledged.count < 4 * 500, "the server was killed before the clients finished")
      let after = try await survivorStore.addAnimalMutation(name: "After the kill", diet: .omnivorous, categoryId: "Bird")
      #expect(try await survivorStore.fetchAnimalsQuery().contains(after))
    }
  }

  @Test func theDatabaseURLCanComeFromTheEnvironment() async throws {
    let database = try await PostgresCluster.required().createDatabase()
    try await ServerProcess.withServers([["--connect-timeout", "60"]], environment: ["DATABASE_URL": database]) { (servers: [ServerProcess]) async throws in
      let store = RemoteStore(url: servers[0].apiURL, timeout: RemoteStore.testReplyBound)
      let added = try await store.addAnimalMutation(name: "Eagle", diet: .carnivorous, categoryId: "Bird")
      #expect(try await store.fetchAnimalsQuery() == (Animal.samples + [added]).sorted { $0.animalId < $1.animalId })
    }
  }

  @Test func anUnreachableDatabaseIsOneErrorAndAFailingExit() async throws {
    let socket = try LoopbackSocket()
    defer { socket.close() }
    let url = "postgres://postgres@127.0.0.1:\(socket.port)/animals"
    // A connect timeout far past the watchdog's: a refusal that waited for it would be killed.
    let patient = ["--connect-timeout", "3600"]
    for run in [(arguments: ["--database", url] + patient, environment: [String: String]()), (arguments: patient, environment: ["DATABASE_URL": url])] {
      let failure = try await ServerProcess.runToFailure(run.arguments, environment: run.environment, timeout: .seconds(60))
      #expect(!failure.wasKilled, "it waited instead of failing at the refusal")
      #expect(failure.status != 0)
      let lines = failure.standardError.split(separator: "\n")
      #expect(lines.count == 1, "\(failure.standardError)")
      #expect(lines.first?.hasPrefix("Error: cannot use the database \(url): ") == true, "\(failure.standardError)")
    }
  }

  @Test func aDatabaseThatNeverAnswersIsAFailingExitAfterTheConnectTimeout() async throws {
    let socket = try LoopbackSocket()
    defer { socket.close() }
    try socket.listen()
    let url = "postgres://postgres@127.0.0.1:\(socket.port)/animals?sslmode=disable"
    let failure = try await ServerProcess.runToFailure(["--database", url, "--connect-timeout", "1"], timeout: .seconds(60))
    #expect(!failure.wasKilled, "the connect timeout did not end it")
    #expect(failure.status != 0)
    #expect(failure.standardError == "Error: cannot use the database postgres://postgres@127.0.0.1:\(socket.port)/animals: no answer within 1 seconds\n")
  }

  @Test func aBadDatabaseURLIsAUsageError() async throws {
    let failure = try await ServerProcess.runToFailure(["--database", "mysql://root@localhost/animals"], timeout: .seconds(60))
    #expect(failure.status == 64)
    #expect(
      failure.standardError.split(separator: "\n").first
        == "Error: mysql://root@localhost/animals is not a database URL: the scheme must be postgres://; expected postgres://user[:password]@host[:port]/dbname"
    )
  }
}

/// The adds the clients saw acknowledged, shared between their tasks.
private actor AcknowledgedAdds {
  private(set) var all: [Animal] = []
  private var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

  var count: Int { self.all.count }

  func append(_ animal: Animal) {
    self.all.append(animal)
    let (ready, waiting) = self.waiters.reduce(into: ([CheckedContinuation<Void, Never>](), [(count: Int, continuation: CheckedContinuation<Void, Never>)]())) { split, waiter in
      if waiter.count <= self.all.count { split.0.append(waiter.continuation) } else { split.1.append(waiter) }
    }
    self.waiters = waiting
    ready.forEach { $0.resume() }
  }

  /// Returns once `count` adds have been acknowledged: the signal the killer waits for.
  func waitUntil(count: Int) async {
    guard self.all.count < count else { return }
    await withCheckedContinuation { self.waiters.append((count, $0)) }
  }
}

import AnimalsData
import Foundation
import GRDB
import Testing

/// A fresh folder under the system's temporary directory, removed when the test is done.
private struct TemporaryDirectory: ~Copyable {
  let url: URL

  init() throws {
    self.url = FileManager.default.temporaryDirectory
      .appendingPathComponent("AnimalsDataTests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: self.url, withIntermediateDirectories: true)
  }

  var databasePath: String {
    self.url.appendingPathComponent("animals.sqlite").path
  }

  deinit {
    try? FileManager.default.removeItem(at: self.url)
  }
}

/// Hands out "A1", "A2", … from any thread.
private final class SequentialIDs: @unchecked Sendable {
  private let lock = NSLock()
  private var next = 0

  func make() -> String {
    self.lock.withLock {
      self.next += 1
      return "A\(self.next)"
    }
  }
}

@Suite(.timeLimit(.minutes(10))) struct LocalStoreTests {
  @Test func aNewDatabaseHoldsTheSampleData() async throws {
    let store = try LocalStore()
    #expect(try await store.fetchAnimalsQuery() == Animal.samples)
    #expect(try await store.fetchCategoriesQuery() == Category.samples)
  }

  @Test func addAssignsTheInjectedID() async throws {
    let store = try LocalStore(makeAnimalID: { "A1" })
    let eagle = try await store.addAnimalMutation(name: "Eagle", diet: .carnivorous, categoryId: "Bird")
    #expect(eagle == Animal(animalId: "A1", name: "Eagle", diet: .carnivorous, categoryId: "Bird"))
    #expect(try await store.fetchAnimalsQuery() == [eagle] + Animal.samples)
  }

  @Test func addAssignsUUIDsByDefault() async throws {
    let store = try LocalStore()
    let first = try await store.addAnimalMutation(name: "Eagle", diet: .carnivorous, categoryId: "Bird")
    let second = try await store.addAnimalMutation(name: "Eagle", diet: .carnivorous, categoryId: "Bird")
    #expect(UUID(uuidString: first.animalId) != nil)
    #expect(first.animalId != second.animalId)
  }

  @Test func addToAMissingCategoryThrows() async throws {
    let store = try LocalStore()
    await #expect(throws: LocalStore.Error(code: .categoryNotFound, id: "Dinosaur")) {
      try await store.addAnimalMutation(name: "T. rex", diet: .carnivorous, categoryId: "Dinosaur")
    }
    #expect(try await store.fetchAnimalsQuery() == Animal.samples)
  }

  @Test func updateReplacesTheAnimal() async throws {
    let store = try LocalStore()
    let kitty = try await store.updateAnimalMutation(animalId: "Cat", name: "Kitty", diet: .omnivorous, categoryId: "Bird")
    #expect(kitty == Animal(animalId: "Cat", name: "Kitty", diet: .omnivorous, categoryId: "Bird"))
    #expect(try await store.fetchAnimalsQuery().first { $0.animalId == "Cat" } == kitty)
  }

  @Test func deleteRemovesTheAnimalAndReturnsIt() async throws {
    let store = try LocalStore()
    #expect(try await store.deleteAnimalMutation(animalId: "Cat") == .cat)
    #expect(try await store.fetchAnimalsQuery() == Animal.samples.filter { $0 != .cat })
  }

  @Test func updateAndDeleteOfAMissingAnimalThrow() async throws {
    let store = try LocalStore()
    let missing = LocalStore.Error(code: .animalNotFound, id: "Zebra")
    await #expect(throws: missing) {
      try await store.updateAnimalMutation(animalId: "Zebra", name: "Zebra", diet: .herbivorous, categoryId: "Mammal")
    }
    await #expect(throws: missing) {
      try await store.deleteAnimalMutation(animalId: "Zebra")
    }
    await #expect(throws: LocalStore.Error(code: .categoryNotFound, id: "Dinosaur")) {
      try await store.updateAnimalMutation(animalId: "Cat", name: "Cat", diet: .carnivorous, categoryId: "Dinosaur")
    }
    #expect(try await store.fetchAnimalsQuery() == Animal.samples)
    #expect(String(describing: missing) == #"LocalStore.Error(code: .animalNotFound, id: "Zebra")"#)
  }

  @Test func reloadRestoresExactlyTheSampleData() async throws {
    let store = try LocalStore(makeAnimalID: { "A1" })
    _ = try await store.addAnimalMutation(name: "Eagle", diet: .carnivorous, categoryId: "Bird")
    _ = try await store.deleteAnimalMutation(animalId: "Cat")
    _ = try await store.updateAnimalMutation(animalId: "Dog", name: "Puppy", diet: .omnivorous, categoryId: "Mammal")
    let reloaded = try await store.reloadSampleDataMutation()
    #expect(reloaded.animals == Animal.samples)
    #expect(reloaded.categories == Category.samples)
    #expect(try await store.fetchAnimalsQuery() == Animal.samples)
    #expect(try await store.fetchCategoriesQuery() == Category.samples)
  }

  @Test func aFileKeepsItsDataAcrossCloseAndReopenAndIsSeededOnlyOnce() async throws {
    let directory = try TemporaryDirectory()
    do {
      let store = try LocalStore(path: directory.databasePath, makeAnimalID: { "A1" })
      _ = try await store.addAnimalMutation(name: "Eagle", diet: .carnivorous, categoryId: "Bird")
      _ = try await store.deleteAnimalMutation(animalId: "Cat")
    }
    let reopened = try LocalStore(url: URL(fileURLWithPath: directory.databasePath))
    let animals = try await reopened.fetchAnimalsQuery()
    #expect(animals.map(\.animalId) == ["A1", "Bibbon", "Dog", "Kangaroo", "Newt", "Sparrow"])
    #expect(try await reopened.fetchCategoriesQuery() == Category.samples)
  }

  @Test func aFileIsInWALModeAndCommitsEachMutation() async throws {
    let directory = try TemporaryDirectory()
    let store = try LocalStore(path: directory.databasePath, makeAnimalID: { "A1" })
    _ = try await store.addAnimalMutation(name: "Eagle", diet: .carnivorous, categoryId: "Bird")
    // A second, independent connection sees the mutation while the store is still open.
    let observer = try DatabaseQueue(path: directory.databasePath)
    let (journalMode, count) = try await observer.read { db in
      (try String.fetchOne(db, sql: "PRAGMA journal_mode"), try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM animal"))
    }
    #expect(journalMode == "wal")
    #expect(count == 7)
    try observer.close()
    let other = try LocalStore(path: directory.databasePath)
    #expect(try await other.fetchAnimalsQuery().count == 7)
  }

  @Test func concurrentMutationsFromSeveralTasksAllLand() async throws {
    let directory = try TemporaryDirectory()
    let ids = SequentialIDs()
    let store = try LocalStore(path: directory.databasePath, makeAnimalID: { ids.make() })
    let tasks = 4
    let addsPerTask = 25
    try await withThrowingTaskGroup(of: Void.self) { group in
      for task in 0..<tasks {
        group.addTask {
          for index in 0..<addsPerTask {
            _ = try await store.addAnimalMutation(name: "Animal \(task)-\(index)", diet: .omnivorous, categoryId: "Fish")
          }
        }
      }
      group.addTask {
        _ = try await store.deleteAnimalMutation(animalId: "Cat")
        _ = try await store.updateAnimalMutation(animalId: "Dog", name: "Puppy", diet: .omnivorous, categoryId: "Mammal")
      }
      try await group.waitForAll()
    }
    let animals = try await store.fetchAnimalsQuery()
    #expect(animals.count == Animal.samples.count + tasks * addsPerTask - 1)
    #expect(animals.filter { $0.categoryId == "Fish" }.count == tasks * addsPerTask)
    #expect(Set(animals.filter { $0.categoryId == "Fish" }.map(\.name)).count == tasks * addsPerTask)
    #expect(animals.first { $0.animalId == "Dog" }?.name == "Puppy")
    let reopened = try LocalStore(path: directory.databasePath)
    #expect(try await reopened.fetchAnimalsQuery().count == animals.count)
  }
}

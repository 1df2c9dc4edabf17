import AnimalsData
import Foundation
import HashTreeCollections

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An error the test doubles throw on purpose, with a fixed description.
struct TestError: Error, CustomStringConvertible {
  var description: String { "TestError(boom)" }
}

extension AnimalsState {
  /// A state holding the six sample categories and animals, both fetched successfully.
  static func samples(queue: TreeDictionary<Animal.ID, Status> = [:]) -> Self {
    Self(
      categories: Categories(data: .byID(Category.samples), status: .success),
      animals: Animals(data: .byID(Animal.samples), status: .success, queue: queue)
    )
  }
}

extension TreeDictionary where Value: Identifiable, Key == Value.ID {
  /// The values keyed by their ids.
  static func byID(_ values: [Value]) -> Self {
    Self(uniqueKeysWithValues: values.map { ($0.id, $0) })
  }
}

extension Animal {
  /// An animal outside the sample data.
  static let eagle = Animal(animalId: "Eagle", name: "Eagle", diet: .carnivorous, categoryId: "Bird")
}

/// A persistent store double: records every call, answers with the sample data, or throws
/// `TestError` when told to fail.
actor TestPersistentStore: PersistentSessionPersistentStore {
  private(set) var calls: [String] = []
  private let fails: Bool

  init(fails: Bool = false) {
    self.fails = fails
  }

  private func record(_ call: String) throws {
    self.calls.append(call)
    if self.fails {
      throw TestError()
    }
  }

  func fetchAnimalsQuery() async throws -> [Animal] {
    try self.record("fetchAnimals")
    return Animal.samples
  }

  func addAnimalMutation(name: String, diet: Animal.Diet, categoryId: String) async throws -> Animal {
    try self.record("addAnimal(\(name), \(diet), \(categoryId))")
    return Animal(animalId: "Stored-\(name)", name: name, diet: diet, categoryId: categoryId)
  }

  func updateAnimalMutation(animalId: String, name: String, diet: Animal.Diet, categoryId: String) async throws -> Animal {
    try self.record("updateAnimal(\(animalId), \(name), \(diet), \(categoryId))")
    return Animal(animalId: animalId, name: name, diet: diet, categoryId: categoryId)
  }

  func deleteAnimalMutation(animalId: String) async throws -> Animal {
    try self.record("deleteAnimal(\(animalId))")
    return Animal.samples.first { $0.animalId == animalId } ?? .eagle
  }

  func fetchCategoriesQuery() async throws -> [Category] {
    try self.record("fetchCategories")
    return Category.samples
  }

  func reloadSampleDataMutation() async throws -> (animals: [Animal], categories: [Category]) {
    try self.record("reloadSampleData")
    return (animals: Animal.samples, categories: Category.samples)
  }
}

/// A network session double: records each request and answers with a fixed body (decoded with
/// the decoder it is given), or throws a fixed error.
final class TestNetworkSession: RemoteStoreNetworkSession, @unchecked Sendable {
  private let lock = NSLock()
  private var recorded: [URLRequest] = []
  private let answer: Result<String, any Error>

  init(body: String) {
    self.answer = .success(body)
  }

  init(error: any Error) {
    self.answer = .failure(error)
  }

  var requests: [URLRequest] {
    self.lock.withLock { self.recorded }
  }

  /// The body of the only request sent, as text.
  var sentBody: String? {
    guard let request = self.requests.first, self.requests.count == 1, let body = request.httpBody else {
      return nil
    }
    return String(decoding: body, as: UTF8.self)
  }

  func json<T: Decodable>(for request: URLRequest, from decoder: JSONDecoder) async throws -> T {
    self.lock.withLock { self.recorded.append(request) }
    let body = try self.answer.get()
    return try decoder.decode(T.self, from: Data(body.utf8))
  }
}

import AnimalsData
import Foundation
import Linearizability
import Services

/// One client of a stress run: a session of the Animals `RemoteStore` on one server, running
/// operations its own seed picks, one at a time, each recorded as it is invoked and completed.
struct StressClient: Sendable {
  /// Its `:process` in the history.
  let process: Int
  let store: RemoteStore<URLSessionNetworkSession>
  let recorder: HistoryRecorder

  /// A client of the endpoint `url`, whose requests time out after `timeout` seconds.
  init(process: Int, url: URL, timeout: TimeInterval, recorder: HistoryRecorder) {
    self.process = process
    self.store = RemoteStore(url: url, timeout: timeout)
    self.recorder = recorder
  }

  /// What the client picks from: the ids it has seen, and how many names it has made.
  struct Knowledge: Sendable {
    var ids: [String] = Animal.samples.map(\.animalId)
    var names = 0
  }

  /// Runs `count` operations drawn from `random`.
  func run(_ count: Int, random: inout StressRandom) async {
    var knowledge = Knowledge()
    for _ in 0..<count {
      await runOne(random: &random, knowledge: &knowledge)
    }
  }

  /// The category ids the client picks from; one in twenty adds or updates names a missing one.
  static let categoryIds = AnimalsData.Category.samples.map(\.categoryId)
  static let missingCategory = "Dinosaur"

  private func runOne(random: inout StressRandom, knowledge: inout Knowledge) async {
    let roll = random.next(below: 100)
    let categoryId = random.next(below: 20) == 0 ? Self.missingCategory : Self.categoryIds[random.next(below: Self.categoryIds.count)]
    let diet = Animal.Diet.allCases[random.next(below: Animal.Diet.allCases.count)]
    knowledge.names += 1
    let name = "c\(process)-\(knowledge.names)"
    let id = knowledge.ids.isEmpty || random.next(below: 20) == 0
      ? "missing-c\(process)-\(knowledge.names)" : knowledge.ids[random.next(below: knowledge.ids.count)]
    switch roll {
    case 0..<30:
      let animals = await perform(.fetchAnimals, asking: .null) {
        let animals = try await store.fetchAnimalsQuery()
        return (.vector(animals.map(AnimalsServerModel.edn)), animals)
      }
      if let animals { knowledge.ids = animals.map(\.animalId) }
    case 30..<34:
      _ = await perform(.fetchCategories, asking: .null) {
        (.vector(try await store.fetchCategoriesQuery().map(AnimalsServerModel.edn)), ())
      }
    case 34..<54:
      let added = await perform(.add, asking: AnimalsServerModel.edn(name: name, diet: diet, categoryId: categoryId)) {
        let animal = try await store.addAnimalMutation(name: name, diet: diet, categoryId: categoryId)
        return (AnimalsServerModel.edn(animal), animal)
      }
      if let added { knowledge.ids.append(added.animalId) }
    case 54..<80:
      let asked = Animal(animalId: id, name: name, diet: diet, categoryId: categoryId)
      _ = await perform(.update, asking: AnimalsServerModel.edn(asked)) {
        (AnimalsServerModel.edn(try await store.updateAnimalMutation(animalId: id, name: name, diet: diet, categoryId: categoryId)), ())
      }
    case 80..<99:
      let deleted: Animal? = await perform(.delete, asking: .string(id)) {
        let animal = try await store.deleteAnimalMutation(animalId: id)
        return (AnimalsServerModel.edn(animal), animal)
      }
      if deleted != nil { knowledge.ids.removeAll { $0 == id } }
    default:
      let reloaded = await perform(.reload, asking: .null) { () async throws -> (EDNValue, [Animal]) in
        let (animals, categories) = try await store.reloadSampleDataMutation()
        return (.map([(.keyword("animals"), .vector(animals.map(AnimalsServerModel.edn))), (.keyword("categories"), .vector(categories.map(AnimalsServerModel.edn)))]), animals)
      }
      if let reloaded { knowledge.ids = reloaded.map(\.animalId) }
    }
  }

  /// Records `function`'s invocation, runs `request`, records how it ended; returns its result
  /// when it succeeded.
  @discardableResult
  func perform<Result: Sendable>(
    _ function: AnimalsServerModel.Function, asking value: EDNValue,
    _ request: () async throws -> (EDNValue, Result)
  ) async -> Result? {
    await recorder.invoke(process: process, function: function, value: value)
    do {
      let (observed, result) = try await request()
      await recorder.complete(process: process, function: function, completion: StressCompletion(outcome: .ok, value: observed, error: nil))
      return result
    } catch {
      await recorder.complete(process: process, function: function, completion: Self.completion(for: error, asking: value))
      return nil
    }
  }

  /// How a request that threw `error` ended: the server's own refusal (404 for a missing animal,
  /// 422 for a missing category, each in the store's words) failed with that error; a refused
  /// connection, never sent, failed with no effect. Anything else may or may not have taken
  /// effect and is indeterminate: a timeout, a dropped connection, a body past the limits, a
  /// redirect (the first server may have applied the request), a 500, a 404 in other words.
  static func completion(for error: any Error, asking value: EDNValue) -> StressCompletion {
    if let failure = error as? URLSessionNetworkSession.Error {
      if let transport = failure.underlying as? TransportError, transport.code == .connectionRefused {
        return StressCompletion(outcome: .fail, value: value, error: .keyword("connection-refused"))
      }
      if let refused = (failure.underlying as? NetworkJSONHandler.Error)?.underlying as? NetworkDataHandler.Error,
        let refusal = Self.refusal(refused)
      {
        return StressCompletion(outcome: .fail, value: value, error: .keyword(refusal.rawValue))
      }
    }
    return StressCompletion(outcome: .info, value: value, error: .string(String(describing: error)))
  }

  /// The store's refusal an error status stands for, when the server's message is the store's
  /// own (`LocalStore.Error(code: .animalNotFound, id: "Cat")`); nil for any other answer.
  private static func refusal(_ refused: NetworkDataHandler.Error) -> AnimalsServerModel.Refusal? {
    let refusals: [(status: Int, code: LocalStore.Error.Code, refusal: AnimalsServerModel.Refusal)] = [
      (404, .animalNotFound, .animalNotFound), (422, .categoryNotFound, .categoryNotFound),
    ]
    return refusals.first { status, code, _ in
      refused.statusCode == status && refused.message?.hasPrefix("LocalStore.Error(code: .\(code),") == true
    }?.refusal
  }
}

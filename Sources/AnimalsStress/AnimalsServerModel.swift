import AnimalsData
import Linearizability

/// What an Animals server holds, written as a reducer: the sequential specification that
/// `replshell stress` checks concurrent clients' histories against.
///
/// Its operations are those the server's HTTP API offers (`RemoteRequest`): fetch the animals,
/// fetch the categories, add, update and delete an animal, reload the sample data. Each
/// completed operation becomes an action that carries what its client observed, and the
/// reducer throws when that observation cannot be made in the state it is placed in: a fetch
/// that saw a name the server does not hold, an update acknowledged for an animal that is gone.
///
/// The whole catalog is one part: a fetch reads every animal at once and a reload replaces them
/// all, so splitting the history by animal would check each animal's projection only (weaker:
/// it would miss a fetch that saw one animal's new value and another's old one).
public struct AnimalsServerModel: LinearizabilityModel {
  /// An animal as the server stores it, without its id.
  public struct Record: Hashable, Sendable, CustomStringConvertible {
    public let name: String
    /// `Animal.Diet`'s raw value, as the API carries it: `Herbivore`, `Carnivore`, `Omnivore`.
    public let diet: String
    public let categoryId: String

    public init(name: String, diet: String, categoryId: String) {
      self.name = name
      self.diet = diet
      self.categoryId = categoryId
    }

    /// `"Cat" Carnivore in Mammal`.
    public var description: String {
      "\(EDNValue.string(name)) \(diet) in \(categoryId)"
    }
  }

  /// The records of the server.
  public struct State: Hashable, Sendable {
    /// The animals by id.
    public var animals: [String: Record]
    /// The categories' names by id.
    public var categories: [String: String]
    /// Adds whose outcome the client never learned (`:info`) and that this order lets take
    /// effect: their animals exist under ids nobody has seen yet; the next fetch must see them.
    public var unseenAdds: [Record]
  }

  /// One operation of the API, with what its client observed.
  public enum Action: Sendable, CustomStringConvertible {
    /// A fetch of the animals that returned `observed` (by id).
    case fetchAnimals(observed: [String: Record])
    /// A fetch of the categories that returned `observed` (names by id).
    case fetchCategories(observed: [String: String])
    /// An add acknowledged with the new animal `id`.
    case add(id: String, record: Record)
    /// An add refused because no category has `categoryId`.
    case addRefused(categoryId: String)
    /// An add whose outcome is unknown: it happened here, or never.
    case addUnknown(record: Record)
    /// An update acknowledged with `record`.
    case update(id: String, record: Record)
    /// An update refused because no animal has `id`.
    case updateRefusedNoAnimal(id: String)
    /// An update refused because the animal exists but no category has `categoryId`.
    case updateRefusedNoCategory(id: String, categoryId: String)
    /// An update whose outcome is unknown.
    case updateUnknown(id: String, record: Record)
    /// A delete acknowledged with the animal as it was.
    case delete(id: String, observed: Record)
    /// A delete refused because no animal has `id`.
    case deleteRefused(id: String)
    /// A delete whose outcome is unknown.
    case deleteUnknown(id: String)
    /// A reload of the sample data, with what it answered (nil when its outcome is unknown).
    case reload(observed: (animals: [String: Record], categories: [String: String])?)

    public var description: String {
      switch self {
      case .fetchAnimals(let observed): "fetch-animals → \(observed.count) animals"
      case .fetchCategories(let observed): "fetch-categories → \(observed.count) categories"
      case .add(let id, let record): "add \(record) → \(EDNValue.string(id))"
      case .addRefused(let categoryId): "add in \(categoryId) refused: no such category"
      case .addUnknown(let record): "add \(record) (outcome unknown)"
      case .update(let id, let record): "update \(EDNValue.string(id)) to \(record)"
      case .updateRefusedNoAnimal(let id): "update \(EDNValue.string(id)) refused: no such animal"
      case .updateRefusedNoCategory(let id, let categoryId): "update \(EDNValue.string(id)) refused: no category \(categoryId)"
      case .updateUnknown(let id, let record): "update \(EDNValue.string(id)) to \(record) (outcome unknown)"
      case .delete(let id, let observed): "delete \(EDNValue.string(id)) → was \(observed)"
      case .deleteRefused(let id): "delete \(EDNValue.string(id)) refused: no such animal"
      case .deleteUnknown(let id): "delete \(EDNValue.string(id)) (outcome unknown)"
      case .reload(let observed): observed == nil ? "reload (outcome unknown)" : "reload"
      }
    }
  }

  /// Why an observation cannot be made in a state: what was seen, and what the server held.
  /// The search meets many refusals and prints one, so a refusal keeps the values and its
  /// words are made only when asked for.
  public enum Violation: Error, CustomStringConvertible {
    case fetchAnimals(observed: [String: Record], state: State, requiringEveryUnseenAdd: Bool)
    case fetchCategories(observed: [String: String], held: [String: String])
    case addAnsweredATakenID(id: String, held: Record)
    case acknowledgedWithoutCategory(function: Function, id: String?, categoryId: String)
    case addRefusedForAnExistingCategory(categoryId: String)
    case updateAcknowledgedWithoutAnimal(id: String)
    case refusedAsMissingButHeld(id: String, held: Record)
    case refusedForCategoryButAnimalMissing(id: String)
    case refusedForAnExistingCategory(categoryId: String)
    case deleteAnsweredWithoutAnimal(id: String, observed: Record)
    case deleteAnsweredAnother(id: String, observed: Record, held: Record)
    case reloadAnswerNotSample(observed: [String: Record], sample: [String: Record])
    case reloadCategoriesNotSample(observed: [String: String], sample: [String: String])

    public var description: String {
      switch self {
      case .fetchAnimals(let observed, let state, let requiring):
        var state = state
        return AnimalsServerModel.firstDifference(observed, in: &state, requiringEveryUnseenAdd: requiring) ?? "the fetch saw what the server holds"
      case .fetchCategories(let observed, let held):
        return "the fetch saw categories \(observed.keys.sorted()) but the server holds \(held.keys.sorted())"
      case .addAnsweredATakenID(let id, let held):
        return "the add answered id \(EDNValue.string(id)), which \(held) already has"
      case .acknowledgedWithoutCategory(let function, let id, let categoryId):
        let what = id.map { "the \(function.rawValue) of \(EDNValue.string($0))" } ?? "the \(function.rawValue)"
        return "\(what) was acknowledged, but no category \(categoryId) exists"
      case .addRefusedForAnExistingCategory(let categoryId):
        return "the add was refused for category \(categoryId), which exists"
      case .updateAcknowledgedWithoutAnimal(let id):
        return "the update of \(EDNValue.string(id)) was acknowledged, but no such animal exists"
      case .refusedAsMissingButHeld(let id, let held):
        return "refused for a missing animal, but \(EDNValue.string(id)) is \(held)"
      case .refusedForCategoryButAnimalMissing(let id):
        return "refused for a missing category, but the animal \(EDNValue.string(id)) is missing too (the animal is named first)"
      case .refusedForAnExistingCategory(let categoryId):
        return "refused for a missing category, but \(categoryId) exists"
      case .deleteAnsweredWithoutAnimal(let id, let observed):
        return "the delete of \(EDNValue.string(id)) answered \(observed), but no such animal exists"
      case .deleteAnsweredAnother(let id, let observed, let held):
        return "the delete of \(EDNValue.string(id)) answered \(observed), but the server holds \(held)"
      case .reloadAnswerNotSample(let observed, let sample):
        return "the reload's answer is not the sample data: \(AnimalsServerModel.difference(observed, from: sample) ?? "")"
      case .reloadCategoriesNotSample(let observed, let sample):
        return "the reload answered categories \(observed.keys.sorted()), not the sample's \(sample.keys.sorted())"
      }
    }
  }

  /// What a reload stores: the sample data.
  public let sampleAnimals: [String: Record]
  public let sampleCategories: [String: String]

  /// The one animal a projected history is about (`projection(of:on:)`), or nil for the whole
  /// server.
  public let only: String?

  /// A model whose reload stores `animals` and `categories` (the server's sample data by
  /// default), and whose history starts from them, as a fresh server does; with `only`, of the
  /// animal with that id alone, for a history projected on it.
  public init(animals: [Animal] = Animal.samples, categories: [AnimalsData.Category] = AnimalsData.Category.samples, only: String? = nil) {
    let kept = animals.filter { only == nil || $0.animalId == only }
    self.sampleAnimals = Dictionary(uniqueKeysWithValues: kept.map { ($0.animalId, Record($0)) })
    self.sampleCategories = Dictionary(uniqueKeysWithValues: categories.map { ($0.categoryId, $0.name) })
    self.only = only
  }

  /// True: a fetch observes every animal, so a witness keeps the writes that made the state its
  /// blocked operation was compared with.
  public var witnessKeepsItsReason: Bool { true }

  public var initialState: State {
    State(animals: sampleAnimals, categories: sampleCategories, unseenAdds: [])
  }
}

extension AnimalsServerModel.Record {
  /// The record of `animal`.
  public init(_ animal: Animal) {
    self.init(name: animal.name, diet: animal.diet.rawValue, categoryId: animal.categoryId)
  }
}

extension AnimalsServerModel {
  public func reduce(_ state: State, _ action: Action) throws(Violation) -> State {
    var state = state
    switch action {
    case .fetchAnimals(let observed):
      // Projected on one animal, an add whose answer was lost may have made another.
      let requiring = only == nil
      if state.unseenAdds.isEmpty {
        guard observed == state.animals else { throw .fetchAnimals(observed: observed, state: state, requiringEveryUnseenAdd: requiring) }
      } else {
        let before = state
        guard Self.firstDifference(observed, in: &state, requiringEveryUnseenAdd: requiring) == nil else {
          throw .fetchAnimals(observed: observed, state: before, requiringEveryUnseenAdd: requiring)
        }
      }
    case .fetchCategories(let observed):
      guard observed == state.categories else { throw .fetchCategories(observed: observed, held: state.categories) }
    case .add(let id, let record):
      if let held = state.animals[id] { throw .addAnsweredATakenID(id: id, held: held) }
      guard state.categories[record.categoryId] != nil else {
        throw .acknowledgedWithoutCategory(function: .add, id: nil, categoryId: record.categoryId)
      }
      state.animals[id] = record
    case .addRefused(let categoryId):
      guard state.categories[categoryId] == nil else { throw .addRefusedForAnExistingCategory(categoryId: categoryId) }
    case .addUnknown(let record):
      // Refused for a missing category, it changed nothing; else its animal now exists.
      if state.categories[record.categoryId] != nil {
        state.unseenAdds.append(record)
        state.unseenAdds.sort { ($0.name, $0.diet, $0.categoryId) < ($1.name, $1.diet, $1.categoryId) }
      }
    case .update(let id, let record):
      guard state.animals[id] != nil else { throw .updateAcknowledgedWithoutAnimal(id: id) }
      guard state.categories[record.categoryId] != nil else {
        throw .acknowledgedWithoutCategory(function: .update, id: id, categoryId: record.categoryId)
      }
      state.animals[id] = record
    case .updateRefusedNoAnimal(let id), .deleteRefused(let id):
      if let held = state.animals[id] { throw .refusedAsMissingButHeld(id: id, held: held) }
    case .updateRefusedNoCategory(let id, let categoryId):
      guard state.animals[id] != nil else { throw .refusedForCategoryButAnimalMissing(id: id) }
      guard state.categories[categoryId] == nil else { throw .refusedForAnExistingCategory(categoryId: categoryId) }
    case .updateUnknown(let id, let record):
      if state.animals[id] != nil && state.categories[record.categoryId] != nil {
        state.animals[id] = record
      }
    case .delete(let id, let observed):
      guard let held = state.animals[id] else { throw .deleteAnsweredWithoutAnimal(id: id, observed: observed) }
      guard held == observed else { throw .deleteAnsweredAnother(id: id, observed: observed, held: held) }
      state.animals[id] = nil
    case .deleteUnknown(let id):
      state.animals[id] = nil
    case .reload(let observed):
      if let observed {
        guard observed.animals == sampleAnimals else { throw .reloadAnswerNotSample(observed: observed.animals, sample: sampleAnimals) }
        guard observed.categories == sampleCategories else {
          throw .reloadCategoriesNotSample(observed: observed.categories, sample: sampleCategories)
        }
      }
      state = initialState
    }
    return state
  }

  /// The first way `observed` differs from `expected`, in words; nil when they are equal.
  static func difference(_ observed: [String: Record], from expected: [String: Record]) -> String? {
    for (id, seen) in observed.sorted(by: { $0.key < $1.key }) where expected[id] != seen {
      return expected[id].map { "it has \(EDNValue.string(id)) as \(seen), not \($0)" } ?? "it has \(EDNValue.string(id)) as \(seen), which the sample data does not"
    }
    if let (id, held) = expected.sorted(by: { $0.key < $1.key }).first(where: { observed[$0.key] == nil }) {
      return "it lacks \(EDNValue.string(id)), \(held)"
    }
    return nil
  }

  /// Whether a fetch that returned `observed` can happen in `state`: nil when it can (the ids of
  /// adds with unknown outcomes it sees for the first time are then bound in `state`), else
  /// the first difference by id in words, so the same failure always reads the same.
  static func firstDifference(_ observed: [String: Record], in state: inout State, requiringEveryUnseenAdd: Bool) -> String? {
    for id in Set(observed.keys).union(state.animals.keys).sorted() {
      switch (observed[id], state.animals[id]) {
      case (let seen?, let held?) where seen != held:
        return "the fetch saw \(EDNValue.string(id)) as \(seen), but the server holds \(held)"
      case (nil, let held?):
        return "the fetch did not see \(EDNValue.string(id)), which the server holds as \(held)"
      case (let seen?, nil):
        guard let index = state.unseenAdds.firstIndex(of: seen) else {
          return "the fetch saw \(EDNValue.string(id)) as \(seen), which the server does not hold"
        }
        state.unseenAdds.remove(at: index)
        state.animals[id] = seen
      default: continue
      }
    }
    if requiringEveryUnseenAdd, let missed = state.unseenAdds.first {
      return "the fetch did not see \(missed), added by a request whose answer was lost"
    }
    return nil
  }
}

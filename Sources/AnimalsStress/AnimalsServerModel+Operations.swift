import AnimalsData
import Linearizability

/// How the operations of a stress history are written (`AnimalsServerModel.Function`) and read
/// back as actions.
///
/// | `:f` | invocation `:value` | `:ok` `:value` | `:fail` `:error` |
/// |---|---|---|---|
/// | `:fetch-animals` | nil | `[{:id … :name … :diet … :category …} …]` | |
/// | `:fetch-categories` | nil | `[{:id … :name …} …]` | |
/// | `:add` | `{:name … :diet … :category …}` | the new animal | `:category-not-found` |
/// | `:update` | the animal as asked | the animal as stored | `:animal-not-found`, `:category-not-found` |
/// | `:delete` | the id | the animal as it was | `:animal-not-found` |
/// | `:reload` | nil | `{:animals […] :categories […]}` | |
///
/// A `:fail` without one of those errors (the connection was refused) had no effect.
extension AnimalsServerModel {
  /// The `:f` of each operation the API offers.
  public enum Function: String, CaseIterable, Sendable {
    case fetchAnimals = "fetch-animals"
    case fetchCategories = "fetch-categories"
    case add, update, delete, reload
  }

  /// The `:error` of a refusal: what the server said was missing.
  public enum Refusal: String, Sendable {
    case animalNotFound = "animal-not-found"
    case categoryNotFound = "category-not-found"
  }

  public func action(for operation: HistoryOperation) throws(OperationError) -> Action? {
    guard let function = Function(rawValue: operation.function) else {
      let names = Function.allCases.map { ":" + $0.rawValue }.joined(separator: ", ")
      throw OperationError("the animals-server model knows \(names); `:\(operation.function)` is none of them")
    }
    let refusal = operation.outcome == .fail ? operation["error"]?.name.flatMap(Refusal.init(rawValue:)) : nil
    if operation.outcome == .fail && refusal == nil { return nil }
    switch function {
    case .fetchAnimals:
      guard operation.outcome == .ok else { return nil }
      return .fetchAnimals(observed: try Self.animals(operation.value, in: function))
    case .fetchCategories:
      guard operation.outcome == .ok else { return nil }
      return .fetchCategories(observed: try Self.categories(operation.value, in: function))
    case .add:
      let asked = try Self.record(operation.requestedValue, in: function)
      switch operation.outcome {
      case .ok:
        let (id, record) = try Self.animal(operation.value, in: function)
        guard record == asked else { throw OperationError("the :add's answer \(record) is not the animal it asked for, \(asked)") }
        return .add(id: id, record: record)
      case .fail: return refusal == .categoryNotFound ? .addRefused(categoryId: asked.categoryId) : nil
      case .info: return .addUnknown(record: asked)
      }
    case .update:
      let (id, asked) = try Self.animal(operation.requestedValue, in: function)
      switch operation.outcome {
      case .ok:
        let (answeredID, record) = try Self.animal(operation.value, in: function)
        guard answeredID == id, record == asked else {
          throw OperationError("the :update's answer \(record) is not the animal it asked for, \(asked)")
        }
        return .update(id: id, record: record)
      case .fail:
        return refusal == .animalNotFound ? .updateRefusedNoAnimal(id: id) : .updateRefusedNoCategory(id: id, categoryId: asked.categoryId)
      case .info: return .updateUnknown(id: id, record: asked)
      }
    case .delete:
      guard let id = operation.requestedValue.name else {
        throw OperationError("a :delete's :value is the animal's id, a string, not `\(operation.requestedValue)`")
      }
      switch operation.outcome {
      case .ok: return .delete(id: id, observed: try Self.animal(operation.value, in: function).record)
      case .fail: return refusal == .animalNotFound ? .deleteRefused(id: id) : nil
      case .info: return .deleteUnknown(id: id)
      }
    case .reload:
      guard operation.outcome == .ok else { return operation.outcome == .info ? .reload(observed: nil) : nil }
      let value = operation.value
      return .reload(
        observed: (animals: try Self.animals(value["animals"] ?? .null, in: function), categories: try Self.categories(value["categories"] ?? .null, in: function)))
    }
  }
}

extension AnimalsServerModel {
  /// `{:id "Cat", :name "Cat", :diet "Carnivore", :category "Mammal"}`.
  public static func edn(_ animal: Animal) -> EDNValue {
    .map([
      (.keyword("id"), .string(animal.animalId)), (.keyword("name"), .string(animal.name)),
      (.keyword("diet"), .string(animal.diet.rawValue)), (.keyword("category"), .string(animal.categoryId)),
    ])
  }

  /// `{:name "c3-17", :diet "Omnivore", :category "Bird"}`: an animal not added yet.
  public static func edn(name: String, diet: Animal.Diet, categoryId: String) -> EDNValue {
    .map([(.keyword("name"), .string(name)), (.keyword("diet"), .string(diet.rawValue)), (.keyword("category"), .string(categoryId))])
  }

  /// `{:id "Bird", :name "Bird"}`.
  public static func edn(_ category: AnimalsData.Category) -> EDNValue {
    .map([(.keyword("id"), .string(category.categoryId)), (.keyword("name"), .string(category.name))])
  }

  private static func record(_ value: EDNValue, in function: Function) throws(OperationError) -> Record {
    guard let name = value["name"]?.name, let diet = value["diet"]?.name, let categoryId = value["category"]?.name else {
      throw OperationError("an animal in a :\(function.rawValue) is `{:name \"Cat\", :diet \"Carnivore\", :category \"Mammal\"}`, not `\(value)`")
    }
    return Record(name: name, diet: diet, categoryId: categoryId)
  }

  private static func animal(_ value: EDNValue, in function: Function) throws(OperationError) -> (id: String, record: Record) {
    guard let id = value["id"]?.name else {
      throw OperationError("an animal in a :\(function.rawValue) names its :id, such as `{:id \"Cat\", :name \"Cat\", …}`; found `\(value)`")
    }
    return (id, try record(value, in: function))
  }

  private static func animals(_ value: EDNValue, in function: Function) throws(OperationError) -> [String: Record] {
    guard let elements = value.elements else {
      throw OperationError("a :\(function.rawValue)'s animals are a vector of animal maps, not `\(value)`")
    }
    var animals: [String: Record] = [:]
    for element in elements {
      let (id, record) = try animal(element, in: function)
      animals[id] = record
    }
    return animals
  }

  private static func categories(_ value: EDNValue, in function: Function) throws(OperationError) -> [String: String] {
    guard let elements = value.elements else {
      throw OperationError("a :\(function.rawValue)'s categories are a vector of `{:id \"Bird\", :name \"Bird\"}`, not `\(value)`")
    }
    var categories: [String: String] = [:]
    for element in elements {
      guard let id = element["id"]?.name, let name = element["name"]?.name else {
        throw OperationError("a category is `{:id \"Bird\", :name \"Bird\"}`, not `\(element)`")
      }
      categories[id] = name
    }
    return categories
  }
}

extension LinearizabilityDomain {
  /// The Animals server's records and API, as `replshell stress` records histories of them.
  public static let animalsServer = LinearizabilityDomain(
    name: "animals-server",
    summary: "an Animals server: :fetch-animals, :fetch-categories, :add, :update, :delete, :reload, as `replshell stress` records them; one part (a fetch reads every animal)",
    model: AnimalsServerModel())
}

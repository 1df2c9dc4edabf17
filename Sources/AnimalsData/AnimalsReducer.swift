import HashTreeCollections

/// The pure function that moves the Animals domain from one state to the next.
public enum AnimalsReducer {
  /// Returns the state after `action`; throws `Error(code: .animalNotFound)` when the action
  /// names an animal that is not in the state.
  @Sendable public static func reduce(
    state: AnimalsState,
    action: AnimalsAction
  ) throws -> AnimalsState {
    switch action {
    case .ui(let action):
      return try self.reduce(state: state, action: action)
    case .data(.persistentSession(let action)):
      return try self.reduce(state: state, action: action)
    }
  }
}

extension AnimalsReducer {
  /// Why the reducer refused an action.
  public struct Error: Swift.Error, Hashable, Sendable {
    /// The kinds of refusal.
    public enum Code: Hashable, Sendable {
      case animalNotFound
    }

    /// Why the action was refused.
    public let code: Code

    /// Creates an error with `code`.
    package init(code: Code) {
      self.code = code
    }
  }
}

extension AnimalsReducer.Error: CustomStringConvertible {
  /// The error as Swift writes it: `AnimalsReducer.Error(code: .animalNotFound)`.
  public var description: String {
    switch self.code {
    case .animalNotFound:
      "AnimalsReducer.Error(code: .animalNotFound)"
    }
  }
}

extension AnimalsReducer {
  private static func reduce(state: AnimalsState, action: AnimalsAction.UI) throws -> AnimalsState {
    var state = state
    switch action {
    case .categoryList(.onAppear):
      if state.categories.status == nil {
        state.categories.status = .waiting
      }
    case .categoryList(.onTapReloadSampleDataButton):
      if state.categories.status != .waiting, state.animals.status != .waiting {
        state.categories.status = .waiting
        state.animals.status = .waiting
      }
    case .animalList(.onAppear):
      if state.animals.status == nil {
        state.animals.status = .waiting
      }
    case .animalList(.onTapDeleteSelectedAnimalButton(let animalId)),
      .animalDetail(.onTapDeleteSelectedAnimalButton(let animalId)),
      .animalEditor(.onTapUpdateAnimalButton(let animalId, _, _, _)):
      try self.requireAnimal(animalId, in: state)
      state.animals.queue[animalId] = .waiting
    case .animalEditor(.onTapAddAnimalButton(let id, _, _, _)):
      state.animals.queue[id] = .waiting
    }
    return state
  }
}

extension AnimalsReducer {
  private static func reduce(
    state: AnimalsState,
    action: AnimalsAction.Data.PersistentSession
  ) throws -> AnimalsState {
    var state = state
    switch action {
    case .didFetchCategories(.success(let categories)):
      for category in categories {
        state.categories.data[category.categoryId] = category
      }
      state.categories.status = .success
    case .didFetchCategories(.failure(let error)):
      state.categories.status = .failure(error: error)
    case .didFetchAnimals(.success(let animals)):
      for animal in animals {
        state.animals.data[animal.animalId] = animal
      }
      state.animals.status = .success
    case .didFetchAnimals(.failure(let error)):
      state.animals.status = .failure(error: error)
    case .didReloadSampleData(.success(let animals, let categories)):
      state.animals.data = TreeDictionary(animals.map { ($0.animalId, $0) }, uniquingKeysWith: { $1 })
      state.categories.data = TreeDictionary(categories.map { ($0.categoryId, $0) }, uniquingKeysWith: { $1 })
      state.animals.status = .success
      state.categories.status = .success
    case .didReloadSampleData(.failure(let error)):
      state.animals.status = .failure(error: error)
      state.categories.status = .failure(error: error)
    case .didAddAnimal(let id, .success(let animal)):
      state.animals.data[animal.animalId] = animal
      state.animals.queue[id] = .success
    case .didAddAnimal(let id, .failure(let error)):
      state.animals.queue[id] = .failure(error: error)
    case .didUpdateAnimal(let animalId, .success(let animal)):
      // Keyed by the id the update was asked for, which the store does not change.
      try self.requireAnimal(animalId, in: state)
      state.animals.data[animalId] = animal
      state.animals.queue[animalId] = .success
    case .didUpdateAnimal(let animalId, .failure(let error)):
      try self.requireAnimal(animalId, in: state)
      state.animals.queue[animalId] = .failure(error: error)
    case .didDeleteAnimal(let animalId, .success(let animal)):
      // Keyed by the id of the animal the store deleted.
      try self.requireAnimal(animalId, in: state)
      state.animals.data[animal.animalId] = nil
      state.animals.queue[animal.animalId] = .success
    case .didDeleteAnimal(let animalId, .failure(let error)):
      try self.requireAnimal(animalId, in: state)
      state.animals.queue[animalId] = .failure(error: error)
    }
    return state
  }
}

extension AnimalsReducer {
  private static func requireAnimal(_ animalId: Animal.ID, in state: AnimalsState) throws {
    guard state.animals.data[animalId] != nil else {
      throw Error(code: .animalNotFound)
    }
  }
}

/// Everything that can happen in the Animals domain: what the user did, and what the data layer reported.
public enum AnimalsAction: Hashable, Codable, Sendable {
  case ui(_ action: UI)
  case data(_ action: Data)
}

extension AnimalsAction {
  /// What the user did, by screen.
  public enum UI: Hashable, Codable, Sendable {
    case categoryList(_ action: CategoryList)
    case animalList(_ action: AnimalList)
    case animalDetail(_ action: AnimalDetail)
    case animalEditor(_ action: AnimalEditor)
  }
}

extension AnimalsAction.UI {
  /// Events from the list of categories.
  public enum CategoryList: Hashable, Codable, Sendable {
    case onAppear
    case onTapReloadSampleDataButton
  }

  /// Events from the list of animals of one category.
  public enum AnimalList: Hashable, Codable, Sendable {
    case onAppear
    case onTapDeleteSelectedAnimalButton(animalId: Animal.ID)
  }

  /// Events from the detail view of one animal.
  public enum AnimalDetail: Hashable, Codable, Sendable {
    case onTapDeleteSelectedAnimalButton(animalId: Animal.ID)
  }

  /// Events from the editor that adds or updates an animal; `id` tracks a new animal until the store assigns its id.
  public enum AnimalEditor: Hashable, Codable, Sendable {
    case onTapAddAnimalButton(
      id: Animal.ID,
      name: String,
      diet: Animal.Diet,
      categoryId: Category.ID
    )
    case onTapUpdateAnimalButton(
      animalId: Animal.ID,
      name: String,
      diet: Animal.Diet,
      categoryId: Category.ID
    )
  }
}

extension AnimalsAction {
  /// What the data layer reported.
  public enum Data: Hashable, Codable, Sendable {
    case persistentSession(_ action: PersistentSession)
  }
}

extension AnimalsAction.Data {
  /// The outcome of each query and mutation sent to the persistent store.
  public enum PersistentSession: Hashable, Codable, Sendable {
    case didFetchCategories(result: FetchCategoriesResult)
    case didFetchAnimals(result: FetchAnimalsResult)
    case didReloadSampleData(result: ReloadSampleDataResult)
    case didAddAnimal(
      id: Animal.ID,
      result: AddAnimalResult
    )
    case didUpdateAnimal(
      animalId: Animal.ID,
      result: UpdateAnimalResult
    )
    case didDeleteAnimal(
      animalId: Animal.ID,
      result: DeleteAnimalResult
    )
  }
}

extension AnimalsAction.Data.PersistentSession {
  /// The categories the store returned, or why the query failed.
  public enum FetchCategoriesResult: Hashable, Codable, Sendable {
    case success(categories: [Category])
    case failure(error: String)
  }

  /// The animals the store returned, or why the query failed.
  public enum FetchAnimalsResult: Hashable, Codable, Sendable {
    case success(animals: [Animal])
    case failure(error: String)
  }

  /// The sample data the store restored, or why the mutation failed.
  public enum ReloadSampleDataResult: Hashable, Codable, Sendable {
    case success(
      animals: [Animal],
      categories: [Category]
    )
    case failure(error: String)
  }

  /// The animal the store added (with the id it assigned), or why the mutation failed.
  public enum AddAnimalResult: Hashable, Codable, Sendable {
    case success(animal: Animal)
    case failure(error: String)
  }

  /// The animal as the store updated it, or why the mutation failed.
  public enum UpdateAnimalResult: Hashable, Codable, Sendable {
    case success(animal: Animal)
    case failure(error: String)
  }

  /// The animal the store deleted, or why the mutation failed.
  public enum DeleteAnimalResult: Hashable, Codable, Sendable {
    case success(animal: Animal)
    case failure(error: String)
  }
}

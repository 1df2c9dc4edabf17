/// Predicates that tell a memoizing selector whether an action can change its output,
/// so selectors skip recomputing for the actions that cannot.
public enum AnimalsFilter {}

extension AnimalsFilter {
  /// Passes the actions that can change the categories: fetch and reload successes.
  public static func filterCategories() -> @Sendable (AnimalsState, AnimalsAction) -> Bool {
    { _, action in
      switch action {
      case .data(.persistentSession(.didFetchCategories(result: .success))),
        .data(.persistentSession(.didReloadSampleData(result: .success))):
        true
      default:
        false
      }
    }
  }

  /// Passes the actions that can change the animals of the category with `categoryId`:
  /// fetch and reload successes, and add, delete and update successes that touch that category
  /// (for an update, either its new category or the one the updated animal, looked up by its
  /// returned id, had in the old state).
  public static func filterAnimals(categoryId: Category.ID?) -> @Sendable (AnimalsState, AnimalsAction) -> Bool {
    { oldState, action in
      switch action {
      case .data(.persistentSession(.didFetchAnimals(result: .success))),
        .data(.persistentSession(.didReloadSampleData(result: .success))):
        true
      case .data(.persistentSession(.didAddAnimal(id: _, result: .success(let animal)))),
        .data(.persistentSession(.didDeleteAnimal(animalId: _, result: .success(let animal)))):
        animal.categoryId == categoryId
      case .data(.persistentSession(.didUpdateAnimal(animalId: _, result: .success(let animal)))):
        animal.categoryId == categoryId
          || oldState.animals.data[animal.animalId]?.categoryId == categoryId
      default:
        false
      }
    }
  }
}

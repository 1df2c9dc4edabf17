extension LinearizabilityModel {
  /// The number of the state that `actions[operation]` leads to from the state numbered `state`
  /// in `space` (numbered now when it is new), or `StepCache.refused` when the operation has no
  /// action or the reducer refuses it: the one place the search calls the reducer.
  ///
  /// Inlinable, so that the module that makes a checker (`LinearizabilityChecker.init(model:)`)
  /// compiles it for its own model: an app's reducer, state and actions are then called,
  /// hashed and compared without generic code between them and the search.
  @inlinable func step(_ actions: [Action?], _ operation: Int32, from state: Int32, in space: inout StateSpace<State>) -> Int32 {
    guard let action = actions[Int(operation)] else { return StepCache.refused }
    do {
      return space.number(of: try reduce(space[state], action))
    } catch {
      return StepCache.refused
    }
  }
}

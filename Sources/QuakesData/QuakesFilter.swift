/// Predicates that tell which actions can change what a selector returns, so views skip the rest.
public enum QuakesFilter {}

extension QuakesFilter {
  /// Passes the actions that can change the set of quakes: deletes and successful fetches.
  public static func filterQuakes() -> @Sendable (QuakesState, QuakesAction) -> Bool {
    { _, action in
      switch action {
      case .ui(.quakeList(.onTapDeleteSelectedQuakeButton)),
        .ui(.quakeList(.onTapDeleteAllQuakesButton)),
        .data(.persistentSession(.localStore(.didFetchQuakes(.success)))),
        .data(.persistentSession(.remoteStore(.didFetchQuakes(.success)))):
        true
      default:
        false
      }
    }
  }
}

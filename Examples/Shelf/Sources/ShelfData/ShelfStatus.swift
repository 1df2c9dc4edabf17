/// Where loading the catalog stands.
public enum ShelfStatus: String, CaseIterable, Equatable, Sendable {
  case waiting
  case success
}

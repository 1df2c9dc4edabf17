/// Where loading the catalog stands.
public enum ShelfStatus: String, CaseIterable, Codable, Equatable, Sendable {
  case waiting
  case success
}

/// Where a request for data stands: not started, in flight, done, or failed with a description.
public enum Status: Hashable, Codable, Sendable {
  case empty
  case waiting
  case success
  case failure(error: String)
}

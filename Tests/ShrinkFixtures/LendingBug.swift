/// Where the lending shelf's bug is planted.
public enum LendingBug: Sendable {
  case none, always, indexedOnly
}

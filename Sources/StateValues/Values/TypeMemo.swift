import Synchronization

/// What was learned about each type, once per process: for facts that are a function of the type
/// alone (how to print it, how to diff it), so that two domains can share them safely.
final class TypeMemo<Fact: Sendable>: Sendable {
  private let facts = Mutex<[ObjectIdentifier: Fact]>([:])

  /// The fact about `type`, learned the first time the type is asked about.
  func fact(about type: Any.Type, learning learn: () -> Fact) -> Fact {
    let id = ObjectIdentifier(type)
    if let known = facts.withLock({ $0[id] }) {
      return known
    }
    let fact = learn()
    facts.withLock { $0[id] = fact }
    return fact
  }

  /// The fact about the type of `sample`, learned from `sample` the first time the type is seen.
  func fact(aboutTypeOf sample: Any, learning learn: (Any) -> Fact) -> Fact {
    fact(about: type(of: sample)) { learn(sample) }
  }
}

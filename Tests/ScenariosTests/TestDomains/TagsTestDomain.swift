import ReplShellDomain
@_spi(Internals) @testable import ReplShellSession
@_spi(Internals) @testable import Scenarios

/// The actions of a set of tags: one is added, one removed.
enum TagsAction: Codable, Equatable, Sendable {
  case didAddTag(name: String)
  case didRemoveTag(name: String)
}

/// A state that holds a `Set`, whose order of iteration is the process's and the set's own.
struct TagsState: Codable, Equatable, Sendable {
  var tags: Set<String>
}

extension Domain {
  /// Tags, fifty to start with. Two processes hold the same set in different orders; a domain
  /// whose set is made `large` and filled the other way round stands in for the other process.
  static func testTags(large: Bool = false) -> Domain {
    Domain(
      name: "tags", summary: "a set of tags, for the order sets print in",
      initialState: {
        let names = (0..<50).map { "tag\($0)" }
        var tags = Set<String>(minimumCapacity: large ? 1_000 : 0)
        for name in large ? names.reversed() : names { tags.insert(name) }
        return TagsState(tags: tags)
      },
      reducer: { (state: TagsState, action: TagsAction) -> TagsState in
        var state = state
        switch action {
        case .didAddTag(let name): state.tags.insert(name)
        case .didRemoveTag(let name): state.tags.remove(name)
        }
        return state
      },
      actionExamples: [TagsAction.didAddTag(name: "new"), .didRemoveTag(name: "tag0")],
      selectors: [SelectorDefinition("selectCount") { { (state: TagsState) in state.tags.count } }])
  }
}

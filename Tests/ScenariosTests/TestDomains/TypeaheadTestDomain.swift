import ReplShellDomain
@_spi(Internals) @testable import ReplShellSession
@_spi(Internals) @testable import Scenarios

/// The refusals of a search field written outside the project: an empty query, or the query
/// already in the field.
struct TypeaheadRefusal: Error, CustomStringConvertible {
  let description: String
}

extension Domain {
  /// Search as you type as a field written outside the project has it: a reply is shown for
  /// whichever query it answers (the stale-response race), typing the query already in the field
  /// (or none) is rejected, and its side effect is a request that does not say which query it
  /// is for — so a held effect is known only by the step that started it, never by its query.
  static var typeahead: Domain {
    Domain(
      name: "typeahead", summary: "a search field written outside the project, for explore --effects",
      initialState: { SearchState() },
      reducer: { (state: SearchState, action: SearchAction) throws -> SearchState in
        var state = state
        switch action {
        case .ui(.didType(let query)):
          guard !query.isEmpty else { throw TypeaheadRefusal(description: "an empty query") }
          guard query != state.query else { throw TypeaheadRefusal(description: "the query is \(query) already") }
          state.query = query
          state.isAnswered = false
        case .data(.didSearch(let query, let results)):
          state.results = results
          state.resultsQuery = query
          if query == state.query { state.isAnswered = true }
        case .data(.didFailSearch(let query)):
          guard query == state.query else { return state }
          state.results = []
          state.resultsQuery = query
          state.isAnswered = true
        }
        return state
      },
      actionExamples: [
        SearchAction.ui(.didType(query: "ab")), .data(.didSearch(query: "a", results: ["a", "ab"])), .data(.didFailSearch(query: "a")),
      ],
      selectors: [
        SelectorDefinition("selectShowsStaleResults") { { (state: SearchState) in state.showsStaleResults } }
      ],
      effects: DomainEffects(userActions: ["ui"]) { store, scheduler, _ in
        let listener = SearchListener { query in
          try await scheduler.perform("request") { ["a", "ab", "abc", "b", "ba"].filter { $0.hasPrefix(query) } }
        }
        listener.listen(to: store)
        return listener
      },
      listen: { store, _ in
        let listener = SearchListener { query in ["a", "ab", "abc", "b", "ba"].filter { $0.hasPrefix(query) } }
        listener.listen(to: store)
        return listener
      })
  }
}

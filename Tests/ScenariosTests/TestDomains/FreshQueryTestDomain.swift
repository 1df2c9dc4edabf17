import ReplShellDomain
@_spi(Internals) @testable import ReplShellSession
@_spi(Internals) @testable import Scenarios

/// A search field, written outside the project, that refuses any query typed before (not only
/// the one in the field): its state keeps every query typed.
struct FreshQueryState: Codable, Equatable, Sendable {
  var query = ""
  /// Every query typed, in order.
  var typed: [String] = []
  var results: [String] = []
  /// The query the results shown answer.
  var resultsQuery = ""
  /// Whether the reply for the current query has landed.
  var isAnswered = false

  /// The race's symptom: the current query was answered, yet the results shown answer another.
  var showsStaleResults: Bool { isAnswered && resultsQuery != query }
}

/// Starts a search for every query typed, without waiting for the one before, as `SearchListener` does.
@MainActor final class FreshQueryListener {
  private var task: Task<Void, Never>?
  private let search: @MainActor (String) async throws -> [String]

  init(search: @escaping @MainActor (String) async throws -> [String]) {
    self.search = search
  }

  func listen(to store: SessionStore<FreshQueryState, SearchAction>) {
    let stream = store.makeStream()
    let search = self.search
    task = Task { [weak store] in
      for await (_, action) in stream {
        guard case .ui(.didType(let query)) = action else { continue }
        Task {
          do {
            let results = try await search(query)
            try? store?.dispatch(action: .data(.didSearch(query: query, results: results)))
          } catch {
            try? store?.dispatch(action: .data(.didFailSearch(query: query)))
          }
        }
      }
    }
  }

  deinit {
    task?.cancel()
  }
}

extension Domain {
  /// The stale-reply race of `typeahead`, in a field that refuses an empty query and any query
  /// typed before: deleting a query from a failing sequence, or making it simpler, is refused
  /// whenever it would repeat one typed earlier, so a shrinker that only deletes and lowers is
  /// left with queries it cannot take away.
  static var freshQueries: Domain {
    Domain(
      name: "fresh", summary: "a search field that refuses a query typed before, for explore --effects",
      initialState: { FreshQueryState() },
      reducer: { (state: FreshQueryState, action: SearchAction) throws -> FreshQueryState in
        var state = state
        switch action {
        case .ui(.didType(let query)):
          guard !query.isEmpty else { throw TypeaheadRefusal(description: "an empty query") }
          guard !state.typed.contains(query) else { throw TypeaheadRefusal(description: "\(query) was typed before") }
          state.query = query
          state.typed.append(query)
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
        SelectorDefinition("selectShowsStaleResults") { { (state: FreshQueryState) in state.showsStaleResults } }
      ],
      effects: DomainEffects(userActions: ["ui"]) { store, scheduler, _ in
        let listener = FreshQueryListener { query in
          try await scheduler.perform("request") { ["a", "ab", "abc", "b", "ba"].filter { $0.hasPrefix(query) } }
        }
        listener.listen(to: store)
        return listener
      },
      listen: { store, _ in
        let listener = FreshQueryListener { query in ["a", "ab", "abc", "b", "ba"].filter { $0.hasPrefix(query) } }
        listener.listen(to: store)
        return listener
      })
  }
}

import ReplShellDomain
import StateValues
@_spi(Internals) @testable import ReplShellSession
@_spi(Internals) @testable import Scenarios

/// Search as you type: each query typed starts a search, and each reply lands when the search
/// ends — the shape of the stale-response race.
enum SearchAction: Codable, Equatable, Sendable {
  enum UI: Codable, Equatable, Sendable {
    case didType(query: String)
  }

  enum Data: Codable, Equatable, Sendable {
    case didSearch(query: String, results: [String])
    case didFailSearch(query: String)
  }

  case ui(UI)
  case data(Data)
}

/// The query in the field and the results shown, with the query they answer.
struct SearchState: Codable, Equatable, Sendable {
  var query = ""
  var results: [String] = []
  /// The query the results shown answer.
  var resultsQuery = ""
  /// Whether the reply for the current query has landed.
  var isAnswered = false

  /// The race's symptom: the current query was answered, yet the results shown answer another.
  var showsStaleResults: Bool { isAnswered && resultsQuery != query }
}

/// The refusal of a query typed again.
struct SearchRefusal: Error, CustomStringConvertible {
  let query: String
  var description: String { "the query is \(query) already" }
}

/// The names searched.
private let searchCatalog = ["a", "ab", "abc", "b", "ba"]

/// Starts a search for every query typed, without waiting for the one before: replies land in
/// whatever order the searches end.
@MainActor final class SearchListener {
  private var task: Task<Void, Never>?
  private let search: @MainActor (String) async throws -> [String]

  init(search: @escaping @MainActor (String) async throws -> [String]) {
    self.search = search
  }

  func listen(to store: SessionStore<SearchState, SearchAction>) {
    let stream = store.makeStream()
    let search = self.search
    task = Task { [weak store] in
      for await (_, action) in stream {
        guard case .ui(.didType(let query)) = action, !query.isEmpty else { continue }
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
  /// Search as you type, with the race planted when `planted`: a reply is shown whatever query
  /// it answers, so an older reply landing after a newer one replaces it. Fixed, a reply for
  /// another query than the one in the field is dropped.
  /// With `rejectsRepeats`, as a search field written outside the project does, typing the query
  /// already in the field is rejected.
  /// `listenerStarts`, when given, is asked before each start of the listeners with held
  /// effects and throws to make that start fail (a listener that cannot connect, say).
  static func search(
    planted: Bool = true, rejectsRepeats: Bool = false, listenerStarts: (@MainActor @Sendable () throws -> Void)? = nil
  ) -> Domain {
    Domain(
      name: "search", summary: "search as you type, for explore --effects",
      initialState: { SearchState() },
      reducer: { (state: SearchState, action: SearchAction) throws -> SearchState in
        var state = state
        switch action {
        case .ui(.didType(let query)):
          if rejectsRepeats, query == state.query { throw SearchRefusal(query: query) }
          state.query = query
          state.isAnswered = false
        case .data(.didSearch(let query, let results)):
          if !planted, query != state.query { return state }
          state.results = results
          state.resultsQuery = query
          if query == state.query { state.isAnswered = true }
        case .data(.didFailSearch(let query)):
          // A failed search for the query in the field shows no results for it.
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
        SelectorDefinition("selectShowsStaleResults") { { (state: SearchState) in state.showsStaleResults } },
        SelectorDefinition("selectResults") { { (state: SearchState) in state.results } },
      ],
      effects: DomainEffects(userActions: ["ui"]) { store, scheduler, _ in
        try listenerStarts?()
        let listener = SearchListener { query in
          try await scheduler.perform("search(query: \(JSONForm.quoted(query)))") {
            searchCatalog.filter { $0.hasPrefix(query) }
          }
        }
        listener.listen(to: store)
        return listener
      },
      listen: { store, _ in
        let listener = SearchListener { query in searchCatalog.filter { $0.hasPrefix(query) } }
        listener.listen(to: store)
        return listener
      })
  }
}

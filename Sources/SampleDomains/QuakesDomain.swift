import Foundation
import QuakesData
import ReplShell
import ReplShellDomain

extension Domain {
  /// The Quakes sample: earthquakes from the USGS summary feed, cached in SQLite.
  public static let quakes = Domain(
    name: "quakes",
    summary: "earthquakes from the USGS GeoJSON feed, cached in a SQLite database",
    options: [
      DomainOption("store", valueName: "PATH", help: "SQLite cache file (scripts: in memory unless given; interactive: the user data folder)", kind: .database),
      DomainOption("feed", valueName: "URL", help: "where all_hour…all_month.geojson live: an http(s) URL or a folder (default: the USGS summary feed)", kind: .source),
      DomainOption("timeout", valueName: "SECONDS", help: "how long the feed server may stay silent before a fetch fails as timed out (10)"),
    ],
    initialState: { QuakesState() },
    reducer: QuakesReducer.reduce,
    actionExamples: quakesActionExamples,
    selectors: quakesSelectors,
    diffSpecializations: [.treeDictionary(Quake.ID.self, Quake.self)],
    effects: DomainEffects(userActions: ["ui"]) { store, scheduler, context in
      let listener = QuakesData.Listener(
        localStore: ScheduledQuakesLocalStore(scheduler: scheduler), remoteStore: ScheduledQuakesRemoteStore(scheduler: scheduler),
        logger: context.logger)
      listener.listen(to: store)
      return listener
    },
    listen: { store, context in
      let localStore = try QuakesData.LocalStore(path: context.databasePath(defaultFileName: "quakes.sqlite"))
      let session = try QuakesNetworkSession(timeout: context.seconds("timeout", example: "--timeout 30") ?? 10)
      let remoteStore =
        if let feed = context.url("feed") {
          QuakesData.RemoteStore(session: session, baseURL: feed)
        } else {
          QuakesData.RemoteStore(session: session)
        }
      let listener = QuakesData.Listener(localStore: localStore, remoteStore: remoteStore, logger: context.logger)
      listener.listen(to: store)
      return listener
    })

  private static let quakesActionExamples: [QuakesAction] = [
    .ui(.quakeList(.onAppear)),
    .ui(.quakeList(.onTapRefreshQuakesButton(range: .allDay))),
    .ui(.quakeList(.onTapDeleteSelectedQuakeButton(quakeId: "xlarge"))),
    .ui(.quakeList(.onTapDeleteAllQuakesButton)),
    .data(.persistentSession(.localStore(.didFetchQuakes(result: .success(quakes: [.xlarge]))))),
    .data(.persistentSession(.localStore(.didFetchQuakes(result: .failure(error: "example"))))),
    .data(.persistentSession(.remoteStore(.didFetchQuakes(result: .success(quakes: [.xlarge]))))),
    .data(.persistentSession(.remoteStore(.didFetchQuakes(result: .failure(error: "example"))))),
  ]

  private static let quakeSortKeys: KeyValuePairs<String, any SortKeyPath<Quake>> = [
    "magnitude": SortKey(\Quake.magnitude), "time": SortKey(\Quake.time), "name": SortKey(\Quake.name),
    "updated": SortKey(\Quake.updated), "quakeId": SortKey(\Quake.quakeId),
  ]

  /// Day filters use UTC in the shell, so transcripts do not depend on the machine's time zone.
  private static let utc: Calendar = {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
    return calendar
  }()

  private static let quakesSelectors: [SelectorDefinition<QuakesState, QuakesAction>] = [
    SelectorDefinition(
      "selectQuakesValues", Parameter("searchText", String.self), Parameter("searchDate", Date.self),
      .sortKey("sort", quakeSortKeys), .sortOrder(), filter: { _, _, _, _ in QuakesFilter.filterQuakes() }
    ) { searchText, searchDate, sort, order in
      func select<Key: SortKeyPath<Quake>>(_ key: Key) -> @Sendable (QuakesState) -> [Quake] {
        QuakesState.selectQuakesValues(searchText: searchText, searchDate: searchDate, sort: key.keyPath, order: order, calendar: utc)
      }
      return select(sort)
    },
    SelectorDefinition(
      "selectQuakes", Parameter("searchText", String.self), Parameter("searchDate", Date.self),
      filter: { _, _ in QuakesFilter.filterQuakes() }
    ) { QuakesState.selectQuakes(searchText: $0, searchDate: $1, calendar: utc) },
    SelectorDefinition("selectQuakesCount", filter: { QuakesFilter.filterQuakes() }) { QuakesState.selectQuakesCount() },
    SelectorDefinition("selectQuakesStatus") { QuakesState.selectQuakesStatus() },
    SelectorDefinition("selectQuake", Parameter("quakeId", String?.self)) { QuakesState.selectQuake(quakeId: $0) },
  ]
}

/// Everything that can happen in the Quakes domain: what the user did, and what the data layer answered.
public enum QuakesAction: Hashable, Codable, Sendable {
  case ui(_ action: UI)
  case data(_ action: Data)
}

extension QuakesAction {
  /// What the user did, by screen.
  public enum UI: Hashable, Codable, Sendable {
    case quakeList(_ action: QuakeList)
  }
}

extension QuakesAction.UI {
  /// What the user did on the list of quakes.
  public enum QuakeList: Hashable, Codable, Sendable {
    case onAppear
    case onTapRefreshQuakesButton(range: RefreshQuakesRange)
    case onTapDeleteSelectedQuakeButton(quakeId: Quake.ID)
    case onTapDeleteAllQuakesButton
  }
}

extension QuakesAction.UI.QuakeList {
  /// How far back a refresh from USGS reaches.
  public enum RefreshQuakesRange: Hashable, Codable, Sendable, CaseIterable {
    case allHour
    case allDay
    case allWeek
    case allMonth
  }
}

extension QuakesAction {
  /// What the data layer answered.
  public enum Data: Hashable, Codable, Sendable {
    case persistentSession(_ action: PersistentSession)
  }
}

extension QuakesAction.Data {
  /// Answers from the local database or the remote feed.
  public enum PersistentSession: Hashable, Codable, Sendable {
    case localStore(_ action: LocalStore)
    case remoteStore(_ action: RemoteStore)
  }
}

extension QuakesAction.Data.PersistentSession {
  /// Answers from the local database.
  public enum LocalStore: Hashable, Codable, Sendable {
    case didFetchQuakes(result: FetchQuakesResult)
  }

  /// Answers from the remote feed.
  public enum RemoteStore: Hashable, Codable, Sendable {
    case didFetchQuakes(result: FetchQuakesResult)
  }
}

extension QuakesAction.Data.PersistentSession.LocalStore {
  /// The outcome of reading the quakes saved locally.
  public enum FetchQuakesResult: Hashable, Codable, Sendable {
    case success(quakes: [Quake])
    case failure(error: String)
  }
}

extension QuakesAction.Data.PersistentSession.RemoteStore {
  /// The outcome of fetching a feed from USGS.
  public enum FetchQuakesResult: Hashable, Codable, Sendable {
    case success(quakes: [Quake])
    case failure(error: String)
  }
}

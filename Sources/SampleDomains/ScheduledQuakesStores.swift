import QuakesData
import ReplShell
import ReplShellDomain

/// The Quakes cache in memory, every query and mutation held by an `EffectScheduler`.
@MainActor final class ScheduledQuakesLocalStore: PersistentSessionLocalStore {
  private let scheduler: EffectScheduler
  private var quakes: [Quake.ID: Quake] = [:]

  init(scheduler: EffectScheduler) {
    self.scheduler = scheduler
  }

  func fetchLocalQuakesQuery() async throws -> [Quake] {
    try await scheduler.perform("fetchLocalQuakesQuery") { self.quakes.values.sorted { $0.quakeId < $1.quakeId } }
  }

  func didFetchRemoteQuakesMutation(inserted: [Quake], updated: [Quake], deleted: [Quake]) async throws {
    try await scheduler.perform("didFetchRemoteQuakesMutation(inserted: \(inserted.count), updated: \(updated.count), deleted: \(deleted.count))") {
      for quake in inserted + updated { self.quakes[quake.id] = quake }
      for quake in deleted { self.quakes[quake.id] = nil }
    }
  }

  func deleteLocalQuakeMutation(quakeId: Quake.ID) async throws {
    try await scheduler.perform("deleteLocalQuakeMutation(quakeId: \(String(reflecting: quakeId)))") { self.quakes[quakeId] = nil }
  }

  func deleteLocalQuakesMutation() async throws {
    try await scheduler.perform("deleteLocalQuakesMutation") { self.quakes.removeAll() }
  }
}

/// The USGS feed stood in for by the sample quakes, every fetch held by an `EffectScheduler`:
/// a longer range answers with more of them, the smallest last to appear.
@MainActor final class ScheduledQuakesRemoteStore: PersistentSessionRemoteStore {
  private let scheduler: EffectScheduler

  init(scheduler: EffectScheduler) {
    self.scheduler = scheduler
  }

  func fetchRemoteQuakesQuery(range: QuakesAction.UI.QuakeList.RefreshQuakesRange) async throws -> [Quake] {
    try await scheduler.perform("fetchRemoteQuakesQuery(range: .\(range))") {
      let samples: [Quake] = [.xxxlarge, .xxlarge, .xlarge, .large, .medium, .small, .xsmall, .xxsmall]
      let count = switch range {
      case .allHour: 2
      case .allDay: 4
      case .allWeek: 6
      case .allMonth: 8
      }
      return Array(samples.prefix(count))
    }
  }
}

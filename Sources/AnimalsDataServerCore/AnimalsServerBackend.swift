import AnimalsData
import ServiceLifecycle

/// What an Animals server answers from: a persistent store, the services that must run beside the
/// server (a database's connection pool), and the work to finish before the first request is accepted.
public struct AnimalsServerBackend: Sendable {
  /// The store every query and mutation goes to.
  let store: any PersistentSessionPersistentStore
  /// Services started with the server and stopped after it.
  let services: [any Service]
  /// Run before the server listens; when it throws, the server does not start.
  let prepare: @Sendable () async throws -> Void

  /// A backend on `store`, with `services` running beside the server and `prepare` run before it listens.
  public init(
    store: some PersistentSessionPersistentStore,
    services: [any Service] = [],
    prepare: @escaping @Sendable () async throws -> Void = {}
  ) {
    self.store = store
    self.services = services
    self.prepare = prepare
  }

  /// A backend on a SQLite `LocalStore`, which is ready as soon as it is opened.
  public static func sqlite(_ store: LocalStore) -> Self {
    Self(store: store)
  }
}

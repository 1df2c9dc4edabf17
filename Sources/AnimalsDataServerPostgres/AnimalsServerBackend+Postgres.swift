import AnimalsDataServerCore

extension AnimalsServerBackend {
  /// A server backend on `store`: its connection pool runs beside the server, and the schema is
  /// migrated and seeded before the first request is accepted.
  public static func postgres(_ store: PostgresStore) -> Self {
    Self(store: store, services: [store], prepare: store.prepare)
  }
}

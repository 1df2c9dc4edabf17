/// The local database the Listener reads cached quakes from and writes fetched ones to.
public protocol PersistentSessionLocalStore: Sendable {
  /// Returns every quake saved locally.
  func fetchLocalQuakesQuery() async throws -> [Quake]

  /// Saves what a remote fetch changed: new quakes, revised quakes and removed quakes, in one go.
  func didFetchRemoteQuakesMutation(inserted: [Quake], updated: [Quake], deleted: [Quake]) async throws

  /// Deletes the quake with `quakeId`, if it is saved.
  func deleteLocalQuakeMutation(quakeId: Quake.ID) async throws

  /// Deletes every saved quake.
  func deleteLocalQuakesMutation() async throws
}

import AnimalsData
import Foundation
import ImmutableData
import Logging
import Testing

/// Collects the messages a `Logger` emits, from any thread.
private final class LogRecorder: @unchecked Sendable {
  private let lock = NSLock()
  private var recorded: [String] = []

  var lines: [String] {
    self.lock.withLock { self.recorded }
  }

  func append(_ line: String) {
    self.lock.withLock { self.recorded.append(line) }
  }

  /// A debug-level logger that writes `level message` lines here.
  func makeLogger() -> Logger {
    var logger = Logger(label: "AnimalsData") { _ in RecordingLogHandler(recorder: self) }
    logger.logLevel = .debug
    return logger
  }
}

private struct RecordingLogHandler: LogHandler {
  let recorder: LogRecorder
  var logLevel: Logger.Level = .debug
  var metadata: Logger.Metadata = [:]
  var metadataProvider: Logger.MetadataProvider?

  subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { self.metadata[key] }
    set { self.metadata[key] = newValue }
  }

  func log(event: LogEvent) {
    self.recorder.append("\(event.level) \(event.message)")
  }
}

@MainActor @Suite(.timeLimit(.minutes(10))) struct PersistentSessionTests {
  private let recorder = LogRecorder()

  private func makeSession(fails: Bool = false) -> PersistentSession<TestPersistentStore> {
    PersistentSession(store: TestPersistentStore(fails: fails), logger: self.recorder.makeLogger())
  }

  @Test func eachQueryAndMutationLogsItsCallAndItsOutcome() async throws {
    let store = Store(initialState: AnimalsState.samples(), reducer: AnimalsReducer.reduce)
    let session = makeSession()
    try await store.dispatch(thunk: session.fetchCategoriesQuery())
    try await store.dispatch(thunk: session.fetchAnimalsQuery())
    try await store.dispatch(thunk: session.addAnimalMutation(id: "Temp", name: "Eagle", diet: .carnivorous, categoryId: "Bird"))
    try await store.dispatch(thunk: session.updateAnimalMutation(animalId: "Cat", name: "Kitty", diet: .omnivorous, categoryId: "Mammal"))
    try await store.dispatch(thunk: session.deleteAnimalMutation(animalId: "Dog"))
    try await store.dispatch(thunk: session.reloadSampleDataMutation())
    #expect(
      recorder.lines == [
        "debug fetchCategoriesQuery()",
        "debug fetchCategoriesQuery() → 6 categories",
        "debug fetchAnimalsQuery()",
        "debug fetchAnimalsQuery() → 6 animals",
        #"debug addAnimalMutation(name: "Eagle", diet: .carnivorous, categoryId: "Bird")"#,
        #"debug addAnimalMutation(name: "Eagle", diet: .carnivorous, categoryId: "Bird") → success"#,
        #"debug updateAnimalMutation(animalId: "Cat", name: "Kitty", diet: .omnivorous, categoryId: "Mammal")"#,
        #"debug updateAnimalMutation(animalId: "Cat", name: "Kitty", diet: .omnivorous, categoryId: "Mammal") → success"#,
        #"debug deleteAnimalMutation(animalId: "Dog")"#,
        #"debug deleteAnimalMutation(animalId: "Dog") → success"#,
        "debug reloadSampleDataMutation()",
        "debug reloadSampleDataMutation() → 6 animals, 6 categories",
      ])
    #expect(store.state == .samples(queue: ["Temp": .success, "Cat": .success, "Dog": .success]))
  }

  @Test func aFailureLogsDispatchesTheErrorsDescriptionAndThrowsTheError() async throws {
    let store = Store(initialState: AnimalsState.samples(), reducer: AnimalsReducer.reduce)
    let error = await #expect(throws: TestError.self) {
      try await store.dispatch(thunk: makeSession(fails: true).deleteAnimalMutation(animalId: "Cat"))
    }
    #expect(error.map { String(describing: $0) } == "TestError(boom)")
    #expect(
      recorder.lines == [
        #"debug deleteAnimalMutation(animalId: "Cat")"#,
        #"debug deleteAnimalMutation(animalId: "Cat") → failure: TestError(boom)"#,
      ])
    #expect(store.state.animals.queue == ["Cat": .failure(error: "TestError(boom)")])
  }

  @Test func aRejectedOutcomeReachesTheCaller() async throws {
    let store = Store(initialState: AnimalsState(), reducer: AnimalsReducer.reduce)
    await #expect(throws: AnimalsReducer.Error(code: .animalNotFound)) {
      try await store.dispatch(thunk: makeSession().deleteAnimalMutation(animalId: "Cat"))
    }
  }
}

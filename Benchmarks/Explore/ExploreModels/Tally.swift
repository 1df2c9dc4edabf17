import ReplShell

/// A counter whose listener saves every change: the user taps, the listener awaits the save and
/// dispatches `didSave` with the value it saved.
enum TallyAction: Codable, Equatable, Sendable {
  enum UI: Codable, Equatable, Sendable {
    case didTapIncrementButton
    case didTapDecrementButton
  }

  enum Data: Codable, Equatable, Sendable {
    case didSave(value: Int)
    case didFailToSave
  }

  case ui(UI)
  case data(Data)
}

/// The value, and the last value saved.
struct TallyState: Codable, Equatable, Sendable {
  var value = 0
  var saved = 0
}

/// Saves the value after every tap, one save at a time, as the guide's listeners await their effects.
@MainActor final class TallyListener {
  private var task: Task<Void, Never>?
  private let save: @MainActor (Int) async throws -> Void

  init(save: @escaping @MainActor (Int) async throws -> Void) {
    self.save = save
  }

  func listen(to store: SessionStore<TallyState, TallyAction>) {
    let stream = store.makeStream()
    let save = self.save
    task = Task { [weak store] in
      for await (_, action) in stream {
        guard case .ui = action, let store else { continue }
        let value = store.select { $0.value }
        do {
          try await save(value)
          try? store.dispatch(action: .data(.didSave(value: value)))
        } catch {
          try? store.dispatch(action: .data(.didFailToSave))
        }
      }
    }
  }

  deinit {
    task?.cancel()
  }
}

extension Domain {
  static let tally = Domain(
    name: "tally", summary: "a counter whose listener saves every change, for explore --effects' benchmark",
    initialState: { TallyState() },
    reducer: { (state: TallyState, action: TallyAction) throws -> TallyState in
      var state = state
      switch action {
      case .ui(.didTapIncrementButton): state.value += 1
      case .ui(.didTapDecrementButton): state.value -= 1
      case .data(.didSave(let value)): state.saved = value
      case .data(.didFailToSave): break
      }
      return state
    },
    actionExamples: [TallyAction.ui(.didTapIncrementButton), .ui(.didTapDecrementButton), .data(.didSave(value: 1)), .data(.didFailToSave)],
    selectors: [SelectorDefinition("selectValue") { { (state: TallyState) in state.value } }],
    effects: DomainEffects(userActions: ["ui"]) { store, scheduler, _ in
      let listener = TallyListener { value in try await scheduler.perform("save(value: \(value))") {} }
      listener.listen(to: store)
      return listener
    },
    listen: { store, _ in
      let listener = TallyListener { _ in }
      listener.listen(to: store)
      return listener
    })
}

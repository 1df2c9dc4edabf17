/// The pure function that moves the Quakes domain from one state to the next.
public enum QuakesReducer {
  /// Returns the state after `action`; throws `QuakesReducer.Error` when the action names a quake that does not exist.
  @Sendable public static func reduce(state: QuakesState, action: QuakesAction) throws -> QuakesState {
    switch action {
    case .ui(.quakeList(let action)):
      return try self.reduce(state: state, action: action)
    case .data(.persistentSession(let action)):
      return self.reduce(state: state, action: action)
    }
  }
}

extension QuakesReducer {
  /// Why the reducer refused an action.
  package struct Error: Swift.Error, Hashable, Sendable {
    /// What went wrong.
    package enum Code: Hashable, Sendable {
      case quakeNotFound
    }

    package let code: Code

    package init(code: Code) {
      self.code = code
    }
  }
}

extension QuakesReducer.Error: CustomStringConvertible {
  /// Reads as the value that was thrown, e.g. `QuakesReducer.Error(code: .quakeNotFound)`.
  package var description: String {
    switch self.code {
    case .quakeNotFound:
      "QuakesReducer.Error(code: .quakeNotFound)"
    }
  }
}

extension QuakesReducer {
  private static func reduce(state: QuakesState, action: QuakesAction.UI.QuakeList) throws -> QuakesState {
    switch action {
    case .onAppear:
      return self.onAppear(state: state)
    case .onTapRefreshQuakesButton:
      return self.onTapRefreshQuakesButton(state: state)
    case .onTapDeleteSelectedQuakeButton(let quakeId):
      return try self.onTapDeleteSelectedQuakeButton(state: state, quakeId: quakeId)
    case .onTapDeleteAllQuakesButton:
      return self.onTapDeleteAllQuakesButton(state: state)
    }
  }

  private static func onAppear(state: QuakesState) -> QuakesState {
    guard state.quakes.status == nil else {
      return state
    }
    var state = state
    state.quakes.status = .waiting
    return state
  }

  private static func onTapRefreshQuakesButton(state: QuakesState) -> QuakesState {
    guard state.quakes.status != .waiting else {
      return state
    }
    var state = state
    state.quakes.status = .waiting
    return state
  }

  private static func onTapDeleteSelectedQuakeButton(state: QuakesState, quakeId: Quake.ID) throws -> QuakesState {
    guard state.quakes.data[quakeId] != nil else {
      throw Error(code: .quakeNotFound)
    }
    var state = state
    state.quakes.data[quakeId] = nil
    return state
  }

  private static func onTapDeleteAllQuakesButton(state: QuakesState) -> QuakesState {
    var state = state
    state.quakes.data = [:]
    return state
  }
}

extension QuakesReducer {
  private static func reduce(state: QuakesState, action: QuakesAction.Data.PersistentSession) -> QuakesState {
    switch action {
    case .localStore(.didFetchQuakes(.success(let quakes))):
      return self.didFetchLocalQuakes(state: state, quakes: quakes)
    case .remoteStore(.didFetchQuakes(.success(let quakes))):
      return self.didFetchRemoteQuakes(state: state, quakes: quakes)
    case .localStore(.didFetchQuakes(.failure(let error))), .remoteStore(.didFetchQuakes(.failure(let error))):
      var state = state
      state.quakes.status = .failure(error: error)
      return state
    }
  }

  private static func didFetchLocalQuakes(state: QuakesState, quakes: [Quake]) -> QuakesState {
    var state = state
    for quake in quakes {
      state.quakes.data[quake.id] = quake
    }
    state.quakes.status = .success
    return state
  }

  // USGS sends no magnitude (null, read as zero) or a negative one for events it does not
  // count as quakes to show; such an event replaces what we knew by removing it.
  private static func didFetchRemoteQuakes(state: QuakesState, quakes: [Quake]) -> QuakesState {
    var state = state
    for quake in quakes {
      if quake.magnitude > 0 {
        state.quakes.data[quake.id] = quake
      } else {
        state.quakes.data[quake.id] = nil
      }
    }
    state.quakes.status = .success
    return state
  }
}

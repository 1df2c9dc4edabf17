import Testing
@testable import ReplShellSession

/// The history's mark holds the serial of the entry at the current position, which
/// `currentSerial` reads instead of the entries: it must follow every append and move.
@MainActor @Suite struct SessionHistoryTests {
  /// The serial of the entry at the current position, read from the entries themselves.
  private func serialAtPosition(_ history: SessionHistory<Int, String>) -> Int {
    history.position == 0 ? 0 : history.entries[history.position - 1].serial
  }

  @Test func theMarkFollowsAppendsAndMoves() {
    let history = SessionHistory<Int, String>(initialState: 0)
    #expect(history.currentSerial == 0)
    let first = history.append("a", text: "a", origin: .user, cause: nil, isHidden: false, state: 1)
    let second = history.append("b", text: "b", origin: .listener, cause: nil, isHidden: false, state: 2)
    #expect(first.serial == 1 && first.position == 1)
    #expect(second.serial == 2 && second.position == 2)
    #expect(history.currentSerial == 2 && history.currentSerial == serialAtPosition(history))
    #expect(history.mark.lastUserDispatch == 1)
    for target in [1, 0, 2, 1] {
      history.move(to: target)
      #expect(history.currentSerial == serialAtPosition(history), "after a move to \(target)")
    }
    // Appending at position 1 drops the undone entry: the new one gets the next serial, at position 2.
    let third = history.append("c", text: "c", origin: .user, cause: nil, isHidden: false, state: 3)
    #expect(third.serial == 3 && third.position == 2)
    #expect(history.entries.map(\.serial) == [1, 3])
    #expect(history.currentSerial == 3 && history.currentSerial == serialAtPosition(history))
    #expect(history.mark.lastUserDispatch == 3)
  }
}

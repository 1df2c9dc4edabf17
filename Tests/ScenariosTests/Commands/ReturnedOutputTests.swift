import Testing
@_spi(Internals) @testable import Scenarios

/// What a command prints of its own is returned by the session and the command; the shared buffer
/// holds only what listeners dispatch and log while the store settles.
@MainActor @Suite struct ReturnedOutputTests {
  /// The action of `dispatch <text>`, as the command parses it.
  private func action(_ text: String) throws -> ParsedValue {
    try #require(try parsed("dispatch \(text)", as: DispatchCommand.self)).action
  }

  /// The lines a dispatch the reducer accepted returned.
  private func dispatched(_ text: String, in shell: Shell) async throws -> [String] {
    let outcome = try await shell.requireSession().dispatch(action(text))
    guard case .dispatched(let lines) = outcome else {
      Issue.record("the reducer rejected \(text): \(outcome)")
      return []
    }
    return lines.map(\.text)
  }

  @Test func aDispatchReturnsItsDiffAndLeavesTheBufferEmpty() async throws {
    let shell = try await startedShell()
    let lines = try await dispatched("didTapIncrementButton", in: shell)
    #expect(lines == ["  CounterState(", "-   value: 0", "+   value: 1", "  )"])
    #expect(shell.buffer.drain().isEmpty)
  }

  @Test func theDispatchCommandReturnsTheDiffItself() async throws {
    let shell = try await startedShell()
    let output = try await DispatchCommand(action: action("didTapIncrementButton")).run(in: shell)
    #expect(output.lines.map(\.text) == ["  CounterState(", "-   value: 0", "+   value: 1", "  )"])
    #expect(shell.buffer.drain().isEmpty)
  }

  @Test func debugLinesAndWatchesComeBackWithTheDispatchInTheirOrder() async throws {
    let shell = try await startedShell()
    for line in ["debug actions on", "debug state on", "debug selectors on", "watch selectValue"] {
      _ = await shell.execute(line)
    }
    let lines = try await dispatched("didTapIncrementButton", in: shell)
    #expect(lines == [
      "[actions] didTapIncrementButton", "  CounterState(", "-   value: 0", "+   value: 1", "  )",
      "[state] CounterState(value: 1)", "[selectors] selectValue: recomputed", "watch selectValue → 1",
    ])
    #expect(shell.buffer.drain().isEmpty)
  }

  @Test func timeTravelReturnsItsLinesAndLeavesTheBufferEmpty() async throws {
    let shell = try await startedShell()
    _ = await shell.execute("dispatch didTapIncrementButton")
    let session = try shell.requireSession()
    #expect(try session.undo().map(\.text) == ["undid 1: didTapIncrementButton", "  CounterState(", "-   value: 1", "+   value: 0", "  )"])
    #expect(try session.redo().map(\.text).first == "redid 1: didTapIncrementButton")
    #expect(try session.jump(to: 0, column: 6).map(\.text).first == "jumped to 0: the initial state")
    #expect(shell.buffer.drain().isEmpty)
  }

  @Test func anExpectErrorThatIsDispatchedCarriesTheDiffInItsError() async throws {
    let shell = try await startedShell()
    let command = ExpectCommand(assertion: .error(try action("didTapIncrementButton")))
    let error = await #expect(throws: CommandError.self) { try await command.run(in: shell) }
    #expect(error?.output.map(\.text) == ["  CounterState(", "-   value: 0", "+   value: 1", "  )"])
    #expect(shell.buffer.drain().isEmpty)
    let result = await shell.execute("expect error didTapIncrementButton")
    #expect(result.lines.map(\.text) == [
      "  CounterState(", "-   value: 1", "+   value: 2", "  )",
      "error: column 14: expected the reducer to reject the action, but it was dispatched",
    ])
  }
}

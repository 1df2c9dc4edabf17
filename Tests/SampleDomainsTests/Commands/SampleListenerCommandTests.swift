import Testing
@_spi(Internals) @testable import Scenarios

/// Commands over the Animals sample, whose listener dispatches what its persistent store answers
/// and whose reducer rejects actions with its own error.
@MainActor @Suite struct SampleListenerCommandTests {
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

  @Test func undoTakesBackWhatListenersDispatchedAndSaysSideEffectsStay() async throws {
    let shell = try await startedShell("animals")
    _ = await shell.execute("dispatch categoryList.onAppear")
    let lines = await shell.texts("undo")
    #expect(lines.first == "undid 1: ui.categoryList.onAppear and 1 action its listeners dispatched")
    #expect(lines.last == "the state only moved: what listeners already did (database rows, requests) stays done")
    #expect(await shell.texts("select selectCategoriesStatus") == ["nil"])
  }

  @Test func whatListenersDispatchArrivesInTheBufferAfterTheReturnedDiff() async throws {
    let shell = try await startedShell("animals")
    let lines = try await dispatched("categoryList.onAppear", in: shell)
    #expect(lines.contains("+     status: .waiting"))
    #expect(!lines.contains { $0.hasPrefix("↳") })
    let buffered = shell.buffer.drain().map(\.text)
    #expect(buffered.first == "↳ data.persistentSession.didFetchCategories(…)   (listener)")
    #expect(buffered.contains("+     status: .success"))
    #expect(await shell.texts("diff") == lines + buffered)
  }

  @Test func anExpectErrorThatIsRejectedReturnsOnlyItsNote() async throws {
    let shell = try await startedShell("animals")
    let command = ExpectCommand(assertion: .error(try action(#"animalList.onTapDeleteSelectedAnimalButton(animalId: "Dog")"#)))
    let output = try await command.run(in: shell)
    #expect(output.lines.map(\.text) == ["rejected as expected: AnimalsReducer.Error(code: .animalNotFound)"])
  }
}

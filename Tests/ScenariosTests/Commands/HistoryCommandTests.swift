import Foundation
@testable import ReplShellCommands
@testable import ReplShellHost
import TestSupport
import Testing
@_spi(Internals) @testable import Scenarios
@_spi(Internals) @testable import ReplShellSession

/// `history`: long actions folded as a dispatch folds them, `--full` whole.
@MainActor @Suite(.timeLimit(.minutes(10))) struct HistoryCommandTests {
  /// A script-mode shell with the library started and its catalog fetched by the listener.
  private func fetchedLibrary() async throws -> Shell {
    let shell = Shell(domains: [.testLibrary], isScript: true, baseDirectory: URL(fileURLWithPath: "/"))
    _ = try await shell.start(domain: "library")
    #expect(await shell.run("dispatch didTapFetchButton").succeeded)
    return shell
  }

  /// The listener's action as the shell writes it, whole.
  private var fetchedText: String {
    "didFetchBooks(books: [" + Book.catalog.map { book in
      "Book(bookId: \"\(book.bookId)\", title: \"\(book.title)\", author: \"\(book.author)\", pages: \(book.pages), rating: \(book.rating))"
    }.joined(separator: ", ") + "])"
  }

  @Test func foldsALongListenerPayloadAsTheDispatchDid() async throws {
    let shell = try await fetchedLibrary()
    #expect(await shell.texts("diff").contains("↳ didFetchBooks(…)   (listener)"))
    #expect(await shell.texts("history") == [
      "1  didTapFetchButton",
      "2  ↳ didFetchBooks(…)   (listener)",
      "(…) marks arguments left out: `history --full` prints every action whole",
    ])
  }

  @Test func fullPrintsEveryActionWhole() async throws {
    let shell = try await fetchedLibrary()
    #expect(fetchedText.count > 100)
    #expect(await shell.texts("history --full") == ["1  didTapFetchButton", "2  ↳ \(fetchedText)   (listener)"])
  }

  @Test func keepsActionsThatFitALineWholeAndSaysNothingOfFolding() async throws {
    let shell = try await fetchedLibrary()
    _ = await shell.run("undo")
    _ = await shell.run(#"dispatch didRemoveBook(bookId: "b2")"#)
    #expect(await shell.texts("history") == ["1  didRemoveBook(bookId: \"b2\")"])
  }

  @Test func foldsTypedActionsLongerThanALineToo() async throws {
    let shell = try await fetchedLibrary()
    _ = await shell.run("dispatch " + fetchedText)
    let lines = await shell.texts("history")
    #expect(lines[2] == "3  didFetchBooks(…)")
    #expect(await shell.texts("history --full")[2] == "3  " + fetchedText)
  }

  @Test func marksUndoneEntriesWhenFolded() async throws {
    let shell = try await fetchedLibrary()
    _ = await shell.run("undo")
    #expect(await shell.texts("history") == [
      "── now: the initial state ──",
      "1  didTapFetchButton   (undone)",
      "2  ↳ didFetchBooks(…)   (listener)   (undone)",
      "(…) marks arguments left out: `history --full` prints every action whole",
    ])
  }

  @Test func parsesItsFlags() throws {
    #expect(try parsed("history", as: HistoryCommand.self)?.full == false)
    #expect(try parsed("history --full", as: HistoryCommand.self)?.full == true)
    #expect(parseError("history now")?.message == "`history` takes only `--full`, `--tree` and `--changed <path>`; remove `now`")
    #expect(parseError("history now")?.column == 9)
    #expect(parseError("history --fll")?.message == "history has no flag `--fll`; did you mean `--full`? its flags: `--full`, `--tree`, `--changed`")
    #expect(parseError("history --full now")?.column == 16)
  }

  @Test func completesItsFlagsEachOnce() async throws {
    let shell = try await fetchedLibrary()
    #expect(shell.candidates("history -") == ["--changed", "--full", "--tree"])
    #expect(shell.candidates("history --full ") == ["--changed", "--tree"])
  }
}

import Foundation
@testable import ReplShellCommands
@testable import ReplShellHost
import StateValues
import TestSupport
import Testing
@_spi(Internals) @testable import ReplShellSession
@_spi(Internals) @testable import Scenarios

/// Tables that `select` prints: whole in scripts, fitted to a width with `…`, and as records
/// (`select --expanded`, `expanded on|off|auto`, `width`).
@MainActor @Suite(.timeLimit(.minutes(10))) struct TableDisplayTests {
  /// A script-mode shell with the library's catalog fetched.
  private func library() async throws -> Shell {
    let shell = Shell(domains: [.testLibrary], isScript: true, baseDirectory: URL(fileURLWithPath: "/"))
    _ = try await shell.start(domain: "library")
    #expect(await shell.run("dispatch didTapFetchButton").succeeded)
    return shell
  }

  /// The catalog's table as a script prints it: every cell whole, 82 columns wide.
  private let wholeTable = [
    "3 × Book",
    "bookId  title                                   author               pages  rating",
    "──────  ──────────────────────────────────────  ───────────────────  ─────  ──────",
    #""b1"    "The Left Hand of Darkness"             "Ursula K. Le Guin"    304     4.5"#,
    #""b2"    "A Wizard of Earthsea"                  "Ursula K. Le Guin"    183    4.25"#,
    #""b3"    "Do Androids Dream of Electric Sheep?"  "Philip K. Dick"       210     4.0"#,
  ]

  /// The labels are the records' coding keys and the title their type's name, which may hold
  /// anything: escaped as the cells are, in the grid and in records.
  @Test func labelsAndTheTitleAreEscapedAsCellsAre() throws {
    let evil = "t\u{1B}]0;x\u{7}\u{9B}\u{202E}"
    let row = Value.structure(typeName: "Row" + evil, fields: [Field(evil, .string(evil)), Field("n", .int(1))])
    let table = try #require(SelectionTable(.array([row, row])))
    let lines = table.gridLines(width: nil) + table.recordLines(width: nil)
    #expect(!lines.joined().unicodeScalars.contains { [0x1B, 0x7, 0x9B, 0x202E].contains($0.value) }, "\(lines)")
    #expect(table.gridLines(width: nil)[1] == #"t\u{1b}]0;x\u{7}\u{9b}\u{202e}    n"#)
  }

  @Test func scriptsPrintTablesWholeAsBefore() async throws {
    let shell = try await library()
    #expect(await shell.texts("select selectBooks") == wholeTable)
    #expect(await shell.texts("width") == ["width: terminal (output is not a terminal: tables print whole)"])
  }

  @Test func aWidthCutsTheWidestTextColumnsFirst() async throws {
    let shell = try await library()
    #expect(await shell.texts("width 60") == ["width: 60 columns"])
    // 60 columns: 8 between columns, 11 for the numbers, 41 for bookId (6, narrow already),
    // title and author, which share 35: 18 and 17.
    #expect(await shell.texts("select selectBooks") == [
      "3 × Book",
      "bookId  title               author             pages  rating",
      "──────  ──────────────────  ─────────────────  ─────  ──────",
      #""b1"    "The Left Hand of…  "Ursula K. Le Gu…    304     4.5"#,
      #""b2"    "A Wizard of Eart…  "Ursula K. Le Gu…    183    4.25"#,
      #""b3"    "Do Androids Drea…  "Philip K. Dick"     210     4.0"#,
    ])
  }

  @Test func fittedLinesNeverPassTheWidthNorBreakACell() async throws {
    let shell = try await library()
    for width in [45, 60, 81] {
      _ = await shell.run("width \(width)")
      let lines = await shell.texts("select selectBooks")
      #expect(lines.count == wholeTable.count, "\(width)")
      #expect(lines.allSatisfy { $0.count <= width }, "\(width): \(lines)")
      #expect(lines.contains { $0.contains("…") }, "\(width)")
    }
    // Too narrow for every column at its narrowest: they stay so, and the lines run over.
    _ = await shell.run("width 30")
    #expect(await shell.texts("select selectBooks")[3] == #""b1"    "The …  "Ursu…    304     4.5"#)
    _ = await shell.run("width 82")
    #expect(await shell.texts("select selectBooks") == wholeTable)
  }

  @Test func labelsAreCutWithTheirColumnsAndNumbersLast() {
    let table = SelectionTable(.array([
      .structure(typeName: "Row", fields: [Field("description", .string("a long description of the row")), Field("amount", .int(123_456))]),
      .structure(typeName: "Row", fields: [Field("description", .string("short")), Field("amount", .int(7))]),
    ]))
    #expect(table?.gridLines(width: 18) == [
      "2 × Row",
      "descripti…  amount",
      "──────────  ──────",
      "\"a long d…  123456",
      "\"short\"          7",
    ])
    // Text at its narrowest first, then numbers, which never go below six characters either.
    #expect(table?.fittedWidths(width: 10) == [6, 6])
  }

  @Test func waterFillSharesTheRoomFromTheWidestDown() {
    #expect(SelectionTable.waterFill([6, 38, 19], floors: [6, 6, 6], room: 41) == [6, 18, 17])
    #expect(SelectionTable.waterFill([10, 10], floors: [6, 6], room: 30) == [10, 10])
    #expect(SelectionTable.waterFill([40, 3], floors: [6, 3], room: 20) == [17, 3])
    #expect(SelectionTable.waterFill([40, 30], floors: [6, 6], room: 5) == [6, 6])
  }

  @Test func theTerminalsWidthFitsTablesUnlessWidthIsOff() async throws {
    let shell = try await library()
    shell.settings.terminalColumns = 60
    #expect(await shell.texts("width") == ["width: terminal (60 columns)"])
    let fitted = await shell.texts("select selectBooks")
    #expect(fitted[3] == #""b1"    "The Left Hand of…  "Ursula K. Le Gu…    304     4.5"#)
    _ = await shell.run("width off")
    #expect(await shell.texts("select selectBooks") == wholeTable)
    _ = await shell.run("width terminal")
    shell.settings.terminalColumns = 200
    #expect(await shell.texts("select selectBooks") == wholeTable)
  }

  @Test func saveComparesNoOutputTheTerminalShaped() async throws {
    let shell = try await library()
    shell.settings.terminalColumns = 60
    _ = await shell.run("select selectBooks")
    #expect(shell.slot.running?.recording.lines.last?.output == nil)
    _ = await shell.run("select selectCount")
    #expect(shell.slot.running?.recording.lines.last?.output == ["3"])
    _ = await shell.run("width 60")
    _ = await shell.run("select selectBooks")
    #expect(shell.slot.running?.recording.lines.last?.output?.count == wholeTable.count)
  }

  @Test func expandedPrintsOneRecordPerBlock() async throws {
    let shell = try await library()
    #expect(await shell.texts("select --expanded selectBooks") == [
      "3 × Book",
      "-[ RECORD 1 ]----------------------------------",
      #"bookId │ "b1""#,
      #"title  │ "The Left Hand of Darkness""#,
      #"author │ "Ursula K. Le Guin""#,
      "pages  │ 304",
      "rating │ 4.5",
      "-[ RECORD 2 ]----------------------------------",
      #"bookId │ "b2""#,
      #"title  │ "A Wizard of Earthsea""#,
      #"author │ "Ursula K. Le Guin""#,
      "pages  │ 183",
      "rating │ 4.25",
      "-[ RECORD 3 ]----------------------------------",
      #"bookId │ "b3""#,
      #"title  │ "Do Androids Dream of Electric Sheep?""#,
      #"author │ "Philip K. Dick""#,
      "pages  │ 210",
      "rating │ 4.0",
    ])
    // A flag of one line: the setting stays off.
    #expect(await shell.texts("select selectBooks") == wholeTable)
    #expect(await shell.texts("select --expanded selectCount") == ["3"])
    // One record is a record too, but not yet a table of rows.
    _ = await shell.run(#"dispatch didFetchBooks(books: [Book(bookId: "b9", title: "Solaris", author: "Stanisław Lem", pages: 204, rating: 4.0)])"#)
    #expect(await shell.texts("select selectBooks") == [#"[Book(bookId: "b9", title: "Solaris", author: "Stanisław Lem", pages: 204, rating: 4.0)]"#])
    #expect(await shell.texts("select --expanded selectBooks") == [
      "1 × Book",
      "-[ RECORD 1 ]-----------",
      #"bookId │ "b9""#,
      #"title  │ "Solaris""#,
      #"author │ "Stanisław Lem""#,
      "pages  │ 204",
      "rating │ 4.0",
    ])
  }

  @Test func expandedRecordsFitTheWidthToo() async throws {
    let shell = try await library()
    _ = await shell.run("width 30")
    let lines = await shell.texts("select --expanded selectBooks")
    #expect(lines[1] == "-[ RECORD 1 ]-----------------")
    #expect(lines[3] == #"title  │ "The Left Hand of Da…"#)
    #expect(lines.allSatisfy { $0.count <= 30 })
  }

  @Test func expandedAutoPrintsRecordsOnlyWhenRowsWouldNotFit() async throws {
    let shell = try await library()
    #expect(await shell.texts("expanded") == ["expanded: off"])
    #expect(await shell.texts("expanded auto") == ["expanded: auto"])
    #expect(await shell.texts("select selectBooks") == wholeTable)
    _ = await shell.run("width 100")
    #expect(await shell.texts("select selectBooks") == wholeTable)
    _ = await shell.run("width 60")
    #expect(await shell.texts("select selectBooks")[1] == "-[ RECORD 1 ]----------------------------------")
    _ = await shell.run("expanded on")
    _ = await shell.run("width off")
    #expect(await shell.texts("select selectBooks")[1] == "-[ RECORD 1 ]----------------------------------")
    _ = await shell.run("expanded off")
    #expect(await shell.texts("select selectBooks") == wholeTable)
  }

  @Test func settingsHoldAcrossReset() async throws {
    let shell = try await library()
    _ = await shell.run("expanded on")
    _ = await shell.run("width 70")
    _ = await shell.run("reset")
    #expect(await shell.texts("expanded") == ["expanded: on"])
    #expect(await shell.texts("width") == ["width: 70 columns"])
  }

  @Test func badSettingsSayWhatToType() throws {
    #expect(parseError("expanded maybe")?.message == "expected `on`, `off` or `auto`, found `maybe`")
    #expect(parseError("expanded on off")?.message == "expanded takes one setting; remove `off`")
    #expect(parseError("width 5")?.message == "expected a number of columns from 20 to 10000, `terminal` or `off`, found `5`")
    #expect(parseError("width wide")?.column == 7)
    #expect(parseError("width 80 90")?.message == "width takes one setting; remove `90`")
    #expect(parseError("select --wide selectBooks")?.message == "select has no flag `--wide`; its flags: `--expanded`, `--json`")
    #expect(parseError("select --expanded")?.message == "select needs a selector: type `selectors` for the list, or press Tab")
    #expect(try parsed("select --expanded selectBooks", as: SelectCommand.self)?.expanded == true)
    #expect(try parsed("select selectBooks", as: SelectCommand.self)?.expanded == false)
  }

  @Test func completesTheNewFlagsAndSettings() async throws {
    let shell = try await library()
    #expect(shell.candidates("select -") == ["--expanded", "--json"])
    #expect(shell.candidates("select --expanded selectB") == ["selectBooks"])
    #expect(shell.candidates("select selectC") == ["selectCount"])
    #expect(shell.candidates("expanded ") == ["auto", "off", "on"])
    #expect(shell.candidates("width t") == ["terminal"])
  }
}

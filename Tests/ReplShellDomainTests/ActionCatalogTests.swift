import Testing
import ReplShellDomain
import StateValues

/// What a domain's action catalog learns from its examples: the case paths users type, their
/// parameters, how an action reads back, and the errors an unknown or ambiguous name gets.
@Suite struct ActionCatalogTests {
  enum Shelf: Codable, Equatable, Sendable {
    case ui(Screen)
    case data(Data)

    enum Screen: Codable, Equatable, Sendable {
      case list(List)
      case detail(Detail)
    }
    enum List: Codable, Equatable, Sendable {
      case onAppear
      case onTapBook(title: String)
    }
    enum Detail: Codable, Equatable, Sendable {
      case onAppear
      case onTapLend(title: String, days: Int)
    }
    enum Data: Codable, Equatable, Sendable {
      case didLoad(count: Int)
    }
  }

  let catalog = ActionCatalog(examples: [
    Shelf.ui(.list(.onAppear)), .ui(.list(.onTapBook(title: "Dune"))), .ui(.detail(.onAppear)),
    .ui(.detail(.onTapLend(title: "Dune", days: 14))), .data(.didLoad(count: 3)),
  ])

  @Test func everyNestedCaseIsOnePathWithItsParameters() {
    #expect(catalog.cases.map(\.pathText) == [
      "ui.list.onAppear", "ui.list.onTapBook", "ui.detail.onAppear", "ui.detail.onTapLend", "data.didLoad",
    ])
    let lend = catalog.cases[3]
    #expect(lend.parameters.map(\.label) == ["title", "days"])
    #expect(lend.parameters.map(\.typeName) == ["String", "Int"])
    #expect(catalog.unprintableExamples.isEmpty)
  }

  @Test func aPathResolvesByItsEndWhenThatEndIsUnique() throws {
    #expect(try catalog.resolve(["onTapLend"], column: 1).pathText == "ui.detail.onTapLend")
    #expect(try catalog.resolve(["list", "onAppear"], column: 1).pathText == "ui.list.onAppear")
    #expect(try catalog.resolve(["ui", "detail", "onAppear"], column: 1).pathText == "ui.detail.onAppear")
  }

  @Test func anAmbiguousEndNamesEveryCandidateAtItsColumn() {
    #expect {
      _ = try catalog.resolve(["onAppear"], column: 10)
    } throws: { error in
      guard let error = error as? CommandError else { return false }
      return error.column == 10
        && error.message == "`onAppear` is ambiguous: did you mean `ui.list.onAppear` or `ui.detail.onAppear`?"
    }
  }

  @Test func anUnknownNameSuggestsTheClosest() {
    #expect {
      _ = try catalog.resolve(["onTapBok"], column: 10)
    } throws: { error in
      guard let error = error as? CommandError else { return false }
      return error.column == 10 && error.message.hasPrefix("unknown action `onTapBok`: did you mean `ui.list.onTapBook`")
    }
  }

  @Test func anActionReadsBackAsTyped() throws {
    let value = try ValueEncoder().value(of: Shelf.ui(.detail(.onTapLend(title: "Dune", days: 14))))
    #expect(catalog.text(for: value) == #"ui.detail.onTapLend(title: "Dune", days: 14)"#)
    #expect(catalog.path(of: value) == ["ui", "detail", "onTapLend"])
  }

  @Test func completionOffersEveryPathAndEverySuffix() {
    let names = catalog.completionNames
    for name in ["ui.list.onTapBook", "list.onTapBook", "onTapBook", "didLoad", "data.didLoad"] {
      #expect(names.contains(name), "\(name)")
    }
    #expect(names == names.sorted())
    #expect(Set(names).count == names.count)
  }

  @Test func exampleNamesComeFromTheCatalog() {
    let names = ExampleNames(domain: "shelf", catalog: catalog, selectors: [("selectBooks", [])])
    #expect(names.action == "ui.list.onAppear")
    #expect(names.actionCall == #"ui.list.onTapBook(title: "Dune")"#)
    #expect(names.pattern == "ui.list")
    #expect(names.render("dispatch {action}, then select {selector}") == "dispatch ui.list.onAppear, then select selectBooks")
    // A template naming what the domain lacks is not offered.
    #expect(names.render("select {selectorCall}") == nil)
  }
}

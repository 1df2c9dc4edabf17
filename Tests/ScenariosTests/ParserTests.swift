import Testing
@testable import Scenarios

@Suite struct ParserTests {
  @Test func parsesADispatchWithArguments() throws {
    let command = try CommandParser.parse(#"dispatch animalList.onTapDeleteSelectedAnimalButton(animalId: "Cat")"#)
    guard case .dispatch(let expression) = command, case .member(false, let path, let arguments?) = expression.kind else {
      Issue.record("not a dispatch: \(command)")
      return
    }
    #expect(path == ["animalList", "onTapDeleteSelectedAnimalButton"])
    #expect(arguments == [.init(label: "animalId", value: Expression(.string("Cat"), column: 60))])
  }
}

import Testing

@testable import Linearizability

/// Random, mutated and grammar-made lines fed to the history reader: it returns a history or a
/// `HistoryError` on a line that exists, and never traps.
@Suite struct HistoryFuzzTests {
  static let pieces = [
    "{", "}", "[", "]", "(", ")", "#{", "#inst", "\"", "\\", ":", ":process", ":type", ":invoke", ":ok", ":fail", ":info",
    ":f", ":read", ":write", ":value", "nil", "true", "0", "1", "-7", "99999999999999999999", "1.5", "\"s\"", ",", " ", "\t",
    "\n", ";", "{\"process\":", "\"type\"", "INFO  jepsen.util - ", "\u{0}", "é", "[1 2]",
  ]

  @Test func randomAndMutatedLinesNeverTrap() {
    var random = SeededRandom(state: 2024)
    let valid = RandomHistories.register(operations: 12, processes: 3, using: &random)
    var errors = 0
    for _ in 0..<20_000 {
      var text: String
      switch Int.random(in: 0..<3, using: &random) {
      case 0:
        text = (0..<Int.random(in: 1...30, using: &random)).map { _ in Self.pieces.randomElement(using: &random) ?? "" }.joined()
      case 1:
        var characters = Array(valid)
        for _ in 0..<Int.random(in: 1...4, using: &random) where !characters.isEmpty {
          let index = Int.random(in: 0..<characters.count, using: &random)
          switch Int.random(in: 0..<3, using: &random) {
          case 0: characters.remove(at: index)
          case 1: characters.insert(contentsOf: Self.pieces.randomElement(using: &random) ?? "x", at: index)
          default: characters[index] = "]"
          }
        }
        text = String(characters)
      default:
        text = RandomHistories.register(operations: Int.random(in: 0...8, using: &random), processes: 4, using: &random)
      }
      do {
        let history = try HistoryReader.read(text, source: "fuzz")
        _ = try? LinearizabilityChecker(model: RegisterModel()).check(history, deadline: .now + .milliseconds(200))
      } catch {
        errors += 1
        let lineCount = text.split(separator: "\n", omittingEmptySubsequences: false).count
        #expect(error.line.map { (1...lineCount).contains($0) } ?? false, "\(error) for \(text.debugDescription)")
      }
    }
    #expect(errors > 1_000)
  }
}

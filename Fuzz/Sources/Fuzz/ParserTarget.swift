import AnimalsData
@testable import SampleDomains
@testable import Scenarios
@testable import ReplShellSession
@testable import ReplShellDomain
@testable import StateValues
@testable import ReplShellCommands

/// The command parser: each line of the input parsed as the shell parses a typed line, a
/// `dispatch` line's action decoded against the Animals catalog, and the path and predicate
/// grammars (`state`/`why` paths, `break when`/`invariant` predicates, `tail --only` patterns)
/// read on their own. A rejected line must get an error whose column lies within the line (or
/// just after it), as `ParserFuzzTests` checks of its million generated lines.
enum ParserTarget {
  static let target = FuzzTarget(name: "parser") { bytes in
    for line in bytes.lines.prefix(64) {
      parse(line)
    }
  }

  private static let catalog = ActionCatalog(examples: Domain.animalsActionExamples)

  private static func parse(_ line: String) {
    do throws(CommandError) {
      if let dispatch = try CommandParser.parse(line) as? DispatchCommand {
        _ = try ActionCache<AnimalsAction>.decodeAction(dispatch.action, catalog: catalog)
      }
    } catch {
      check(error, in: line)
    }
    do throws(CommandError) {
      _ = try StatePath(parsing: line)
    } catch {
      check(error, in: line)
    }
    do throws(CommandError) {
      var parser = try ValueParser(line, startColumn: 1)
      _ = try parser.parsePredicate("a predicate")
    } catch {
      check(error, in: line)
    }
    do throws(CommandError) {
      _ = try ActionPattern(parsing: line, column: 1)
    } catch {
      check(error, in: line)
    }
  }

  /// An error must say something, at a column of the line.
  private static func check(_ error: CommandError, in line: String) {
    let column = error.column ?? 1
    if error.message.isEmpty || column < 1 || column > line.count + 1 {
      fatalError("a parse error without a sensible column: \(line.debugDescription) → \(error)")
    }
  }
}

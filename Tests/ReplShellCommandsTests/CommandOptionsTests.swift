@testable import ReplShellCommands
import StateValues
import Testing

/// The shared reading of a command's `--options` from their declaration: values checked with the
/// column of what is wrong, the rest of the line left to the command, and the usage line, tool
/// arguments and Tab that follow from the same declaration.
@Suite struct CommandOptionsTests {
  static let runs = CommandOption("--runs", .number(minimum: 1), placeholder: "N", example: "100", tool: "runs", "how many runs")
  static let seed = CommandOption("--seed", .unsigned, placeholder: "N", example: "7", tool: "seed", "the seed")
  static let time = CommandOption("--time", .duration, placeholder: "10s", example: "10s", tool: "time", inUsage: false, "how long")
  static let only = CommandOption(
    "--only", .text(noun: "an action pattern"), placeholder: "PATTERN", example: "onTap", inUsage: false, repeatable: true, "the cases")
  static let save = CommandOption(
    "--save", .file(ending: ".txt", reason: "scripts end in `.txt`"), placeholder: "FILE.txt", example: "found.txt", tool: "save", "where")
  static let model = CommandOption("--model", .choice(noun: "model", values: { ["register", "kv"] }), placeholder: "NAME", example: "kv", "the model")
  static let force = CommandOption("--force", tool: "force", "overwrite")
  static let options = CommandOptions([runs, seed, time, only, save, model, force])
  static let flags = CommandOptions([
    CommandOption("--full", .flag, "whole"), CommandOption("--changed", .operandFlag, placeholder: "<path>", "a path"),
  ])

  /// The arguments `text` typed after `demo ` (so the first character is at column 6).
  func arguments(_ text: String) -> CommandArguments {
    CommandArguments(word: "demo", text: text, column: 6)
  }

  /// The error reading `text` throws; nil when it reads.
  func error(_ text: String, _ options: CommandOptions = options) -> CommandError? {
    do throws(CommandError) {
      _ = try options.parse(arguments(text))
      return nil
    } catch {
      return error
    }
  }

  @Test func readsEachKindAndLeavesTheRestWithItsColumn() throws {
    let parsed = try Self.options.parse(arguments("--runs 5 --seed 18446744073709551615 --time 500ms --force --save 'my run.txt' invariant x"))
    #expect(parsed.number(Self.runs) == 5)
    #expect(parsed.unsigned(Self.seed) == UInt64.max)
    #expect(parsed.duration(Self.time) == .milliseconds(500))
    #expect(parsed.isSet(Self.force) && !parsed.isSet(Self.model))
    #expect(parsed.word(Self.save) == ShellWords.Word(text: "my run.txt", column: 71))
    #expect(parsed.rest.text == " invariant x" && parsed.rest.column == 83)
  }

  @Test func aRepeatableOptionKeepsEveryValueAnotherTheLast() throws {
    let parsed = try Self.options.parse(arguments("--only a --runs 1 --only .b --runs 2"))
    #expect(parsed.words(Self.only).map(\.text) == ["a", ".b"])
    #expect(parsed.number(Self.runs) == 2)
  }

  @Test func readingStopsAtTheFirstOperand() throws {
    let parsed = try Self.options.parse(arguments("  selectValue --force"))
    #expect(!parsed.isSet(Self.force))
    #expect(parsed.rest.text == "  selectValue --force" && parsed.rest.column == 6)
  }

  @Test func anUnknownOptionNamesTheNearestAndTheOptionsAtItsColumn() {
    let unknown = error("--runs 3 --sav x.txt")
    #expect(
      unknown?.message == "demo has no option `--sav`; did you mean `--save`? its options: "
        + "--runs N, --seed N, --time 10s, --only PATTERN, --save FILE.txt, --model NAME, --force")
    #expect(unknown?.column == 15)
    // Options that take no value are flags, listed as typed.
    #expect(error("--ful", Self.flags)?.message == "demo has no flag `--ful`; did you mean `--full`? its flags: `--full`, `--changed`")
  }

  @Test func aCommandMaySayAnUnknownOptionItsOwnWay() {
    let options = CommandOptions([Self.force], unknownOption: { typed, word in "\(word) knows no `\(typed)`" })
    #expect(error("--frce", options)?.message == "demo knows no `--frce`")
  }

  @Test func aMissingValueSaysWhatItTakesAtTheOption() {
    #expect(error("--runs")?.message == "--runs needs a whole number, e.g. `demo --runs 100`")
    #expect(error("--force --runs")?.column == 14)
    // A word that starts with `--` is the next option, not the value.
    #expect(error("--save --force")?.message == "--save needs a file ending in `.txt`, e.g. `demo --save found.txt`")
    #expect(error("--only")?.message == "--only needs an action pattern, e.g. `demo --only onTap`")
    #expect(error("--model")?.message == "--model needs a model: `register`, `kv`")
  }

  @Test func aValueOfTheWrongKindIsAnErrorAtItsColumn() {
    let number = error("--runs 0")
    #expect(number?.message == "--runs takes a whole number > 0, e.g. `--runs 100`")
    #expect(number?.column == 13)
    #expect(error("--seed -1")?.message == "--seed takes a whole number ≥ 0, e.g. `--seed 7`")
    #expect(error("--time soon")?.message == "--time takes a duration such as `10s`, `500ms` or `2m`")
    #expect(error("--time 1e300s")?.message == "--time takes a duration such as `10s`, `500ms` or `2m`")
    #expect(error("--save out")?.message == "scripts end in `.txt`: try `--save out.txt`")
    let model = error("--model  kvv")
    #expect(model?.message == "unknown model `kvv`; did you mean `kv`? known: register, kv")
    #expect(model?.column == 15)
    #expect(error("--save \"x.txt")?.message == "unterminated quote")
  }

  @Test func aCommandWithoutOperandsRefusesAWordAfterItsOptions() {
    let options = CommandOptions([Self.runs, Self.only])
    do throws(CommandError) {
      _ = try options.parseOnly(arguments("--runs 2 now"))
      Issue.record("`now` was read")
    } catch {
      #expect(error.message == "demo takes only `--runs N` and `--only PATTERN`; remove `now`")
      #expect(error.column == 15)
    }
  }

  @Test func theUsageLineAndToolArgumentsFollowTheDeclaration() {
    #expect(Self.options.usage("demo", operands: "<FILE>") == "demo [--runs N] [--seed N] [--save FILE.txt] [--model NAME] [--force] [options] <FILE>")
    #expect(Self.flags.usage("history") == "history [--full] [--changed <path>]")
    let arguments = Self.options.toolArguments
    #expect(arguments.map(\.name) == ["runs", "seed", "time", "save", "force"])
    #expect(arguments.map(\.kind) == [.numberOption("--runs"), .numberOption("--seed"), .textOption("--time"), .textOption("--save"), .flag("--force")])
    #expect(arguments.allSatisfy { !$0.isRequired })
  }

  @Test func tabOffersTheOptionsNotGivenTheirValuesOrTheOperands() {
    func candidates(_ line: String) -> [String] {
      let request = CompletionRequest(lineUpToCursor: line)
      let values = { (option: CommandOption) in option.name == "--only" ? request.offer(["onTap", "onLoad"]) : nil }
      let operands = { (operands: [String]) in request.offer(operands.isEmpty ? ["first"] : ["second"]) }
      return Self.options.completion(for: request, operands: operands, values: values).candidates.map(\.text)
    }
    #expect(candidates("demo --runs 3 --f") == ["--force"])
    #expect(candidates("demo --only a --o") == ["--only"])
    #expect(candidates("demo --runs 3 --") == ["--force", "--model", "--only", "--save", "--seed", "--time"])
    #expect(candidates("demo --only on") == ["onLoad", "onTap"])
    #expect(candidates("demo --model ") == ["kv", "register"])
    #expect(candidates("demo --runs ") == [])
    #expect(candidates("demo --force ") == ["first"])
    #expect(candidates("demo --force x ") == ["second"])
  }
}

import Foundation
import ReplShellCommands
import ReplShellSession
import ReplShellTesting
import Scenarios
import Testing

/// The manual's page for each command (`ReplShell.docc/Commands/`) is made from the command's own
/// declaration — its description, its options, what it may touch — so the declaration is the one
/// source: this test renders every page again and fails, naming the file, when a committed page
/// differs from it. `REPLSHELL_RECORD` says what to write, as swift-snapshot-testing's record modes
/// do: `missing` (the default outside CI) writes the pages not there yet, `failed` rewrites those
/// that differ, `all` rewrites every page, `never` writes none; under `CI` nothing is written
/// (`RecordMode`). A page written is a failure all the same, so that it is read before it is committed.
@Suite struct CommandReferenceTests {
  @Test func everyCommandsPageIsItsDeclaration() throws {
    let folder = CommandReferencePage.folder
    let mode = try RecordMode.current()
    var pages = CommandSet.full.commands.map { command in
      (name: CommandReferencePage.fileName(of: command.description.name), text: CommandReferencePage(command).text)
    }
    pages.append((name: "Commands.md", text: CommandReferencePage.index(of: CommandSet.full)))
    for page in pages {
      let url = folder.appendingPathComponent(page.name)
      let committed = try? String(contentsOf: url, encoding: .utf8)  // probe: a page not written yet
      let differs = committed != page.text
      if mode.writes(missing: committed == nil, differs: differs) {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try page.text.write(to: url, atomically: true, encoding: .utf8)
      }
      guard differs else { continue }
      let line = CommandReferencePage.firstDifference(committed ?? "", page.text)
      Issue.record(
        committed == nil
          ? "\(url.path): missing\(mode == .never ? "" : ", written now: read it, then commit it")"
          : "\(url.path):\(line): differs from the command's declaration\(mode.writes(missing: false, differs: true) ? ", rewritten now: read the change, then commit it" : "; rerun with REPLSHELL_RECORD=failed to rewrite it")")
    }
    let expected = Set(pages.map(\.name))
    let stale = (try FileManager.default.contentsOfDirectory(atPath: folder.path)).filter { $0.hasSuffix(".md") && !expected.contains($0) }
    #expect(stale.isEmpty, "pages of no command in \(folder.path): \(stale.sorted()); remove them")
  }

  @Test func aPageListsEveryOptionItsCommandDeclares() throws {
    let explore = try #require(CommandSet.full.command(named: "explore"))
    let page = CommandReferencePage(explore).text
    for option in explore.options.entries {
      #expect(page.contains("| `\(option.form)` |"), "\(option.form) is missing from explore's page")
    }
    #expect(page.hasPrefix("# `explore`\n\n"))
  }
}

/// A command's page of the manual, in DocC's Markdown, from its declaration alone.
struct CommandReferencePage {
  let command: any ShellCommand.Type

  init(_ command: any ShellCommand.Type) {
    self.command = command
  }

  /// Where the pages live: the shell's catalog, beside this package's sources.
  static var folder: URL {
    URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Sources/ReplShell/ReplShell.docc/Commands", isDirectory: true)
  }

  /// The page's file name: `command-explore.md` (DocC links it as `<doc:command-explore>`).
  static func fileName(of name: String) -> String {
    "command-\(name).md"
  }

  var text: String {
    let description = command.description
    var page = "# `\(description.name)`\n\n"
    page += Self.sentence(description.synopsis) + "\n\n"
    page += "<!-- Made from the command's declaration by CommandReferenceTests: edit the declaration, not this page. -->\n\n"
    page += "## Usage\n\n```\n\(description.usage)\n```\n\n"
    page += Self.sentence(description.summary) + "\n\n"
    let options = command.options.entries
    if !options.isEmpty {
      page += "## Options\n\n| option | what it does | MCP argument |\n| --- | --- | --- |\n"
      for option in options {
        page += "| `\(option.form)` | \(Self.cell(option.summary)) | \(option.toolName.map { "`\($0)`" } ?? "—") |\n"
      }
      page += "\n"
    }
    page += "## What it may touch\n\n\(Self.sentence(command.reach.phrase))\n\n"
    if let allArguments = description.toolArguments {
      page += "## As an MCP tool\n\n"
      // The options' arguments are in the table above; the rest are the command's operands.
      let optionArguments = Set(options.compactMap(\.toolName))
      let arguments = allArguments.filter { !optionArguments.contains($0.name) }
      if arguments.isEmpty {
        page += optionArguments.isEmpty
          ? "The tool `\(description.name)` takes no arguments.\n\n"
          : "The tool `\(description.name)` takes the options' MCP arguments above, and no others.\n\n"
      } else {
        if !optionArguments.isEmpty { page += "The tool `\(description.name)` takes the options' MCP arguments above, and:\n\n" }
        page += "| argument | what it is | required |\n| --- | --- | --- |\n"
        for argument in arguments {
          page += "| `\(argument.name)` | \(Self.cell(argument.summary)) | \(argument.isRequired ? "yes" : "no") |\n"
        }
        page += "\n"
      }
    } else {
      page += "## As an MCP tool\n\nNot offered: it needs a terminal.\n\n"
    }
    if !description.examples.isEmpty {
      page += "## Examples\n\n```\n" + description.examples.joined(separator: "\n") + "\n```\n"
      if description.examples.contains(where: { $0.contains("{") }) {
        page += "\n`help \(description.name)` fills each `{…}` with a name of the running domain.\n"
      }
    }
    return page
  }

  /// The list of every command, by `help`'s groups, each linking its page.
  static func index(of commands: CommandSet) -> String {
    var page = "# Commands\n\n"
    page += "Every command of the shell, grouped as `help` lists them; each page is made from the command's declaration.\n\n"
    page += "<!-- Made from the commands' declarations by CommandReferenceTests: edit the declarations, not this page. -->\n\n"
    page += "## Topics\n"
    for group in CommandGroup.allCases {
      let members = commands.commands.filter { $0.description.group == group }
      guard !members.isEmpty else { continue }
      page += "\n### \(group.title)\n\n"
      for command in members {
        page += "- <doc:\(fileName(of: command.description.name).dropLast(3))>\n"
      }
    }
    return page
  }

  /// `text` with its first letter capitalised and a full stop, as a sentence of the page.
  private static func sentence(_ text: String) -> String {
    let capitalised = text.prefix(1).uppercased() + text.dropFirst()
    return capitalised.hasSuffix(".") ? capitalised : capitalised + "."
  }

  /// `text` fit for a table's cell: its bars escaped.
  private static func cell(_ text: String) -> String {
    text.replacingOccurrences(of: "|", with: "\\|")
  }

  /// The number of the first line where `a` and `b` differ.
  static func firstDifference(_ a: String, _ b: String) -> Int {
    let left = a.split(separator: "\n", omittingEmptySubsequences: false)
    let right = b.split(separator: "\n", omittingEmptySubsequences: false)
    return (Array(zip(left, right)).firstIndex { $0 != $1 } ?? min(left.count, right.count)) + 1
  }
}

import ArgumentParser
import Foundation
import ReplShellCommands
import ReplShellDomain
import ReplShellSession
import Scenarios
import StateValues

/// The command line of a shell built on this library (`replshell`, or a client's `ReplShellApp`):
/// drive a store by typing actions, or run scenario scripts as golden tests.
struct ReplShellCommand<App: ReplShellApp>: AsyncParsableCommand {
  static var configuration: CommandConfiguration {
    let name = programName
    let first = App.domains.first?.name ?? "DOMAIN"
    let example = App.domains.count > 1 ? " `\(name) \(App.domains[1].name)` starts another." : ""
    return CommandConfiguration(
      commandName: name,
      abstract: "An interactive shell for ImmutableData stores, and a golden-test runner for scenario scripts.",
      discussion: """
        Interactive: `\(name)` starts the \(first) domain.\(example)
        Type `help` at the prompt for the commands. Ctrl-D leaves.

        Scripts: `\(name) --script Scenarios/\(first).txt` prints the transcript. \
        `\(name) --check Scenarios/` compares every script under the folder with its golden \
        (\(first).txt → \(first).golden) and prints a diff for each mismatch; \
        `\(name) --update Scenarios/` rewrites the goldens after you review the change. \
        Every run ends with `scenarios: N passed, N failed` and exits 1 when any failed. \
        A failed check leaves the new golden as NAME.golden.new (or under --new-goldens DIR); \
        `\(name) --review` walks the failing scenarios and accepts or rejects each with one key.

        Without a terminal on standard input, commands are read from it like a script:
          echo 'help' | \(name)

        Histories: `\(name) linearize --domain kv history.edn` checks a Jepsen history for \
        linearizability (`\(name) linearize --help`).

        Exit status: 0 when every line or scenario succeeded, 1 when one failed, 64 for a \
        command line it cannot read (an unknown option, domain or domain option).
        """,
      version: App.version)
  }

  /// The executable's own name, as the user typed it.
  private static var programName: String {
    CommandLine.arguments.first.map { URL(fileURLWithPath: $0).lastPathComponent } ?? "replshell"
  }

  @Argument(
    parsing: .allUnrecognized,
    help: ArgumentHelp(
      "The domain to start interactively: \(App.domains.map(\.name).joined(separator: ", ")) (default: the first), followed by the options of its `use` (`DOMAIN --OPTION VALUE`; `domains` at the prompt lists them). With --script, --check or --update: scenario files and folders (a folder means every *.txt under it).",
      valueName: "domain-or-paths"))
  var arguments: [String] = []

  @Option(name: .customLong("script"), help: ArgumentHelp("Run a scenario script, or every *.txt under a folder (repeatable; more paths may follow).", valueName: "path"))
  var scripts: [String] = []

  @Flag(help: "Compare each script's transcript with its golden file (quakes.txt → quakes.golden); a golden under a folder with no script beside it fails.")
  var check = false

  @Flag(help: "Write each script's transcript to its golden file, and list orphan goldens.")
  var update = false

  @Flag(help: "Walk the failing scenarios under the paths (default: Scenarios/) one by one: show each diff, then a (accept), r (reject), s (skip), A (accept all the rest), q (quit).")
  var review = false

  @Option(name: .customLong("new-goldens"), help: ArgumentHelp("With --check: write each mismatching or missing golden's new transcript under this folder (at the script's path) instead of beside it as NAME.golden.new.", valueName: "dir"))
  var newGoldensDirectory: String?

  @Flag(help: "Show the raw transcript: no `redact` line and no volatile pattern of a domain applies.")
  var noRedact = false

  @Flag(help: "With --update: remove the orphan goldens (no script beside them) under the folders given.")
  var prune = false

  @Option(name: .customLong("junit"), help: ArgumentHelp("Write a JUnit XML report of the scenarios to this file.", valueName: "file"))
  var junitPath: String?

  @Option(help: ArgumentHelp("How many scenarios run at once (default: the number of cores, \(ProcessInfo.processInfo.activeProcessorCount)).", valueName: "n"))
  var jobs: Int?

  @Option(
    help: ArgumentHelp("Run only the K-th of N parts of the scenarios (by sorted path), for a CI matrix of N machines.", valueName: "K/N"),
    transform: { argument throws(ValidationError) in try Shard(parsing: argument) })
  var shard: Shard?

  @Option(name: .customLong("debug"), help: ArgumentHelp("Switch on a debug category: actions, state, effects, selectors, all (repeatable).", valueName: "category"))
  var debugCategories: [String] = []

  @Flag(help: "Never color the output (colors are also off when NO_COLOR is set or output is not a terminal).")
  var noColor = false

  @Flag(help: "Never send output taller than the terminal through $PAGER (default `less -FRX`; an empty PAGER turns it off too).")
  var noPager = false

  @Option(help: ArgumentHelp("How sessions and --script print: `text` (transcripts) or `json` (one JSON object per session event, one per line; see the README for the fields).", valueName: "text|json"))
  var format: OutputFormat = .text

  @Flag(help: "Attach to a running app that opened a `ReplShellAttachment`: `--attach` alone lists them; `--attach PID`, `--attach APP` or `--attach PATH` drives its live store (read-only unless the app allows writes; `tail` follows it, `fork` copies its state into a sandbox).")
  var attach = false
  // `defaultAsFlag` shows the port as optional in `--help`; `arguments(withInspectPort:)` still
  // writes a bare `--inspect` as `--inspect=0`, so that a domain after it is not read as a port.
  @Option(
    name: .customLong("inspect"), defaultAsFlag: 0,
    help: ArgumentHelp("Serve a live web inspector of the session on 127.0.0.1 and print its address with its token (a free port unless one is given: `--inspect` alone works). With --script FILE it keeps serving after the script until Ctrl-C; with --attach PID it follows the running app.", valueName: "port"))
  var inspectPort: Int? = nil

  @Option(
    name: .customLong("replay"),
    help: ArgumentHelp(
      "Open a recorded session: the events `--format json` wrote (or an app's flight-recorder log), its domain started with its listeners off and its actions reduced again, so that history, jump, diff, state, break, undo and --inspect work on it; the first action the reducer no longer does as recorded is an error naming it.",
      valueName: "file"))
  var replayPath: String?

  @Option(
    name: .customLong("shrink"),
    help: ArgumentHelp(
      "With --replay FILE (a `--format json` transcript, a flight-recorder log, or a scenario script `.txt` run up to the line that fails): shrink its actions to a minimal sequence that still breaks PROPERTY, print it and exit (1 when the property is broken, 0 when it holds). PROPERTY is a line: 'invariant P', 'expect P', 'break when P', 'rejects ACTION' (the reducer rejects ACTION after them, with the same error) or 'rejects' (the last action the recording has rejected); '' takes a script's failing `expect`, or the invariants and breakpoints it set. 'golden' shrinks a scenario script whose golden no longer matches to the fewest lines that still differ from it at the same command, the same way. Listeners stay off; their recorded actions stay in place. A `.txt` script that starts `use <domain> --effects` shrinks with its side effects held instead: its dispatches and its `complete N`/`fail N` lines are the steps, each try runs the listeners afresh, so a race it recorded shrinks too.",
      valueName: "property"))
  var shrinkProperty: String?

  @Option(
    name: .customLong("against"),
    help: ArgumentHelp(
      "With --replay FILE: run the recording's actions through this shell's reducer and REV's — a git revision of this package (built once in a cache of the shell's own under ~/.cache) or another shell binary — and report the first step where they part, shrunk (`explore --against REV --history` on the recording); exit 1 when they part.",
      valueName: "rev"))
  var againstRevision: String?

  @Option(name: .customLong("save"), help: ArgumentHelp("With --shrink: write the shrunk sequence as a scenario script ending in .txt, and its golden beside it.", valueName: "file.txt"))
  var shrinkSavePath: String?

  @Option(name: .customLong("swift"), help: ArgumentHelp("With --shrink: write the shrunk sequence as a Swift Testing test (on ReplShellTesting) ending in .swift.", valueName: "file.swift"))
  var shrinkSwiftPath: String?

  @Flag(name: .customLong("force"), help: "With --shrink: overwrite the files --save and --swift name. With --junit: replace a file that is not a JUnit report this tool wrote.")
  var shrinkForce = false

  @Flag(help: "Serve the Model Context Protocol on standard input and output: each command is a tool for a coding agent, with annotations saying what it may touch. Every line gets its JSON-RPC answer (malformed JSON, ids MCP does not allow and over-long lines get errors with `id: null` or the id sent) and the next request is served; closing standard input ends the server once the requests already sent are answered.")
  var mcp = false

  @Option(
    name: .customLong("mcp-max-line"),
    help: ArgumentHelp("With --mcp, the most bytes one message (one line) may have: a longer line is dropped unread and answered with a JSON-RPC error, and the server goes on (`512KiB`, `16MiB`).", valueName: "size"))
  var mcpMaxLine = ByteCount(bytes: MCPMode.defaultLineLimit)

  @Option(
    name: .customLong("mcp-call-timeout"),
    help: ArgumentHelp("With --mcp, how long one tool call may run once its turn comes; past it the call is stopped as Ctrl-C stops a line, and its reply says so (`30s`, `10m`; 5m when left out).", valueName: "duration"),
    transform: MCPCallTimeout.duration(parsing:))
  var mcpCallTimeout = MCPMode.defaultCallTimeLimit

  @Flag(
    name: .customLong("allow-any-path"),
    help: "With --mcp, let tools read and write files outside the folder the server starts in (`save`, `source`, `shrink --save`, `linearize FILE`…); without it a path outside that folder, through `..` or a link, is refused.")
  var allowAnyPath = false

  /// What to do with scenario scripts, or nil for an interactive (or piped) session.
  private var scriptMode: ScriptMode.Mode? {
    check || review ? .check : update ? .update : scripts.isEmpty ? nil : .print
  }

  /// The domain to start interactively, when one is named.
  var domain: String? {
    scriptMode == nil ? arguments.first : nil
  }

  /// What follows the domain's name: the options of its `use`, `--feed DIR` → `["feed": "DIR"]`.
  var domainOptions: [String: String] {
    get throws(CommandError) {
      guard scriptMode == nil else { return [:] }
      return try DomainOption.values(parsing: Array(arguments.dropFirst()), column: 0)
    }
  }

  /// "did you mean `--x`? " for the shell's own flag nearest a mistyped one, read from its help.
  static func nearestFlag(to option: String) -> String {
    let flags = helpMessage().split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "-") }).map(String.init).filter { $0.hasPrefix("--") && $0.count > 2 }
    return Suggestions.closest(to: option, among: flags, limit: 1).first.map { "did you mean `\($0)`? " } ?? ""
  }

  /// The command line with a bare `--inspect` (no port after it) written `--inspect=0`: the port is optional.
  static func arguments(withInspectPort arguments: [String]) -> [String] {
    var result: [String] = []
    var isAfterTerminator = false
    for (index, argument) in arguments.enumerated() {
      if argument == "--" { isAfterTerminator = true }
      let hasPort = index + 1 < arguments.count && Int(arguments[index + 1]) != nil
      result.append(argument == "--inspect" && !hasPort && !isAfterTerminator ? "--inspect=0" : argument)
    }
    return result
  }

  func validate() throws {
    if let inspectPort {
      if !(0...65_535).contains(inspectPort) {
        throw ValidationError("--inspect takes a port from 0 to 65535, such as `--inspect 8123` (or none, for a free one)")
      }
      if check || update || review || mcp {
        throw ValidationError("--inspect serves one session: use it for the prompt or with one --script FILE, not with --check, --update, --review or --mcp")
      }
      if scriptMode != nil && (scripts + arguments).count != 1 {
        throw ValidationError("--inspect with --script runs one script and goes on serving it: give one file, such as `\(Self.programName) --inspect --script Scenarios/counter.txt`")
      }
    }
    if [check, update, review].filter({ $0 }).count > 1 {
      throw ValidationError("use one of --check, --update and --review, not several")
    }
    if let mode = scriptMode, mode != .print, !review, scripts.isEmpty && arguments.isEmpty {
      let flag = mode == .check ? "--check" : "--update"
      throw ValidationError("\(flag) needs scenario files or folders, such as `\(Self.programName) \(flag) Scenarios/`")
    }
    if prune && !update {
      throw ValidationError("--prune removes orphan goldens while updating: `\(Self.programName) --update --prune Scenarios/`")
    }
    if newGoldensDirectory != nil && !(check || update || review) {
      throw ValidationError("--new-goldens says where --check leaves new transcripts: `\(Self.programName) --check Scenarios/ --new-goldens out/`")
    }
    if let jobs, jobs < 1 {
      throw ValidationError("--jobs takes 1 or more, such as `--jobs 4` (default: the number of cores)")
    }
    if scriptMode == nil && (junitPath != nil || jobs != nil || shard != nil) {
      throw ValidationError("--junit, --jobs and --shard apply to scenario runs: add the paths with --check, --update or --script, such as `\(Self.programName) --check Scenarios/ --junit report.xml`")
    }
    if format == .json && (check || update || review || mcp) {
      throw ValidationError("--format json prints a session's events: use it with --script or for a session, not with --check, --update, --review or --mcp")
    }
    if mcp && scriptMode != nil {
      throw ValidationError("--mcp serves one session; run scripts without it, or send their lines as tool calls")
    }
    if allowAnyPath && !mcp {
      throw ValidationError("--allow-any-path opens the MCP server's tools to paths outside its folder: `\(Self.programName) --mcp --allow-any-path`; the shell itself takes any path")
    }
    if (shrinkSavePath != nil || shrinkSwiftPath != nil || (shrinkForce && junitPath == nil)) && shrinkProperty == nil {
      throw ValidationError("--save, --swift and --force keep what --shrink found (--force also lets --junit replace a file): `\(Self.programName) --replay log.jsonl --shrink 'invariant selectValue < 5' --save bug.txt`")
    }
    if againstRevision != nil && (replayPath == nil || shrinkProperty != nil) {
      throw ValidationError(
        "--against compares a recording with another revision: give it with --replay and without --shrink, such as `\(Self.programName) --replay session.jsonl --against main` (at a prompt, type `explore --against main`)")
    }
    if shrinkProperty != nil && replayPath == nil {
      throw ValidationError("--shrink shrinks a recording: give it with --replay, such as `\(Self.programName) --replay log.jsonl --shrink 'invariant selectValue < 5'` (at a prompt, type `shrink`)")
    }
    if let replayPath {
      if scriptMode != nil || mcp || attach {
        throw ValidationError("--replay opens one recorded session at the prompt: use it without --script, --check, --update, --review, --mcp and --attach, such as `\(Self.programName) --replay session.jsonl`")
      }
      if let extra = arguments.first {
        throw ValidationError("--replay takes its domain from the recording: remove `\(extra)`, such as `\(Self.programName) --replay \(replayPath)`")
      }
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: replayPath, isDirectory: &isFolder), !isFolder.boolValue else {
        throw ValidationError(
          "--replay \(replayPath): no such file; give what `--format json` wrote, such as `\(Self.programName) --format json --script s.txt > s.jsonl` then `\(Self.programName) --replay s.jsonl`")
      }
    }
    if attach {
      guard scriptMode == nil, !mcp, arguments.count <= 1 else {
        throw ValidationError("--attach takes one app (a pid, a name or a socket path), and no scripts or --mcp: `\(Self.programName) --attach 4711`; alone it lists the apps")
      }
      if inspectPort != nil && arguments.isEmpty {
        throw ValidationError("--inspect follows one attached app: name it, such as `\(Self.programName) --attach 4711 --inspect`; `--attach` alone lists the apps")
      }
      return
    }
    if App.domains.isEmpty {
      throw ValidationError("this shell lists no domains: give `static let domains: [Domain]` at least one")
    }
    guard scriptMode == nil else {
      if let option = arguments.first(where: { $0.hasPrefix("-") && $0.count > 1 }) {
        throw ValidationError("unknown option '\(option)'; \(Self.nearestFlag(to: option))type `\(Self.programName) --help` for the options")
      }
      return
    }
    if let option = arguments.first, option.hasPrefix("-") {
      let example = App.domains.first(where: { !$0.options.isEmpty }).map { "`\(Self.programName) \($0.name) --\($0.options[0].name) \($0.options[0].valueName)`" }
      throw ValidationError(
        "unknown option '\(option)'; \(Self.nearestFlag(to: option))options of a domain's `use` go after its name\(example.map { ", such as " + $0 } ?? ""), and `\(Self.programName) --help` lists the shell's own")
    }
    do {
      if try !domainOptions.isEmpty && mcp {
        throw ValidationError("--mcp starts the domain without options; give them to the `use` tool instead, such as `use \(arguments.joined(separator: " "))`")
      }
    } catch let error as CommandError {
      let paths = arguments.count > 1 && !arguments.contains(where: { $0.hasPrefix("-") }) ? "; to run scenarios, type `\(Self.programName) --check \(arguments.joined(separator: " "))` (or --script, --update)" : ""
      throw ValidationError("\(error.message) after the domain `\(arguments[0])`\(paths)")
    }
    if let domain, !App.domains.contains(where: { $0.name == domain }) {
      let script = domain.hasSuffix(".txt") || domain.contains("/") ? "; to run a scenario, type `\(Self.programName) --script \(domain)`" : ""
      let nearest = Suggestions.closest(to: domain, among: App.domains.map(\.name), limit: 1).first.map { "did you mean '\($0)'? " } ?? ""
      throw ValidationError("unknown domain '\(domain)'; \(nearest)known domains: \(App.domains.map(\.name).joined(separator: ", "))\(script)")
    }
    if let name = domain, let found = App.domains.first(where: { $0.name == name }) {
      let given: [String: String]
      do { given = try domainOptions } catch { given = [:] }
      if let refusal = UseOptions.refusal(of: given, for: found) {
        throw ValidationError(refusal.message)
      }
    }
  }

  @MainActor func run() async throws {
    // This process is the shell's own: a reducer that traps during `explore` is named first.
    ReducerTrapNote.watchExplore()
    let output = TerminalOutput(colors: !noColor)
    if attach {
      #if canImport(Glibc)
      let mode = AttachMode(
        target: arguments.first, programName: Self.programName, output: output, pager: Pager(disabled: noPager), format: format,
        inspectPort: inspectPort, makeInspector: { host in App.makeInspector(host) })
      throw ExitCode(await mode.run())
      #else
      throw ValidationError("--attach is Linux-only for now")
      #endif
    }
    if scriptMode != nil, let inspectPort {
      let inspected = InspectedScriptMode(
        domains: App.domains, output: output, debugCategories: debugCategories, redacts: !noRedact, format: format,
        port: inspectPort, makeInspector: { host in App.makeInspector(host) })
      throw ExitCode(await inspected.run(path: (scripts + arguments)[0]) ? 0 : 1)
    }
    if let mode = scriptMode {
      let runner = ScriptMode(
        domains: App.domains, output: output, debugCategories: debugCategories, mode: mode,
        jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount, shard: shard, junitPath: junitPath, replacesAnyJUnitFile: shrinkForce, prune: prune,
        programName: Self.programName, redacts: !noRedact, goldenFiles: GoldenFiles(newGoldensDirectory: newGoldensDirectory),
        format: format)
      let paths = scripts + arguments
      let succeeded = review
        ? await ReviewMode(scripts: runner).run(paths: paths.isEmpty ? ["Scenarios"] : paths)
        : await runner.run(paths: paths)
      throw ExitCode(succeeded ? 0 : 1)
    }
    if mcp {
      var server = MCPMode(domains: App.domains, domain: domain ?? App.domains[0].name, programName: Self.programName, version: App.version)
      server.lineLimit = mcpMaxLine.bytes
      server.allowsAnyPath = allowAnyPath
      server.callTimeLimit = mcpCallTimeout
      throw ExitCode(await server.run() ? 0 : 1)
    }
    if let replayPath, shrinkProperty != nil || againstRevision != nil {
      let mode = ShrinkMode(
        domains: App.domains, path: replayPath, property: shrinkProperty ?? "", savePath: shrinkSavePath, swiftPath: shrinkSwiftPath, force: shrinkForce,
        againstRevision: againstRevision, output: output)
      throw ExitCode(await mode.run() ? 0 : 1)
    }
    let interactive = InteractiveMode(
      domains: App.domains, domain: domain ?? App.domains[0].name, options: try domainOptions, programName: Self.programName, output: output,
      debugCategories: debugCategories, pager: Pager(disabled: noPager), format: format,
      inspectPort: inspectPort, makeInspector: { host in App.makeInspector(host) }, replayPath: replayPath)
    let succeeded = await interactive.run()
    throw ExitCode(succeeded ? 0 : 1)
  }
}

import Foundation
import ReplShellCommands
import ReplShellFoundation
import ReplShellSession
import SessionProtocol
import StateValues

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension ExploreCommand {
  /// `explore --against REV`: finds (or builds) the other revision, runs the comparison on the
  /// typed session, and with `--save` keeps the divergence as a scenario whose golden the other
  /// revision writes.
  @MainActor func runAgainst(_ against: AgainstOptions, in context: CommandContext, session: any AnyDomainSession) async throws(CommandError) -> CommandOutput {
    var files: (script: URL, golden: URL)?
    if let path = asked.savePath, let recording = context.session.recording {
      let script = try context.paths.url(forPath: path, for: .write, column: saveColumn)
      let golden = script.deletingPathExtension().appendingPathExtension("golden")
      let scenario = try ScenarioFiles(script: script, recording: recording, column: saveColumn)
      try scenario.refuseReplacingOpenFiles(scenario.targets(with: [golden]), column: saveColumn)
      try ScenarioFiles.refuseOverwriting(scenario.targets(with: [golden]), force: asked.overwrites, overwrite: "add `--force`", column: saveColumn)
      files = (script, golden)
    }
    let events = context.events
    let (revision, package) = try await Self.revision(against, in: context) { events.emit(.note($0)) }
    let outcome = try await session.open(
      AgainstExploration(options: asked, against: against, revision: revision, package: package, reach: context.paths.reach))
    var lines = outcome.lines
    if let files, outcome.failure != nil {
      lines.append(.note(try await saveAgainst(outcome, files: files, revision: revision, in: context, session: session)))
    }
    // The lines with the report as data, for --format json, MCP and the inspector.
    context.events.emit(outcome.report.map { .report(ReportEvent(tool: .against, lines: lines, value: $0)) } ?? .output(lines))
    if let failure = outcome.failure {
      throw CommandError(failure)
    }
    return CommandOutput([])
  }

  /// The shell binary `--against` names: an executable file as it is (inside the session's
  /// folder, for an MCP client), else a revision of the package, built in the cache.
  @MainActor private static func revision(
    _ against: AgainstOptions, in context: CommandContext, note: (String) -> Void
  ) async throws(CommandError) -> (AgainstRevision, AgainstRevision.Package?) {
    let typed = against.revision
    let plain = typed.hasPrefix("/") ? typed : context.paths.baseDirectory.appendingPathComponent(typed).path
    var status = stat()
    if stat(plain, &status) == 0 {
      let path = try context.paths.url(forPath: typed, for: .read, column: against.column).path
      guard status.st_mode & S_IFMT == S_IFREG, FileManager.default.isExecutableFile(atPath: path) else {
        throw CommandError("--against \(typed.truncatedForMessage): it is not an executable file; give another shell binary, or a git revision", column: against.column)
      }
      return (AgainstRevision(binary: path, name: typed, commit: nil), nil)
    }
    do throws(CommandError) {
      let package = try await AgainstRevision.package(from: context.paths.baseDirectory, reach: context.paths.reach)
      let commit = try await AgainstRevision.commit(typed, in: package)
      let revision = try await AgainstRevision.build(
        commit, named: "\(commit.prefix(10)) (\(typed.truncatedForMessage))", in: package, reach: context.paths.reach, note: note)
      return (revision, package)
    } catch {
      // Said at the revision as typed.
      throw error.column == nil ? CommandError(error.message, column: against.column) : error
    }
  }

  /// Writes the divergence as a scenario (the session's set-up, the shrunk dispatches, the
  /// diverging paths) and has the other revision write its golden: `--check` fails until this
  /// shell behaves as the other did, or the change is declared with `--update`.
  @MainActor private func saveAgainst(
    _ outcome: ExploreOutcome, files: (script: URL, golden: URL), revision: AgainstRevision, in context: CommandContext, session: any AnyDomainSession
  ) async throws(CommandError) -> String {
    guard let recording = context.session.recording else { return "nothing to save" }
    // With --history the shrunk actions start where the session did: no set-up comes first.
    let setUp = asked.against?.comparesHistory == true
      ? [] : recording.script(applied: session.read(HistoryPositionReader()).applied).map(\.text).filter { !$0.hasPrefix("invariant") }
    let scenario = try ScenarioFiles(script: files.script, recording: recording, column: saveColumn)
    let found = "# found by explore --against \(asked.against?.revision ?? "") --seed \(outcome.seed): the golden is \(revision.name)'s transcript, so --check fails until this shell behaves the same, or the change is declared with --update"
    let lines = [scenario.useLine] + setUp + [found] + outcome.dispatchLines + (outcome.expectLine.map { [$0] } ?? [])
    try scenario.write(lines.joined(separator: "\n") + "\n", column: saveColumn)
    let wrote = try await ChildProcess(arguments: [revision.binary, "--update", files.script.path]).run()
    guard FileManager.default.fileExists(atPath: files.golden.path) else {
      throw CommandError(
        "saved \(files.script.lastPathComponent), but \(revision.name) did not write its golden (exit status \(wrote.status)): \(wrote.output.split(whereSeparator: \.isNewline).last.map(String.init)?.truncatedForMessage ?? "")",
        column: saveColumn)
    }
    return "saved the divergence as \(asked.savePath ?? files.script.path) with \(revision.name)'s transcript as its golden: `\(context.programName) --check \(asked.savePath ?? files.script.path)` fails until the behaviour is the same again, or `--update` declares the change"
  }
}

/// `explore --against` on the typed session (`AnyDomainSession.open`).
struct AgainstExploration: SessionOpener {
  let options: ExploreOptions
  let against: AgainstOptions
  let revision: AgainstRevision
  let package: AgainstRevision.Package?
  let reach: FileReach

  func open<State: Sendable, Action: Decodable & Equatable & Sendable>(
    _ session: DomainSession<State, Action>
  ) async throws(CommandError) -> ExploreOutcome {
    try await AgainstExplorer(session).explore(options, against: against, revision: revision, package: package, reach: reach)
  }
}

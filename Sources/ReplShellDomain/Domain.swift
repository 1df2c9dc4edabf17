import Foundation
import Logging
import StateValues

/// A domain the shell can drive: how to build its store and listeners, which actions and
/// selectors it has. One file per domain creates one of these; the engine needs nothing else.
public struct Domain: Sendable {
  /// The name typed after `use` (`animals`).
  public let name: String
  /// One line for `domains`.
  public let summary: String
  /// The options `use <name>` accepts (`--store PATH`).
  public let options: [DomainOption]
  /// What changes from run to run in this domain's output, redacted in every script that uses it.
  public let volatile: [Redaction]
  /// How long a command waits for the listeners' side effects before it gives up (60 seconds unless the domain says).
  public let settleTimeout: Duration
  /// The domain's types and functions, kept for the engine that drives it: an engine opens it
  /// to build a session, a live session or the round trip (`DomainDescribing`).
  public let definition: any DomainDescribing
  /// The names of its actions and selectors that help and hints show.
  public let exampleNames: ExampleNames
  /// The options its held effects use (`DomainEffects.options`); nil when it cannot run its
  /// listeners with their side effects held (`use <name> --effects`).
  public let effectsOptions: [String]?

  /// Whether it can run its listeners with their side effects held (`use <name> --effects`).
  public var hasEffects: Bool { effectsOptions != nil }
  /// The module whose code declared it (`SampleDomains`): what a Swift test `shrink --swift`
  /// writes imports to name it.
  public let module: String

  /// Describes a domain. The state may be any `Sendable` type: it is printed, navigated and
  /// diffed through `Encodable` where it has it and by reflection otherwise. Actions need only be
  /// `Decodable`, to be read from what the user types, and `Equatable`, for the round trip.
  ///
  /// - Parameters:
  ///   - name: what `use <name>` and the prompt call it.
  ///   - summary: one line for `domains` and `help`.
  ///   - options: the `--name value` options `use <name>` takes.
  ///   - initialState: makes the state a session starts from.
  ///   - reducer: the domain's reducer, the same function its app's store runs.
  ///   - actionExamples: one value of every action case; they define the case paths the shell
  ///     accepts, complete and lists, and the round-trip test checks each.
  ///   - selectors: what `select` runs, each with its name and typed parameters.
  ///   - diffSpecializations: the dictionary types of the state that may grow large, so diffs of
  ///     them run as code specialized for their types.
  ///   - volatile: what the domain prints that changes from run to run (timestamps its listener
  ///     stamps, identifiers it makes), redacted from every transcript of the domain.
  ///   - settleTimeout: how long a command waits for the listeners' side effects before it gives
  ///     up with an error that names the listener stream still at work and its action.
  ///   - effects: how to run the listeners with every side effect held by a scheduler, for
  ///     `use <name> --effects` and `explore --effects`; nil when the domain has no such seam.
  ///   - listen: starts the domain's listeners on the session's store and returns what must be
  ///     kept alive while the session runs (the listener and its persistent store).
  ///   - fileID: where it is declared, left to its default: its module is what a Swift test
  ///     that `shrink --swift` writes imports.
  public init<State: Sendable, Action: Decodable & Equatable & Sendable>(
    name: String,
    summary: String,
    options: [DomainOption] = [],
    initialState: @escaping @Sendable () -> State,
    reducer: @escaping @Sendable (State, Action) throws -> State,
    actionExamples: [Action],
    selectors: [SelectorDefinition<State, Action>],
    diffSpecializations: [DiffSpecialization] = [],
    volatile: [Redaction] = [],
    settleTimeout: Duration = .seconds(60),
    effects: DomainEffects<State, Action>? = nil,
    listen: (@MainActor @Sendable (SessionStore<State, Action>, DomainContext) async throws -> any Sendable)? = nil,
    fileID: String = #fileID
  ) {
    self.module = String(fileID.prefix { $0 != "/" })
    self.name = name
    self.summary = summary
    self.options = options
    self.volatile = volatile
    self.settleTimeout = settleTimeout
    self.effectsOptions = effects?.options
    let catalog = ActionCatalog(examples: actionExamples)
    self.exampleNames = ExampleNames(
      domain: name, catalog: catalog, selectors: selectors.map { ($0.name, $0.parameters.map { ($0.label, $0.completions) }) })
    self.definition = DomainDefinition(
      name: name, initialState: initialState, reducer: reducer, actionExamples: actionExamples, catalog: catalog,
      selectors: selectors, stateDiff: StateDiff(specializations: diffSpecializations), settleTimeout: settleTimeout,
      effects: effects, listen: listen)
  }
}

/// Something a domain starts with its session that must be shut down with it (a server).
public protocol SessionResource: Sendable {
  /// Shuts the resource down; the session waits for it.
  func close() async
}

/// An option of `use <domain>`: `--store PATH`.
public struct DomainOption: Sendable {
  /// What an option's value names, so that the shell knows what a run may write into.
  public enum Kind: Sendable, Equatable {
    /// A plain setting: a number, a name, a switch.
    case value
    /// A file, a folder or a URL the domain only reads (a feed): under MCP a path must lie in the
    /// server's folder.
    case source
    /// A database file the domain writes: a scenario runs on a throwaway copy of it, and `save`
    /// replays from a copy of the file as the session found it.
    case database
    /// A server the domain writes to: `save` refuses to replay a session on it.
    case server
  }

  /// The flag without dashes (`store`).
  public let name: String
  /// The placeholder shown in help (`PATH`).
  public let valueName: String
  /// What it does.
  public let help: String
  /// What its value names.
  public let kind: Kind

  /// Describes an option; options are plain values unless `kind` says otherwise.
  public init(_ name: String, valueName: String, help: String, kind: Kind = .value) {
    self.name = name
    self.valueName = valueName
    self.help = help
    self.kind = kind
  }
}

/// Everything a domain needs to start in this session.
public struct DomainContext: Sendable {
  /// The option values given to `use`, by name without dashes.
  public let options: [String: String]
  /// True when running a script: persistent stores default to memory and ids are deterministic.
  public let isScript: Bool
  /// Relative paths in options are relative to this folder (the script's folder, or the working directory).
  public let baseDirectory: URL
  /// The calendar for day-based selectors: UTC in scripts, the user's own interactively.
  public let calendar: Calendar
  /// Makes identifiers for new records: UUIDs interactively, a counter in scripts.
  public let makeIdentifier: @Sendable () -> String
  /// Prints a note for the user when the domain starts (which database file it opened).
  public let announce: @Sendable (String) -> Void
  /// A fresh temporary folder for this shell, removed when it ends: `$SCRATCH/` in an option's path.
  public let scratchDirectory: URL
  /// Where the domain's debug logging goes: hand it to the listener and persistent stores, and
  /// `debug effects on` shows their lines in this session. Nothing is installed process-wide.
  public let logger: Logger
  /// How long commands wait for the listeners in this session, when the shell says (`ShellSettings.settleTimeout`);
  /// nil: the domain's own `settleTimeout`.
  public var settleTimeout: Duration?
  /// Told when a command starts waiting for the listeners longer than a moment, and when the wait ends.
  public var onWaiting: (@MainActor (Bool) -> Void)?
  /// False when the session runs the reducer alone (`use … --listeners off`, `--replay`): no
  /// listener starts, so nothing is fetched, written or dispatched behind the user's back.
  public var startsListeners = true
  /// The state to start from instead of the domain's initial state: a recording's snapshot (`--replay`).
  public var startingState: JSONForm?

  /// A context; the shell makes one for each `use`, tests and embedders may make their own.
  public init(
    options: [String: String] = [:], isScript: Bool, baseDirectory: URL, calendar: Calendar,
    makeIdentifier: @escaping @Sendable () -> String, announce: @escaping @Sendable (String) -> Void,
    scratchDirectory: URL, logger: Logger
  ) {
    self.options = options
    self.isScript = isScript
    self.baseDirectory = baseDirectory
    self.calendar = calendar
    self.makeIdentifier = makeIdentifier
    self.announce = announce
    self.scratchDirectory = scratchDirectory
    self.logger = logger
  }

  /// Whether the session runs the listeners with their side effects held (`use <domain> --effects`).
  public var holdsEffects: Bool { options[Self.effectsOption] != nil }

  /// The option `use` takes for held effects, kept among the options so that `reset` and `save` keep it.
  public static let effectsOption = "effects"

  /// The option's value as an absolute file path, relative paths taken from `baseDirectory`.
  public func path(_ option: String) -> String? {
    options[option].map { Self.absolutePath($0, baseDirectory: baseDirectory, scratchDirectory: scratchDirectory) }
  }

  /// `text` as an absolute path: `$SCRATCH/…` in `scratchDirectory` (which `filePath` creates), a
  /// relative path from `baseDirectory`.
  public static func absolutePath(_ text: String, baseDirectory: URL, scratchDirectory: URL) -> String {
    // The base as a folder, however its URL was made: a URL not marked as a folder would resolve
    // `mine.sqlite` beside it, in its parent (a test's files landed in the temporary folder so).
    URL(fileURLWithPath: expandingScratch(text, in: scratchDirectory), relativeTo: URL(fileURLWithPath: baseDirectory.path, isDirectory: true))
      .standardizedFileURL.path
  }

  /// The option's value as a path for a file to create or open, whose folder must exist (the
  /// shell's scratch folder is made on first use).
  public func filePath(_ option: String) throws -> String? {
    guard let path = path(option) else { return nil }
    let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
    let scratch = scratchDirectory.standardizedFileURL.path
    if folder == scratch || folder.hasPrefix(scratch + "/") {
      do {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      } catch {
        throw CommandError("--\(option) \(options[option] ?? path): the scratch folder \(folder) cannot be made: \(error.localizedDescription)")
      }
    }
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
      throw CommandError("--\(option) \(options[option] ?? path): there is no folder \(folder); create it or pick another path")
    }
    return path
  }

  /// `$SCRATCH/name` → a path in `scratchDirectory`.
  private static func expandingScratch(_ path: String, in scratchDirectory: URL) -> String {
    guard path == "$SCRATCH" || path.hasPrefix("$SCRATCH/") else { return path }
    return scratchDirectory.path + path.dropFirst("$SCRATCH".count)
  }

  /// The option's value as a URL: `http(s)://…` as is, anything else as a file or folder path.
  public func url(_ option: String) -> URL? {
    guard let text = options[option] else { return nil }
    if let url = URL(string: text), let scheme = url.scheme, ["http", "https", "file"].contains(scheme) {
      return url
    }
    let isFolder = text.hasSuffix("/")
    return URL(fileURLWithPath: text, isDirectory: isFolder, relativeTo: URL(fileURLWithPath: baseDirectory.path, isDirectory: true)).standardizedFileURL
  }

  /// The database file for `--store`: the option's path, else in memory (nil) for scripts, else
  /// `fileName` in the user data folder, which is announced.
  public func databasePath(defaultFileName fileName: String) throws -> String? {
    if let path = try filePath("store") { return path }
    if isScript { return nil }
    let folder = Self.dataDirectory
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let path = folder.appendingPathComponent(fileName).path
    announce("database: \(path) (use --store PATH for another)")
    return path
  }

  /// The option's value as a number of seconds above 0; an error that says what to type when it is not one.
  public func seconds(_ option: String, example: String) throws -> Double? {
    guard let text = options[option] else { return nil }
    guard let seconds = Double(text), seconds > 0, seconds.isFinite else {
      throw CommandError("--\(option) takes a number of seconds above 0, e.g. `\(example)`; found `\(text.truncatedForMessage)`")
    }
    return seconds
  }

  /// The option's value as an `http(s)://` URL; an error that says what to type when it is not one.
  public func httpURL(_ option: String, example: String) throws -> URL? {
    guard let text = options[option] else { return nil }
    guard let url = URL(string: text), ["http", "https"].contains(url.scheme ?? ""), url.host != nil else {
      throw CommandError("--\(option) needs an http:// or https:// URL, e.g. \(example); found `\(text.truncatedForMessage)`")
    }
    return url
  }

  /// A per-user data folder for interactive databases (`$XDG_DATA_HOME/replshell` or `~/.local/share/replshell`).
  public static var dataDirectory: URL {
    let environment = ProcessInfo.processInfo.environment
    let base = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
      ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".local/share")
    return base.appendingPathComponent("replshell", isDirectory: true)
  }
}

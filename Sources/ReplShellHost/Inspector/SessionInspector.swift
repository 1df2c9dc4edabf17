import ReplShellSession
import StateValues
/// A live view of a shell session outside the terminal, such as the web inspector of the
/// `ReplShellInspector` library. The front end that owns the terminal makes one (when the app
/// registers it) and hands it to `Shell.inspector`; `--inspect` and the `inspect` command start it.
/// It renders `Shell.events` like any other renderer, and runs what its user asks for through
/// `InspectorHost.run`, the same path as a typed line.
@MainActor public protocol SessionInspector: AnyObject {
  /// Starts serving on 127.0.0.1:`port` (0 picks a free port) and returns the address to open,
  /// token included; when already serving, returns that address. Throws what to type instead.
  func start(port: Int) async throws(CommandError) -> String
  /// The address being served, token included; nil until started.
  var address: String? { get }
  /// Stops serving; open pages are disconnected.
  func stop() async
}

/// What an inspector is given: the shell it follows, and how to run a line as if it were typed.
@MainActor public struct InspectorHost {
  /// The shell whose events, state and history the inspector shows.
  public let shell: Shell
  /// Runs a command line through the front end's own path: the terminal echoes it behind the
  /// prompt and prints its output, exactly as for a typed line.
  public let run: @MainActor (String) async -> Shell.Result

  #if canImport(Glibc)
  /// Set for a shell attached to a running app (`--attach`): the session the inspector shows is
  /// the one the app keeps for that shell, reached over the link; `shell` then holds none.
  package var attached: AttachedInspection?
  #endif

  /// Describes a host.
  public init(shell: Shell, run: @escaping @MainActor (String) async -> Shell.Result) {
    self.shell = shell
    self.run = run
  }
}

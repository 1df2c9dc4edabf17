/// What `explore` tells before it runs the reducer on generated actions, and after: a front end
/// that owns its process (the `replshell` executable, through `ReplShell`) sets it to name the
/// explore when a reducer traps. The engine itself installs nothing, so a shell an app runs
/// inside itself (`ReplShellAttachment`) never touches the app's signal handlers.
@MainActor package enum ExploreTrapWatch {
  /// Told the note to print if the process traps while explore runs; nil: nothing is noted.
  package static var arm: ((String) -> Void)?
  /// Told when explore is done: a later trap is none of its.
  package static var disarm: (() -> Void)?
}

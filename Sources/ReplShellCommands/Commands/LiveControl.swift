import ReplShellSession

/// What a connection of a running app's attachment does for the commands of its shell.
@MainActor public protocol LiveControl: AnyObject {
  /// Starts sending the shell every action the app dispatches, those whose text starts with
  /// `only` matches when given (parsed by `tail`, so never parsed again), until the shell stops it.
  func startTail(only: ActionPattern?)
}

import ReplShellHost
import ReplShellSession

extension Shell {
  /// Runs `line` as a front end does, in its turn through a `SessionHost` over this shell: the
  /// tests' way in, since lines reach a session only through its host (`Shell.execute` is the
  /// host's alone). Each call takes the next turn of a host of its own; the tests run their
  /// lines one after another.
  @discardableResult
  package func run(_ line: String, location: String? = nil, echoesCommands: Bool = false) async -> Shell.Result {
    await SessionHost(shell: self).run(line, location: location, echoesCommands: echoesCommands)
  }
}

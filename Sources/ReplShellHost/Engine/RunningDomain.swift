import ReplShellDomain
import ReplShellSession
/// The domain a shell's session was started from, with its options and what succeeded since:
/// what `reset` starts again and `save` writes.
package struct RunningDomain {
  /// The domain `use` started.
  let domain: Domain
  /// The options it started with.
  let options: [String: String]
  /// What succeeded since it started.
  package var recording: SessionRecording
}

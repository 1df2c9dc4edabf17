/// What a shell is told when a command starts and stops waiting a while for listeners: the
/// shell's `onWaiting`, in a box its sessions hold strongly. A session holding the shell weakly
/// instead would give the shell a side table, which makes every retain and release of it slow.
@MainActor final class WaitingHandler {
  /// Told `true` when a wait starts lasting, `false` when it ends.
  var handler: (@MainActor (Bool) -> Void)?

  /// Passes `waiting` on to the handler, if one is set.
  func tell(_ waiting: Bool) {
    handler?(waiting)
  }
}

@testable import ReplShellInspector
@testable import Scenarios
@testable import ReplShellSession
@testable import ReplShellDomain
@testable import ReplShellHost

/// The inspector's WebSocket messages: each line of the input is one text message of the page,
/// answered as the inspector's connection answers it (`InspectorConnection.replies`: decoded as
/// an `InspectorViewRequest` and checked, or as an `InspectorRequest`, then run, listed, searched,
/// asked `why`, or read at a history entry with entries skipped by `InspectedSession`) over
/// a fresh Animals session whose lines run through the shell's own path.
enum WebSocketTarget {
  static let target = FuzzTarget(name: "websocket") { bytes in
    let messages = Array(bytes.lines.prefix(16))
    onMainActor {
      let shell = await FuzzShells.started("animals")
      let session = InspectedSession(host: InspectorHost(shell: shell, run: { await shell.execute($0) }))
      for message in messages {
        _ = await InspectorConnection.replies(to: message, from: session)
      }
      await shell.close()
    }
  }
}

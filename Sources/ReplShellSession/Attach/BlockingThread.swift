import Foundation

/// The one place the attachment starts threads of its own: each runs a loop of blocking system
/// calls (`accept`, `recv` on a socket, `read` on standard input, a wait for the tap's next
/// dispatch), which must not hold a thread of Swift's cooperative pool. Everything else runs in
/// tasks.
///
/// The threads, by name:
/// - `replshell.attach.accept`: the app's listener, accepting shells (`ReplShellAttachment`).
/// - `replshell.attach.read`: one per attached shell in the app, reading its requests
///   (`AttachmentConnection`).
/// - `replshell.attach.write`: one per attached shell in the app, writing what its outbox
///   holds, so that the app never waits for a slow shell (`AttachmentOutbox`).
/// - `replshell.attach.tap`: describing the app's dispatches while a shell follows them
///   (`LiveHooks`), at the lowest priority: the diffs never take a core from the app.
/// - `replshell.inspection-link.read`: an attached shell's inspector, reading what the app
///   relays (`AttachedInspectionLink`).
/// - `replshell.attach.idle`: an attached shell's watch for the app's goodbye between lines
///   (`AttachIdleWatch`).
/// - `replshell.stdin`: a terminal or pipe read while an inspector serves (`TypedLines`).
/// - `replshell.mcp.input`: the MCP server's standard input (`StandardStreams`).
package enum BlockingThread {
  /// Starts `body` on a new thread called `name`.
  package static func start(_ name: String, _ body: @escaping @Sendable () -> Void) {
    let thread = Thread(block: body)
    thread.name = name
    thread.start()
  }
}

import Foundation

/// The one place the project starts threads of its own: each runs a blocking call (`recv` on a
/// socket, `read` on standard input, a wait for the tap's next dispatch), which must not hold a
/// thread of Swift's cooperative pool, or work at a lowered priority. Everything else runs in
/// tasks (and the inspector's long computations on Dispatch's global queue: `OffMainThread`; the
/// attachment's `accept` and Ctrl-C's pipe on dispatch read sources: `AttachAcceptor`, `Interrupt`).
///
/// It starts these threads, by name:
/// - `AttachSocket.readEach`: one loop for the three socket readers —
///   `replshell.attach.read`, one per attached shell in the app, reading its requests
///   (`AttachmentConnection`); `replshell.attach.connection`, an attached shell's one reader of
///   its connection, which routes every message the app sends (`AttachConnection`); and
///   `replshell.inspection-link.read`, an attached shell's inspector, reading what the app relays
///   (`AttachedInspectionLink`).
/// - the attachment's tap (`LiveStore.tap`, `TapDescriber`): `replshell.attach.tap`, describing the app's dispatches while a shell is
///   attached, at the lowest priority (the idle policy): the diffs never take a core from the app;
///   and `replshell.attach.catch-up`, at the normal priority while a shell's line waits for them.
/// - `OffMainThread.runInBackground`: `replshell.search-index`, the inspector's search index laid
///   out at nice 10 once a state is encoded, one at a time (a newer state stops the older one's).
/// - `StandardInputReader`: `replshell.stdin`, one thread for the process's life that reads each
///   line of the terminal or a pipe asked for while the main actor must stay free — an inspector
///   serves, or the shell is attached — and the MCP server's input, read to its end
///   (`StandardStreams`).
///
/// An attached shell's outbox in the app sends without blocking and waits for room on a dispatch
/// write source (`AttachmentOutbox`): it needs no thread.
public enum BlockingThread {
  /// Starts `body` on a new thread called `name`.
  public static func start(_ name: String, _ body: @escaping @Sendable () -> Void) {
    let thread = Thread(block: body)
    thread.name = name
    thread.start()
  }
}

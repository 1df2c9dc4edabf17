import ReplShellHost
import ReplShellSession
import Scenarios
import StateValues

/// The live web inspector of a shell session: serves the page on 127.0.0.1 from the shell's own
/// process, follows the session's events, and runs what the page asks for as command lines
/// through the front end's path. Register it in a `ReplShellApp`:
///
/// ```swift
/// static func makeInspector(_ host: InspectorHost) -> (any SessionInspector)? { WebInspector(host: host) }
/// ```
@MainActor public final class WebInspector: SessionInspector {
  /// How many events the server keeps for pages that connect later, unless told otherwise.
  public static let defaultEventLimit = 10_000

  private let host: InspectorHost
  private let eventLimit: Int
  private var server: InspectorServer?

  /// An inspector of `host`'s shell, keeping its last `eventLimit` events.
  public init(host: InspectorHost, eventLimit: Int = WebInspector.defaultEventLimit) {
    self.host = host
    self.eventLimit = eventLimit
  }

  /// The address being served, token included; nil until started.
  public var address: String? { server?.address }

  /// Serves the inspector on 127.0.0.1 at `port` (0: a free one) and returns its address with the
  /// token; the address already served when it runs.
  public func start(port: Int) async throws(CommandError) -> String {
    if let server { return server.address }
    let log = InspectorEventLog(limit: eventLimit)
    let source: any InspectionSource
    let follow: @Sendable () async -> Void
    #if canImport(Glibc)
    if let attached = host.attached {
      let session = AttachedSession(attached: attached)
      source = session
      follow = { await session.follow(into: log) }
    } else {
      source = InspectedSession(host: host)
      follow = Self.following(host.shell, into: log)
    }
    #else
    source = InspectedSession(host: host)
    follow = Self.following(host.shell, into: log)
    #endif
    let started = try await InspectorServer.start(port: port, log: log, session: source, following: follow)
    server = started
    return started.address
  }

  /// What feeds `log` with `shell`'s events: those it kept from before the inspector started
  /// (the session so far, when `inspect` is typed mid-session), then each new one.
  private static func following(_ shell: Shell, into log: InspectorEventLog) -> @Sendable () async -> Void {
    let (recent, live) = shell.events.subscribeRedactable(withRecent: log.limit)
    return {
      for event in recent { log.append(event) }
      await log.follow(live)
    }
  }

  /// Stops serving; open pages lose their connection.
  public func stop() async {
    await server?.stop()
    server = nil
    #if canImport(Glibc)
    host.attached?.link.close()
    #endif
  }
}

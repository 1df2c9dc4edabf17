/// What a shell and a running app it is attached to say to each other over the app's Unix socket.
///
/// Every message is one frame: a 4-byte big-endian length, then that many bytes of JSON, the
/// encoding of one `Codable` value (`AttachFrame`). The app speaks first: `AppMessage.hello`
/// with its `protocolVersion`; the shell answers `ShellRequest.hello` with its own. When the two
/// differ, each side says so in one error that names both versions and what to do, and the
/// connection ends. `Documentation/Protocol.md` describes every message, and
/// `Documentation/protocol.schema.json` is the JSON Schema generated from these types.
public enum AttachProtocol {
  /// The version of the messages this build speaks. An app that announces none speaks version 1,
  /// the dictionaries of the releases before the handshake; 2 is the typed messages; 3 adds
  /// a dispatch's history entry and cause (`id`, `cause`), the `break` and `snapshot` events,
  /// and the inspector's `why` request, which a shell or app of version 2 cannot read.
  public static let version = 3

  /// The largest frame an app accepts from a shell (a request is one command line): a bigger
  /// length closes that connection.
  public static let maximumRequestLength = 1 << 20

  /// The largest frame a shell accepts from its app, which the kernel has vouched for by then
  /// (same uid): `state` or `diff` of a 64k-quake app prints tens of MiB in one event.
  public static let maximumReplyLength = 256 << 20

  /// The one error a shell gives when its app speaks `appVersion` (nil: it announced none).
  public static func shellMismatch(appVersion: Int?, app: String) -> String {
    "\(app) speaks attach protocol \(appVersion ?? 1) and this shell speaks \(version): "
      + (appVersion ?? 1 < version
        ? "rebuild the app against this revision's ReplShellAttachment, or attach with the replshell of the app's revision"
        : "attach with a replshell of the app's revision (or newer), or rebuild the app against this shell's revision")
  }

  /// The one refusal an app sends a shell that speaks `shellVersion` (nil: it announced none).
  public static func appMismatch(shellVersion: Int?) -> String {
    "this app speaks attach protocol \(version) and the shell speaks \(shellVersion.map(String.init) ?? "1 (it announced no version)"): "
      + (shellVersion ?? 1 < version
        ? "attach with a replshell of the app's revision, or rebuild the app against the shell's"
        : "rebuild the app against the shell's revision of ReplShellAttachment, or attach with a replshell of the app's revision")
  }
}

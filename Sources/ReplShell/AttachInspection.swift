// Linux only for now: the attachment is.
#if canImport(Glibc)
import Foundation
import ReplShellHost
import ReplShellSession
import Scenarios
import StateValues

/// The web inspector of an attached shell (`--attach X --inspect`, or `inspect` typed there): the
/// app's inspector factory, given a host that reaches the session the app keeps for this shell
/// over a second connection of its own; the terminal prints the lines the page runs.
@MainActor final class AttachInspection {
  private let makeInspector: @MainActor (InspectorHost) -> (any SessionInspector)?
  private let path: String
  private let label: String
  let terminal: AttachedTerminal
  private var inspector: (any SessionInspector)?

  init(path: String, label: String, terminal: AttachedTerminal, makeInspector: @escaping @MainActor (InspectorHost) -> (any SessionInspector)?) {
    self.path = path
    self.label = label
    self.terminal = terminal
    self.makeInspector = makeInspector
  }

  /// Whether an inspector serves.
  var isServing: Bool { inspector?.address != nil }

  /// Starts the inspector on `port` (0: a free one), asking the app over `connection` (the
  /// shell's, between two lines) for the key its own connection follows this shell with;
  /// returns the address to open. When already serving, returns that address.
  func start(port: Int, on connection: AttachConnection) async throws(CommandError) -> String {
    if let address = inspector?.address { return address }
    guard let key = await connection.link(within: 10_000) else {
      throw CommandError("\(label) did not answer `inspect`")
    }
    let link = try AttachedInspectionLink.open(path: path, key: key, label: label)
    // The host's shell holds no session: the app keeps it; it is there for the factory's signature.
    let placeholder = Shell(domains: [], isScript: false, baseDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
    let placeholderHost = SessionHost(shell: placeholder)
    var host = InspectorHost(shell: placeholder, run: { line in await placeholderHost.run(line) })
    let terminal = self.terminal
    host.attached = AttachedInspection(link: link) { events, prompt in terminal.show(events, prompt: prompt) }
    guard let made = makeInspector(host) else {
      link.close()
      throw .noInspector
    }
    do {
      let address = try await made.start(port: port)
      inspector = made
      return address
    } catch {
      link.close()
      throw error
    }
  }

  /// Stops serving.
  func stop() async {
    await inspector?.stop()
    inspector = nil
  }

  /// The port an `inspect [port]` line asks for; nil for any other line; an error for a bad port.
  static func port(in line: String) -> Result<Int, CommandError>? {
    let words = line.split(whereSeparator: \.isWhitespace)
    guard words.first == "inspect" else { return nil }
    guard words.count > 1 else { return .success(0) }
    guard words.count == 2, let port = Int(words[1]), (0...65_535).contains(port) else {
      return .failure(CommandError("expected a port number such as `8123` (or none, for a free port), found `\(words.dropFirst().joined(separator: " "))`"))
    }
    return .success(port)
  }
}
#endif

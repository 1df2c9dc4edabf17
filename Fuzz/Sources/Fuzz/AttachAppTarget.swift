import CounterData
@testable import ReplShellCommands
import ReplShellFoundation
import Foundation
import ReplShellAttachment
import ReplShellTransport
import SampleDomains
@testable import ReplShell
@testable import Scenarios
@testable import ReplShellSession
@testable import ReplShellDomain
@testable import SessionProtocol

/// Attach frames, the app's side: a real attachment (`ReplShellAttachment`, writes allowed) over
/// a Counter store, its socket in the scratch folder (`XDG_RUNTIME_DIR`, set by `make fuzz`). For
/// each input the target connects as a shell does, takes the app's hello and answers it, then
/// writes the input as it is (length-prefixed frames, or not) and closes its side; it reads what
/// the app answers until the app closes the connection. The app must go on serving: the next
/// input connects again.
///
/// An input whose frames decode (with the app's own decoder) to a line that reaches beyond the
/// app's state (`save`, `source`, `use`, `explore`…) is not sent: an attached session has no
/// reach limit of its own, and the fuzzer must not write files.
enum AttachAppTarget {
  static let target = FuzzTarget(name: "attach-app") { bytes in
    guard !reachesOutside(bytes) else { return }
    let path = attachment.path
    let socket: AttachSocket
    do throws(CommandError) {
      socket = try AttachSocket.connectToOwnApp(at: path)
      _ = try socket.greetApp(named: path, within: 10_000, silence: "the app did not greet", answers: true)
    } catch {
      fatalError("the attached app stopped serving: \(error.message)")
    }
    _ = socket.writeAll(bytes)
    _ = Glibc.shutdown(socket.descriptor, Int32(SHUT_WR))
    while (try? socket.receive(AppMessage.self, limit: AttachProtocol.maximumReplyLength)) != nil {}
    socket.close()
  }

  /// The app, opened on first use.
  private static let attachment: ReplShellAttachment = onMainActor {
    let store = Store(initialState: CounterState(), reducer: CounterReducer.reduce)
    let attachment = ReplShellAttachment(store: store, domain: .counter, app: "fuzz", allowsWrites: true)
    guard attachment.isOpen else { fatalError("the fuzz attachment did not open at \(attachment.path)") }
    return attachment
  }

  /// Whether a frame of `bytes` is a line whose command reaches beyond the app's state.
  private static func reachesOutside(_ bytes: [UInt8]) -> Bool {
    var rest = bytes[...]
    while rest.count >= 4 {
      guard let length = try? AttachFrame.length(ofHeader: Array(rest.prefix(4)), limit: AttachProtocol.maximumRequestLength),
        rest.count >= 4 + length
      else { return false }
      let body = Array(rest.dropFirst(4).prefix(length))
      rest = rest.dropFirst(4 + length)
      guard case .line(let line, _)? = try? AttachFrame.message(ShellRequest.self, from: body) else { continue }
      guard let command = try? CommandParser.parse(line) else { continue }
      if type(of: command).reach > .appState { return true }
    }
    return false
  }
}

/// Attach frames, the shell's side: the input is what an app sends, through a socket pair,
/// read as `replshell --attach` reads it: its first message is the app's greeting
/// (`AttachSocket.greetApp`), then frames until the end, each event rendered as the attached
/// shell prints it (control characters escaped), and as `--format json` writes it.
enum AttachShellTarget {
  static let target = FuzzTarget(name: "attach-shell") { bytes in
    var pair: [Int32] = [0, 0]
    guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair) == 0 else { fatalError("socketpair: \(errno)") }
    let (shellSide, appSide) = (AttachSocket(descriptor: pair[0]), AttachSocket(descriptor: pair[1]))
    // The app writes on a thread of its own: a socket holds only so much unread.
    let app = Thread {
      _ = appSide.writeAll(bytes)
      _ = Glibc.shutdown(appSide.descriptor, Int32(SHUT_WR))
      // Whatever the shell answers is read and dropped, so its writes never block.
      var sink = [UInt8](repeating: 0, count: 4_096)
      while recv(appSide.descriptor, &sink, sink.count, 0) > 0 {}
      appSide.close()
    }
    app.start()
    do throws(CommandError) {
      _ = try shellSide.greetApp(named: "fuzz@1", within: 10_000, silence: "fuzz@1 did not greet", answers: true)
    } catch {
      // greetApp closed the socket.
      return
    }
    while let message = try? shellSide.receive(AppMessage.self, limit: AttachProtocol.maximumReplyLength) {
      guard case .event(let event) = message else { continue }
      _ = ControlCharacters.escaped(TranscriptRenderer.lines(for: [event], echoesCommands: false))
      _ = ControlCharacters.escaped(OutputFormat.jsonLines([event]))
    }
    shellSide.shutdown()
    shellSide.close()
  }
}

import Foundation
import Glibc
import ReplShellTransport
import Scenarios
import SessionProtocol
import StateValues

/// `AttachedCounter --impostor PATH`: a stranger posing as an app, for the tests of what an
/// attached shell trusts. It listens on `PATH` (a socket of mode 0666), prints `listening (PATH)`,
/// and greets each shell that connects as an app named with terminal escapes would; it answers
/// every line with output full of control characters (a window title, a bell, colours, a
/// cleared screen). It prints `accepted` for each connection, `received TEXT` for each frame a
/// shell sent, and `closed after N frames` when the shell leaves; it ends with its input.
struct Impostor {
  let path: String
  /// The attach protocol version its hello announces; nil announces none.
  let protocolVersion: Int?
  /// The frame it answers a shell's first line with, instead of an answer; nil answers.
  var fault: Fault?

  /// A frame that breaks the attach protocol, as a broken or hostile app could send it.
  enum Fault: String {
    /// A header announcing 300 MiB, past what a shell accepts.
    case oversized
    /// A body that is not UTF-8.
    case notUTF8 = "not-utf8"
    /// A body that is not JSON.
    case garbage
    /// A frame of length 0.
    case empty
    /// JSON nested 100,000 arrays deep.
    case deep
    /// An event of a kind no shell knows.
    case unknownEvent = "unknown-event"

    /// The frame's bytes.
    var frame: [UInt8] {
      // Only the header: the shell refuses the length before it reads a byte more.
      if self == .oversized { return withUnsafeBytes(of: UInt32(300 << 20).bigEndian) { Array($0) } }
      let body: [UInt8] =
        switch self {
        case .oversized: []
        case .notUTF8: [0x7B, 0xFF, 0xFE, 0x7D]
        case .garbage: Array("garbage, not JSON".utf8)
        case .empty: []
        case .deep: Array((String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)).utf8)
        case .unknownEvent: Array(#"{"event": "teleported", "to": "mars"}"#.utf8)
        }
      return withUnsafeBytes(of: UInt32(body.count).bigEndian) { Array($0) } + body
    }
  }

  /// What it prints into a shell's terminal: an OSC window title ended by a bell, a colour, a
  /// clear screen, a carriage return and a C1 control (CSI).
  static let escapes = "\u{1B}]0;owned\u{7}title \u{1B}[31mred\u{1B}[2J\rback \u{9B}31m"

  func run() -> Never {
    Thread.detachNewThread {
      while readLine() != nil {}
      exit(0)
    }
    let listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    guard var address = try? AttachSocket.unixAddress(path) else { fail("the path is too long") }
    unlink(path)
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
    }
    guard bound == 0, listen(listener, 16) == 0 else { fail("cannot listen on \(path): \(String(cString: strerror(errno)))") }
    chmod(path, 0o666)
    say("listening (\(path))")
    while true {
      let descriptor = accept(listener, nil, nil)
      guard descriptor >= 0 else { continue }
      say("accepted")
      serve(AttachSocket(descriptor: descriptor))
    }
  }

  /// Greets one shell, answers its lines, and reports what it sent.
  private func serve(_ shell: AttachSocket) {
    let done = AppMessage.done(LineDone(succeeded: true, quit: false, prompt: "fake\(Self.escapes)> ", tailing: false))
    shell.send(AppMessage.hello(AppHello(app: "counter\(Self.escapes)", domain: "counter", pid: Int(getpid()), writes: true, started: Date().timeIntervalSince1970, protocolVersion: protocolVersion)))
    shell.send(done)
    var frames = 0
    while let request = try? shell.receive(ShellRequest.self, limit: AttachProtocol.maximumRequestLength) {
      frames += 1
      let text = (try? AttachFrame.bytes(of: request)).map { String(decoding: $0.dropFirst(4), as: UTF8.self) } ?? "?"
      say("received \(text)")
      if case .hello = request { continue }
      if let fault {
        _ = shell.writeAll(fault.frame)
        continue
      }
      shell.send(AppMessage.event(.output([OutputLine(.plain, "printed \(Self.escapes) end")])))
      shell.send(done)
    }
    shell.close()
    say("closed after \(frames) frames")
  }

  private func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
  }

  private func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("impostor: \(message)\n".utf8))
    exit(2)
  }
}

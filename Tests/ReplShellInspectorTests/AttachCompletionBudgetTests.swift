import Foundation
import Scenarios
import Synchronization
import Testing

/// An attached shell's completion never holds the app: the app takes the session's snapshot on
/// its main actor and completes off it, so its own work (taps) goes on while the request is out,
/// and every request gets an answer or a refusal.
///
/// How "on time" is judged without a clock: the test sends a batch of `requests` long-bracket
/// completions at once (the app serves them one after another), then taps the app `taps` times,
/// one tap after the app printed the previous one, and counts the taps the app served before the
/// batch's last answer came back. An app whose main actor runs each completion can serve at most
/// one tap between two completions, so at most `requests + 1` taps — fewer than 90% of `taps` —
/// whatever the machine's speed; an app that completes off its main actor serves each tap while
/// the batch computes.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct AttachCompletionBudgetTests {
  private static let requests = 30
  private static let taps = 40
  /// Brackets per request: ten times the 10,000 that froze the app, so that a batch's work
  /// outlasts 40 taps by far; a request stays well under the 1 MiB an app accepts.
  private static let brackets = 100_000

  @Test func theAppKeepsTappingWhileAShellCompletesALongBracketLine() async throws {
    let app = try TappingApp()
    defer { app.stop() }
    let socket = try app.connect()
    defer { socket.close() }

    let answers = Atomic<Int>(0)
    let refusals = Mutex<[String]>([])
    let answered = AsyncStream<Void>.makeStream()
    Thread.detachNewThread {
      while answers.load(ordering: .relaxed) < Self.requests, socket.isReadable(within: 170_000) {
        guard let message = try? socket.receive(AppMessage.self, limit: AttachProtocol.maximumReplyLength) else { break }
        guard case .completions(let answer) = message else { continue }
        if let refused = answer.refused { refusals.withLock { $0.append(refused) } }
        answers.add(1, ordering: .relaxed)
      }
      answered.continuation.finish()
    }

    let line = "state " + String(repeating: "[", count: Self.brackets)
    for _ in 0..<Self.requests { #expect(socket.send(ShellRequest.complete(line))) }
    var onTime = 0
    var served = app.tapsServed.makeAsyncIterator()
    for tap in 1...Self.taps {
      app.send("inc")
      let number = await served.next()
      #expect(number == tap, "the app's tap \(tap) never came")
      if answers.load(ordering: .relaxed) < Self.requests { onTime += 1 }
    }
    for await _ in answered.stream {}

    #expect(answers.load(ordering: .relaxed) == Self.requests, "every request is answered or refused")
    #expect(onTime * 10 >= Self.taps * 9, "\(onTime) of \(Self.taps) taps served while the completions were out")
    for refused in refusals.withLock({ $0 }) {
      #expect(refused.hasPrefix("completion gave up after 1 s on a 100,006-character line; shorten the path"))
    }
  }

  @Test func aTenThousandBracketLineIsAnswered() async throws {
    let app = try TappingApp()
    defer { app.stop() }
    let socket = try app.connect()
    defer { socket.close() }
    #expect(socket.send(ShellRequest.complete("state " + String(repeating: "[", count: 10_000))))
    var answer: CompletionAnswer?
    while answer == nil, socket.isReadable(within: 170_000) {
      if case .completions(let completions) = try socket.receive(AppMessage.self, limit: AttachProtocol.maximumReplyLength) { answer = completions }
    }
    // No path starts with 10,000 brackets: no candidates, and no refusal unless the machine took
    // more than the app's second for it.
    #expect(answer?.candidates == [], "\(String(describing: answer))")
    #expect(socket.send(ShellRequest.complete("state va")))
    answer = nil
    while answer == nil, socket.isReadable(within: 170_000) {
      if case .completions(let completions) = try socket.receive(AppMessage.self, limit: AttachProtocol.maximumReplyLength) { answer = completions }
    }
    #expect(answer?.candidates.map(\.text) == ["value"])
  }
}

/// `AttachedCounter` in a folder of its own, its output read line by line from a pipe as it
/// comes (no polling): the numbers of the taps it served, in order.
private final class TappingApp: @unchecked Sendable {
  let folder: URL
  let process = Process()
  private let input = Pipe()
  private let output = Pipe()
  let socketPath: String
  /// The number of each tap the app printed (`tap N at MS`).
  let tapsServed: AsyncStream<Int>

  init() throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("attach-complete-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    process.executableURL = URL(fileURLWithPath: try PipedChild.built("AttachedCounter"))
    process.environment = ProcessInfo.processInfo.environment.merging(["XDG_RUNTIME_DIR": folder.path]) { $1 }
    process.standardInput = input
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let (taps, continuation) = AsyncStream<Int>.makeStream()
    tapsServed = taps
    let reading = output.fileHandleForReading
    // The reader hands over the first line, `attach (PATH)`, then the taps' numbers as they come.
    let firstLine = Mutex<String?>(nil)
    let printedFirstLine = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      var pending = Data()
      var isFirst = true
      while case let chunk = reading.availableData, !chunk.isEmpty {
        pending.append(chunk)
        while let end = pending.firstIndex(of: UInt8(ascii: "\n")) {
          let line = String(decoding: pending[pending.startIndex..<end], as: UTF8.self)
          pending.removeSubrange(pending.startIndex...end)
          if isFirst {
            isFirst = false
            firstLine.withLock { $0 = line }
            printedFirstLine.signal()
          } else if line.hasPrefix("tap "), let number = Int(line.split(separator: " ")[1]) {
            continuation.yield(number)
          }
        }
      }
      continuation.finish()
      if isFirst { printedFirstLine.signal() }
    }
    printedFirstLine.wait()
    guard let first = firstLine.withLock({ $0 }), first.hasPrefix("attach ("), first.hasSuffix(")") else {
      throw PipedChild.Failure(description: "AttachedCounter did not open its attachment")
    }
    socketPath = String(first.dropFirst("attach (".count).dropLast())
  }

  /// Connects as a shell: the app's hello, the shell's, and the `done` of the session it opens.
  func connect() throws -> AttachSocket {
    let socket = try AttachSocket.connect(to: socketPath)
    guard socket.isReadable(within: 170_000), case .hello = try socket.receive(AppMessage.self, limit: AttachProtocol.maximumReplyLength),
      socket.send(ShellRequest.hello(protocolVersion: AttachProtocol.version)), socket.isReadable(within: 170_000),
      case .done = try socket.receive(AppMessage.self, limit: AttachProtocol.maximumReplyLength)
    else { throw PipedChild.Failure(description: "the app did not greet the shell") }
    return socket
  }

  func send(_ line: String) {
    input.fileHandleForWriting.write(Data((line + "\n").utf8))
  }

  /// Closes its input (the end of its input ends it), waits for it, and removes its folder.
  func stop() {
    try? input.fileHandleForWriting.close()
    process.waitUntilExit()
    try? FileManager.default.removeItem(at: folder)
  }
}

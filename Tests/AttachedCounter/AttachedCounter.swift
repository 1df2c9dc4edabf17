import CounterData
import Foundation
import ImmutableData
import ReplShellAttachment
import SampleDomains
import SessionProtocol

/// `AttachedCounter`: a running app for the tests of `replshell --attach`: a Counter store with
/// its attachment open. It prints `attach (PATH)` once it listens (`no attachment (PATH)` when
/// the attachment could not open, after the attachment's log line; it runs on all the same);
/// each line on standard input is a tap of the app's own (`inc`, `dec`), after which it prints
/// `tap N at MS` (when it dispatched, in Unix milliseconds), or `block`, which blocks its main
/// actor (as an app that reads input on its main thread does) until the line `unblock`;
/// `--allow-writes` lets attached shells dispatch; `--flight-recorder PATH` (with
/// `--flight-recorder-max BYTES`) keeps a flight recorder's log of its actions. The end of its input closes the attachment
/// and ends it. `--impostor PATH` makes it a stranger posing as an app instead (`Impostor`);
/// with `--impostor-protocol N` it announces attach protocol N (0: none, as apps before the
/// handshake did); with `--impostor-fault KIND` it answers a shell's first line with a frame that
/// breaks the protocol (`Impostor.Fault`).
@main struct AttachedCounter {
  @MainActor static func main() async throws {
    let arguments = CommandLine.arguments
    if let index = arguments.firstIndex(of: "--impostor"), index + 1 < arguments.count {
      let version = arguments.firstIndex(of: "--impostor-protocol").flatMap { Int(arguments[$0 + 1]) }
      let fault = arguments.firstIndex(of: "--impostor-fault").flatMap { Impostor.Fault(rawValue: arguments[$0 + 1]) }
      Impostor(path: arguments[index + 1], protocolVersion: version.map { $0 == 0 ? nil : $0 } ?? AttachProtocol.version, fault: fault).run()
    }
    let allowsWrites = arguments.contains("--allow-writes")
    let store = Store(initialState: CounterState(), reducer: CounterReducer.reduce)
    let recorder = arguments.firstIndex(of: "--flight-recorder").map { index in
      FlightRecorder(path: arguments[index + 1], maxBytes: arguments.firstIndex(of: "--flight-recorder-max").flatMap { Int(arguments[$0 + 1]) } ?? 16 << 20)
    }
    let attachment = ReplShellAttachment(
      store: store, domain: .counter, app: "attachedcounter", allowsWrites: allowsWrites, flightRecorder: recorder)
    FileHandle.standardOutput.write(Data("\(attachment.isOpen ? "attach" : "no attachment") (\(attachment.path))\n".utf8))
    // `unblock` is read on the reader's thread: the main thread is the one it frees.
    let unblocked = DispatchSemaphore(value: 0)
    let lines = AsyncStream<String> { continuation in
      Thread.detachNewThread {
        while let line = readLine() {
          if line == "unblock" { unblocked.signal() } else { continuation.yield(line) }
        }
        unblocked.signal()
        continuation.finish()
      }
    }
    var taps = 0
    for await line in lines {
      if line == "block" {
        FileHandle.standardOutput.write(Data("blocking\n".utf8))
        unblocked.wait()  // blocks the thread, as a blocking read would
        FileHandle.standardOutput.write(Data("unblocked\n".utf8))
        continue
      }
      switch line {
      case "inc": try? store.dispatch(action: .didTapIncrementButton)
      case "dec": try? store.dispatch(action: .didTapDecrementButton)
      default: continue
      }
      // When it dispatched, in Unix milliseconds: the tests measure how late a page shows it.
      taps += 1
      FileHandle.standardOutput.write(Data("tap \(taps) at \(String(format: "%.1f", Date().timeIntervalSince1970 * 1000))\n".utf8))
    }
    attachment.close()
  }
}

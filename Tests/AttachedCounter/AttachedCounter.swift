import CounterData
import Foundation
import ReplShellAttachment
import SampleDomains

/// `AttachedCounter`: a running app for the tests of `replshell --attach`: a Counter store with
/// its attachment open. It prints `attach (PATH)` once it listens; each line on standard input
/// is a tap of the app's own (`inc`, `dec`), after which it prints `tap N at MS` (when it
/// dispatched, in Unix milliseconds); `--allow-writes` lets attached shells dispatch. The
/// end of its input closes the attachment and ends it.
@main struct AttachedCounter {
  @MainActor static func main() async throws {
    let allowsWrites = CommandLine.arguments.contains("--allow-writes")
    let store = Store(initialState: CounterState(), reducer: CounterReducer.reduce)
    let attachment = try ReplShellAttachment(store: store, domain: .counter, app: "attachedcounter", allowsWrites: allowsWrites)
    FileHandle.standardOutput.write(Data("attach (\(attachment.path))\n".utf8))
    let lines = AsyncStream<String> { continuation in
      Thread.detachNewThread {
        while let line = readLine() { continuation.yield(line) }
        continuation.finish()
      }
    }
    var taps = 0
    for await line in lines {
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

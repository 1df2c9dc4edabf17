import CounterData
import Foundation
import ReplShellAttachment
import SampleDomains

/// `AttachedCounter`: a running app for the tests of `replshell --attach`: a Counter store with
/// its attachment open. It prints `attach (PATH)` once it listens; each line on standard input
/// is a tap of the app's own (`inc`, `dec`), after which it prints `tap N at MS` (when it
/// dispatched, in Unix milliseconds), or `block MS`, which blocks its main actor that long (as an
/// app that reads input on its main thread does); `--allow-writes` lets attached shells
/// dispatch. The end of its input closes the attachment and ends it.
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
      if line.hasPrefix("block "), let milliseconds = Double(line.dropFirst("block ".count)) {
        FileHandle.standardOutput.write(Data("blocking\n".utf8))
        usleep(UInt32(milliseconds * 1_000))  // blocks the thread, as a blocking read would
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

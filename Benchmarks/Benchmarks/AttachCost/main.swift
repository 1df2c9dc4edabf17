import CounterData
import Foundation
import ReplShellAttachment

// What an attachment costs the app: its dispatch with no shell and with 10 shells tailing (one
// run, medians, the ratio), and the round trip of `select` over the socket against the same
// line in a local session. A plain release executable: `swift run -c release AttachCost`.

let counter = Domain(
  name: "counter", summary: "one integer", initialState: { CounterState() }, reducer: CounterReducer.reduce,
  actionExamples: [CounterAction.didTapIncrementButton, .didTapDecrementButton],
  selectors: [SelectorDefinition("selectValue") { CounterState.selectValue() }])

/// A shell that tails as fast as it can read: a raw client of the socket on a thread of its own.
final class TailingShell: @unchecked Sendable {
  let descriptor: Int32
  private let lock = NSLock()
  private var frames = 0

  init(path: String) {
    descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { buffer in
      let bytes = Array(path.utf8)
      buffer.copyBytes(from: bytes)
      buffer[bytes.count] = 0
    }
    _ = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
    }
  }

  func send(_ text: String) {
    let body = Array(text.utf8)
    let length = UInt32(body.count).bigEndian
    let frame = withUnsafeBytes(of: length) { Array($0) } + body
    _ = frame.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
  }

  /// Reads and counts frames until the socket closes.
  func drain() {
    Thread.detachNewThread { [self] in
      var buffer = [UInt8](repeating: 0, count: 1 << 16)
      while recv(descriptor, &buffer, buffer.count, 0) > 0 {
        lock.lock()
        frames += 1
        lock.unlock()
      }
    }
  }

  var received: Int {
    lock.lock()
    defer { lock.unlock() }
    return frames
  }

  /// One request and everything up to its `done`, read on this thread (blocking).
  func roundTrip(_ line: String) {
    send("{\"line\": \"\(line)\"}")
    var text = ""
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while !text.contains("\"event\":\"done\"") {
      let got = recv(descriptor, &buffer, buffer.count, 0)
      guard got > 0 else { return }
      text += String(decoding: buffer[0..<got], as: UTF8.self)
    }
  }
}

func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  return sorted[sorted.count / 2]
}

/// Seconds `work` takes on the main actor.
@MainActor func time(_ work: () throws -> Void) rethrows -> Double {
  let start = ContinuousClock.now
  try work()
  let elapsed = ContinuousClock.now - start
  return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
}

/// Runs blocking work on a thread of its own while the main actor stays free to answer.
func offMain<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
  await withCheckedContinuation { continuation in
    Thread.detachNewThread { continuation.resume(returning: work()) }
  }
}

@MainActor func measure() async throws {
  let dispatches = 10_000
  let samples = 21
  let store = Store(initialState: CounterState(), reducer: CounterReducer.reduce)
  let attachment = try ReplShellAttachment(store: store, domain: counter, app: "attachcost")
  func sampleDispatch() async throws -> Double {
    let seconds = try time { for _ in 0..<dispatches { try store.dispatch(action: .didTapIncrementButton) } }
    try await Task.sleep(for: .milliseconds(150))  // the tap and the shells catch up between samples
    return seconds / Double(dispatches) * 1e9
  }
  var alone: [Double] = []
  for _ in 0..<samples { alone.append(try await sampleDispatch()) }
  // One shell tails and stops: the tap runs (one more stream on the store, the diffs computed
  // off the main actor), with no shell to send to.
  let first = TailingShell(path: attachment.path)
  first.drain()
  first.send("{\"line\": \"tail\"}")
  try await Task.sleep(for: .milliseconds(300))
  first.send("{\"untail\": true}")
  try await Task.sleep(for: .milliseconds(300))
  var tapOnly: [Double] = []
  for _ in 0..<samples { tapOnly.append(try await sampleDispatch()) }
  let shells = (0..<10).map { _ in TailingShell(path: attachment.path) }
  for shell in shells {
    shell.send("{\"line\": \"tail\"}")
    shell.drain()
  }
  try await Task.sleep(for: .milliseconds(300))
  try store.dispatch(action: .didTapIncrementButton)
  while shells.contains(where: { $0.received < 3 }) { try await Task.sleep(for: .milliseconds(10)) }
  var tailed: [Double] = []
  for _ in 0..<samples { tailed.append(try await sampleDispatch()) }
  let delivered = shells.map(\.received)
  let format = { (value: Double) in String(format: "%.1f", value) }
  print("dispatch, no shell attached:      median \(format(median(alone))) ns")
  print("dispatch, tap running, no shell:  median \(format(median(tapOnly))) ns  (\(String(format: "%.2f", median(tapOnly) / median(alone)))×)")
  print("dispatch, 10 shells tailing:      median \(format(median(tailed))) ns  (\(String(format: "%.2f", median(tailed) / median(alone)))× no shell, \(String(format: "%.2f", median(tailed) / median(tapOnly)))× tap only; reads per shell: \(delivered.min()!)…\(delivered.max()!))")

  let shell = TailingShell(path: attachment.path)
  // The round trips run on a thread of their own, timed there; the main actor answers them.
  let remote = await offMain { () -> [Double] in
    shell.roundTrip("select selectValue")
    return (0..<201).map { _ in
      let start = ContinuousClock.now
      shell.roundTrip("select selectValue")
      return Double((ContinuousClock.now - start).components.attoseconds) * 1e-12
    }
  }
  let local = Shell(domains: [counter], isScript: false, baseDirectory: URL(fileURLWithPath: "/"))
  try await local.start(domain: "counter")
  var here: [Double] = []
  for _ in 0..<201 {
    let start = ContinuousClock.now
    _ = await local.execute("select selectValue")
    here.append(Double((ContinuousClock.now - start).components.attoseconds) * 1e-12)
  }
  print("select, local session:            median \(String(format: "%.1f", median(here))) µs")
  print("select, over the socket:          median \(String(format: "%.1f", median(remote))) µs  (\(String(format: "%.1f", median(remote) / median(here)))×)")
  attachment.close()
}

try await measure()

import Foundation
import SampleDomains
import SystemPackage
@testable import ReplShell
@testable import Scenarios
@testable import ReplShellSession
@testable import ReplShellDomain

/// MCP lines: the input is what a client writes to `replshell --mcp`'s standard input, served by
/// the real server (`MCPMode.serve`: the line framer, the transport that answers what the SDK
/// would not, the SDK, the tools and resources over a Counter session) through a pipe; the
/// replies go to `/dev/null`. The line limit is 2 KiB here, so the refusal of longer lines is
/// reached with inputs libFuzzer makes.
enum MCPTarget {
  static let target = FuzzTarget(name: "mcp") { bytes in
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { fatalError("pipe: \(Errno(rawValue: errno))") }
    let (input, feed) = (FileDescriptor(rawValue: ends[0]), FileDescriptor(rawValue: ends[1]))
    // The client writes on a thread of its own: a pipe holds 64 KiB, the server reads as it serves.
    let writer = Thread {
      _ = try? bytes.withUnsafeBytes { try feed.writeAll($0) }
      try? feed.close()
    }
    writer.start()
    let served = onMainActor {
      let output: FileDescriptor
      do {
        output = try FileDescriptor.open("/dev/null", .writeOnly)
      } catch {
        fatalError("cannot open /dev/null: \(error)")
      }
      let shell = await FuzzShells.started("counter")
      let mode = MCPMode(domains: Domain.samples, domain: "counter", programName: "replshell", version: "fuzz", lineLimit: 2_048)
      let served = await mode.serve(shell, input: input, output: output)
      try? output.close()
      return served
    }
    try? input.close()
    if !served { fatalError("the MCP server did not start") }
  }
}

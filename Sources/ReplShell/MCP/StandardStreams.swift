import Foundation
import MCP
import Synchronization
import SystemPackage

/// The MCP server's two byte streams: lines read from its input, and messages written to the
/// protocol's output, each followed by a newline.
///
/// Reading is a blocking `read` on the process's one input-reading thread
/// (`StandardInputReader.readOnItsOwnThread`), so neither descriptor is switched to non-blocking
/// mode (a flag that lives on the open file, which the process that started the server shares:
/// the SDK's `StdioTransport` set it on both), and the end of the input is seen the moment it
/// happens. Writing happens in the caller's context, which is the transport's actor
/// (`MCPTransport`): messages leave whole and in the order the actor hands them over, with no
/// queue or thread of their own. A client that stops reading its replies holds that actor (and
/// one thread of the pool) in `write` until it reads again; it can be answered nothing meanwhile
/// anyway, and the input is still read, so a client that writes everything before it reads is
/// not stuck on a full input pipe.
final class StandardStreams: Sendable {
  /// Input is read in pieces of this size.
  static let readSize = 64 * 1024

  private let input: FileDescriptor
  private let output: FileDescriptor
  private let lineLimit: Int
  /// The first write that failed (the client closed the output): the next `flush()` throws it.
  private let writeFailure = Mutex<(any Error)?>(nil)

  /// Reads lines of at most `lineLimit` bytes from `input`, and writes messages to `output`.
  init(input: FileDescriptor, output: FileDescriptor, lineLimit: Int) {
    self.input = input
    self.output = output
    self.lineLimit = lineLimit
  }

  /// The input's lines as they arrive, then the last one if no newline ended it; the stream ends
  /// with the input, or throws the error that stopped reading. Call it once.
  func frames() -> AsyncThrowingStream<LineFramer.Frame, any Error> {
    let (stream, continuation) = AsyncThrowingStream.makeStream(of: LineFramer.Frame.self, throwing: (any Error).self)
    let input = input
    let lineLimit = lineLimit
    StandardInputReader.readOnItsOwnThread {
      var framer = LineFramer(limit: lineLimit)
      let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.readSize, alignment: 1)
      defer { buffer.deallocate() }
      while true {
        let count: Int
        do {
          count = try input.read(into: buffer, retryOnInterrupt: true)
        } catch Errno.resourceTemporarilyUnavailable {
          // Another process set O_NONBLOCK on the shared input: wait until it has bytes.
          Self.wait(for: input, events: Int16(POLLIN))
          continue
        } catch {
          continuation.finish(throwing: MCPError.transportError(error))
          return
        }
        if count == 0 { break }
        for frame in framer.frames(adding: UnsafeRawBufferPointer(rebasing: buffer[..<count])) {
          continuation.yield(frame)
        }
      }
      if let last = framer.end() { continuation.yield(last) }
      continuation.finish()
    }
    return stream
  }

  /// Writes `message` and its newline now, in the caller's context (after everything handed
  /// over before it, which was written when it was handed over); a failure is kept for the next
  /// `flush()`, the writes after it are skipped.
  func enqueue(_ message: Data) {
    guard writeFailure.withLock({ $0 }) == nil else { return }
    do {
      try Self.write(message, to: output)
    } catch {
      writeFailure.withLock { $0 = $0 ?? error }
    }
  }

  /// Writes `message` and its newline now, in the caller's context; throws when the output is
  /// closed.
  func write(_ message: Data) throws {
    try Self.write(message, to: output)
  }

  /// Throws when a write handed to `enqueue` failed; every message handed over so far was written
  /// when it was handed over, so the last replies have left once this returns.
  func flush() throws {
    if let failure = writeFailure.withLock({ $0 }) { throw failure }
  }

  private static func write(_ message: Data, to output: FileDescriptor) throws {
    var line = message
    line.append(UInt8(ascii: "\n"))
    var written = 0
    while written < line.count {
      do {
        written += try line[written...].withUnsafeBytes { try output.write($0, retryOnInterrupt: true) }
      } catch Errno.resourceTemporarilyUnavailable {
        // Another process set O_NONBLOCK on the shared output: wait until it takes bytes.
        wait(for: output, events: Int16(POLLOUT))
      } catch {
        throw MCPError.transportError(error)
      }
    }
  }

  /// Blocks until `descriptor` is ready for `events` (or failed, which the next call reports).
  private static func wait(for descriptor: FileDescriptor, events: Int16) {
    var entry = pollfd(fd: descriptor.rawValue, events: events, revents: 0)
    _ = poll(&entry, 1, -1)
  }
}

import Foundation

/// Cuts the bytes of standard input into lines, the MCP stdio transport's messages, in time linear
/// in the input: each byte is looked at once, as it arrives (the SDK's `StdioTransport` searched
/// its whole buffer again after every 4 KiB read, so one long line took time quadratic in its
/// length). A line longer than `limit` is not kept: its bytes are counted and dropped up to its
/// newline, and it comes out as `.overLimit` with its length, so memory stays bounded by the limit.
struct LineFramer {
  /// One message of the input, in the order the lines arrived.
  enum Frame: Equatable {
    /// A line of at most `limit` bytes, without its newline.
    case line(Data)
    /// A line longer than the limit, dropped; `byteCount` is its length without the newline.
    case overLimit(byteCount: Int)
  }

  /// The most bytes a line may have, its newline not counted.
  let limit: Int
  /// The start of the line the next bytes continue, while it is within the limit.
  private var partial = Data()
  /// The length so far of a line over the limit whose newline has not come yet.
  private var droppedCount: Int?

  init(limit: Int) {
    self.limit = limit
  }

  /// The lines that `bytes` completes, in order; the bytes after the last newline wait for more.
  mutating func frames(adding bytes: UnsafeRawBufferPointer) -> [Frame] {
    var frames: [Frame] = []
    var start = 0
    while start < bytes.count {
      let rest = UnsafeRawBufferPointer(rebasing: bytes[start...])
      // `rest` is never empty here, so it has a base address.
      if let found = memchr(rest.baseAddress!, Int32(UInt8(ascii: "\n")), rest.count) {
        let newline = rest.baseAddress!.distance(to: UnsafeRawPointer(found))
        append(UnsafeRawBufferPointer(rebasing: rest[..<newline]))
        frames.append(takeLine())
        start += newline + 1
      } else {
        append(rest)
        start = bytes.count
      }
    }
    return frames
  }

  /// The last line when the input ended without a newline after it; nil when nothing is pending.
  mutating func end() -> Frame? {
    guard droppedCount != nil || !partial.isEmpty else { return nil }
    return takeLine()
  }

  private mutating func append(_ bytes: UnsafeRawBufferPointer) {
    if let dropped = droppedCount {
      droppedCount = dropped + bytes.count
    } else if partial.count + bytes.count > limit {
      droppedCount = partial.count + bytes.count
      partial = Data()
    } else {
      partial.append(contentsOf: bytes)
    }
  }

  private mutating func takeLine() -> Frame {
    defer {
      partial = Data()
      droppedCount = nil
    }
    if let dropped = droppedCount { return .overLimit(byteCount: dropped) }
    return .line(partial)
  }
}

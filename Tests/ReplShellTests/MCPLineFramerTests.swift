import Foundation
@testable import ReplShell
import Testing

/// `LineFramer` cuts input into lines however the bytes arrive, and drops a line over the limit
/// whole, counting it.
@Suite struct MCPLineFramerTests {
  /// The frames of `chunks` fed one after another, then the end of the input.
  private func frames(_ chunks: [String], limit: Int) -> [LineFramer.Frame] {
    var framer = LineFramer(limit: limit)
    var frames: [LineFramer.Frame] = []
    for chunk in chunks {
      frames += Data(chunk.utf8).withUnsafeBytes { framer.frames(adding: $0) }
    }
    if let last = framer.end() { frames.append(last) }
    return frames
  }

  private func line(_ text: String) -> LineFramer.Frame { .line(Data(text.utf8)) }

  @Test func linesSplitAcrossPiecesComeOutWhole() {
    #expect(frames(["ab", "c\nde", "f\n\n", "g"], limit: 10) == [line("abc"), line("def"), line(""), line("g")])
    #expect(frames(["a\nb\nc\n"], limit: 10) == [line("a"), line("b"), line("c")])
    #expect(frames([], limit: 10) == [])
  }

  @Test func aLineOverTheLimitIsDroppedAndCounted() {
    #expect(frames(["12345\n123456\n1"], limit: 5) == [line("12345"), .overLimit(byteCount: 6), line("1")])
    #expect(frames(["123", "456", "789", "\nok\n"], limit: 5) == [.overLimit(byteCount: 9), line("ok")])
    #expect(frames(["1234567"], limit: 5) == [.overLimit(byteCount: 7)])
  }
}

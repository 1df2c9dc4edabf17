import Foundation
@testable import ReplShellAttachment
import Testing

/// The way an attached shell's requests reach the main actor: in the order they were put, whether
/// the main actor waits for them or they wait for it, and nil once finished with nothing left.
@Suite(.timeLimit(.minutes(1))) struct RequestMailboxTests {
  @Test @MainActor func elementsPutBeforeTheTakesComeOutInOrderThenNilOnceFinished() async {
    let mailbox = RequestMailbox<Int>()
    for value in 1...3 { mailbox.put(value) }
    mailbox.finish()
    mailbox.put(4)
    #expect(await mailbox.take() == 1)
    #expect(await mailbox.take() == 2)
    #expect(await mailbox.take() == 3)
    #expect(await mailbox.take() == nil, "what is put after finish() is dropped")
    #expect(await mailbox.take() == nil)
  }

  /// A thread puts 1,000 elements while the main actor takes them, often awaiting an empty
  /// mailbox: none is lost, duplicated or reordered, and a take awaiting when it finishes gets nil.
  /// (Each awaited take comes back through the main actor, which the whole suite shares: 10,000
  /// of them held it for most of a minute in a full run, and the listener tests beside it waited.)
  @Test @MainActor func aThreadPuttingWhileTheMainActorTakesLosesNothing() async {
    let mailbox = RequestMailbox<Int>()
    let count = 1_000
    Thread.detachNewThread {
      for value in 0..<count { mailbox.put(value) }
      mailbox.finish()
    }
    var taken: [Int] = []
    while let value = await mailbox.take() { taken.append(value) }
    #expect(taken == Array(0..<count))
  }

  @Test @MainActor func aTakeAwaitingWhenTheMailboxFinishesGetsNil() async {
    let mailbox = RequestMailbox<Int>()
    Thread.detachNewThread { mailbox.finish() }
    #expect(await mailbox.take() == nil)
  }
}

import Foundation
import ReplShellTransport
import Synchronization
import Testing

/// The way an attached shell's requests reach the main actor: in the order they were put, whether
/// the main actor waits for them or they wait for it, and nil once finished with nothing left.
@Suite(.timeLimit(.minutes(10))) struct RequestMailboxTests {
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
    let count = 1_000
    // Room for all of them: the puts never wait, so the takes race the thread as they may.
    let mailbox = RequestMailbox<Int>(capacity: count)
    Thread.detachNewThread {
      for value in 0..<count { mailbox.put(value) }
      mailbox.finish()
    }
    var taken: [Int] = []
    while let value = await mailbox.take() { taken.append(value) }
    #expect(taken == Array(0..<count))
  }

  /// A mailbox with room for four: the thread that puts 200 waits whenever four wait, and goes on
  /// as the main actor takes them; none is lost or reordered, and never more than four wait.
  @Test @MainActor func aFullMailboxMakesThePutWaitForATake() async {
    let capacity = 4
    let count = 200
    let mailbox = RequestMailbox<Int>(capacity: capacity)
    let mostWaiting = Mutex(0)
    Thread.detachNewThread {
      for value in 0..<count {
        mailbox.put(value)
        let waiting = mailbox.waitingCount
        mostWaiting.withLock { $0 = max($0, waiting) }
      }
      mailbox.finish()
    }
    var taken: [Int] = []
    while let value = await mailbox.take() { taken.append(value) }
    #expect(taken == Array(0..<count))
    #expect(mostWaiting.withLock { $0 } <= capacity)
  }

  /// A put waiting for room returns once the mailbox is finished (the main actor stopped
  /// serving), its element dropped: the reader's thread is never left waiting.
  @Test @MainActor func finishingReleasesAPutWaitingForRoom() async {
    let mailbox = RequestMailbox<Int>(capacity: 1)
    mailbox.put(0)
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      Thread.detachNewThread {
        mailbox.put(1)  // waits: the one place is taken
        continuation.resume()
      }
      mailbox.finish()
    }
    #expect(await mailbox.take() == 0)
    #expect(await mailbox.take() == nil)
  }

  @Test @MainActor func aTakeAwaitingWhenTheMailboxFinishesGetsNil() async {
    let mailbox = RequestMailbox<Int>()
    Thread.detachNewThread { mailbox.finish() }
    #expect(await mailbox.take() == nil)
  }
}

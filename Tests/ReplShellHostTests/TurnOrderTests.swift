import Testing
@testable import ReplShellHost

/// The order of a session's requests: a ticket given up is passed over, and one given up after
/// its request was submitted but before it waits takes a place at the end, behind which nothing
/// is left waiting.
@Suite struct TurnOrderTests {
  @Test func aGivenUpTicketIsPassedOver() async {
    let order = TurnOrder()
    let first = order.draw()
    let second = order.draw()
    let third = order.draw()
    #expect(order.claimAtOnce(first))
    order.giveUp(second)
    order.finish()
    #expect(order.claimAtOnce(third))
    order.finish()
  }

  /// What an MCP call cancelled between its submission and its wait did: its ticket given up while
  /// the call before it runs, then claimed. The claim takes a new place at the end, and the order,
  /// when the running call finishes, passes over the given-up number to it.
  @Test(.timeLimit(.minutes(10))) func aTicketGivenUpAfterItsSubmissionStillGetsATurn() async throws {
    let order = TurnOrder()
    let running = order.draw()
    let cancelled = order.draw()
    #expect(order.claimAtOnce(running))
    order.giveUp(cancelled)
    let claim = Task {
      await order.claim(cancelled)
      order.finish()
      return true
    }
    // The claim waits behind the running ticket: the signal is its waiter, not a span of time
    // (looked for every millisecond, leaving the threads to the claim on a loaded machine).
    while order.waitingCount == 0 { try await Task.sleep(for: .milliseconds(1)) }
    order.finish()
    #expect(await claim.value)
    // The order is free again: a new ticket runs at once.
    let next = order.draw()
    #expect(order.claimAtOnce(next))
    order.finish()
  }
}

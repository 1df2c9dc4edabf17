import Synchronization

/// The order in which a session's requests take their turns. A request draws a ticket when it
/// arrives; it runs once every earlier ticket has run or been given up, and one runs at a time.
///
/// Drawing is synchronous and callable from any thread, so a front end whose requests are handled
/// in tasks that start in no fixed order (the MCP server) can draw each ticket as its request
/// arrives, in arrival order, and wait for that turn later.
final class TurnOrder: Sendable {
  /// One place in the order.
  struct Ticket: Sendable, Hashable {
    fileprivate let number: Int
  }

  private struct State {
    /// The number the next ticket gets.
    var next = 0
    /// The ticket whose turn it is, or the next to draw when every ticket so far has run.
    var serving = 0
    /// Whether `serving`'s holder is running (it claimed its turn and has not finished).
    var isRunning = false
    /// Tickets given up before their turn: the order passes over them.
    var givenUp: Set<Int> = []
    /// Holders waiting for their turn.
    var waiting: [Int: CheckedContinuation<Void, Never>] = [:]

    /// Moves past the finished or given-up ticket at `serving`; returns the waiter whose turn it now is.
    mutating func advance() -> CheckedContinuation<Void, Never>? {
      serving += 1
      while givenUp.remove(serving) != nil { serving += 1 }
      guard let waiter = waiting.removeValue(forKey: serving) else { return nil }
      isRunning = true
      return waiter
    }
  }

  private let state = Mutex(State())

  /// An order where no ticket has been drawn.
  init() {}

  /// The next place in the order.
  func draw() -> Ticket {
    state.withLock { state in
      defer { state.next += 1 }
      return Ticket(number: state.next)
    }
  }

  /// Takes `ticket`'s turn now when it is up (every earlier ticket has run or been given up and
  /// none runs); false, taking nothing, when it must wait. A true return must be followed by
  /// `finish()`.
  ///
  /// Synchronous, so that a caller on an actor takes a free turn without leaving it: `claim` is a
  /// nonisolated async function, which runs on the global executor whoever awaits it, so awaiting
  /// it from the main actor costs two trips between threads even when nothing waits.
  func claimAtOnce(_ ticket: Ticket) -> Bool {
    state.withLock { state in
      guard state.serving == ticket.number, !state.isRunning, !state.givenUp.contains(ticket.number) else { return false }
      state.isRunning = true
      return true
    }
  }

  /// Waits until every earlier ticket has run or been given up, then holds the turn until
  /// `finish()`. A ticket that was given up takes a new place at the end instead.
  func claim(_ ticket: Ticket) async {
    // Most turns come up at once (a front end alone, a script's lines): no suspension for those.
    if claimAtOnce(ticket) { return }
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let runsNow = state.withLock { state in
        var number = ticket.number
        // A given-up ticket stays given up, for the order to pass over when it comes to it: the
        // request takes a new place at the end. (Taking the mark away here left the order waiting
        // at that number for a holder that had moved on: an MCP call cancelled between its
        // submission and its wait hung the server at the end of its input.)
        if state.givenUp.contains(number) || number < state.serving {
          number = state.next
          state.next += 1
        }
        if state.serving == number, !state.isRunning {
          state.isRunning = true
          return true
        }
        state.waiting[number] = continuation
        return false
      }
      if runsNow { continuation.resume() }
    }
  }

  /// How many holders wait for their turn (for the tests of the order).
  var waitingCount: Int {
    state.withLock { $0.waiting.count }
  }

  /// Takes a turn at once when no ticket is running or waiting, for a caller that cannot wait;
  /// false, taking nothing, otherwise. A true return must be followed by `finish()`.
  func claimIfIdle() -> Bool {
    state.withLock { state in
      guard state.serving == state.next, !state.isRunning else { return false }
      state.next += 1
      state.isRunning = true
      return true
    }
  }

  /// Ends the turn of the ticket that holds it and starts the next one's.
  func finish() {
    let next = state.withLock { state in
      state.isRunning = false
      return state.advance()
    }
    next?.resume()
  }

  /// Gives up `ticket` before its turn: its request will not run (it was cancelled, or refused
  /// before reaching the session). Nothing happens when it has already claimed its turn.
  func giveUp(_ ticket: Ticket) {
    let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
      let number = ticket.number
      guard number >= state.serving, state.waiting[number] == nil else { return nil }
      if number == state.serving {
        guard !state.isRunning else { return nil }
        return state.advance()
      }
      state.givenUp.insert(number)
      return nil
    }
    next?.resume()
  }
}

extension LinearizabilityChecker {
  /// A smallest witness found within `budget`: the history is cut at the earliest event where
  /// it already fails (operations still open there become indeterminate), then whole clients,
  /// then ever smaller runs of operations, then single operations are dropped while it still
  /// fails. When what the blocked operation observed is explained by other operations of the
  /// cut history (some of them, each taking effect after its invocation or not at all, before
  /// the blocked one completed), a drop must keep it so: a stale read keeps the write whose
  /// value it read, rather than shrinking to a read of a value nothing wrote, or to one that
  /// only a later write explains. Every drop must also leave the same operation blocked, so the
  /// witness shows the failure the history has, not another one a drop made; a model whose
  /// `witnessKeepsItsReason` is true also keeps its reducer error (the state it was compared with).
  ///
  /// A witness is a part of the history that fails by itself. Once the budget's deadline passes
  /// (or the check is cancelled) it stops and returns the smallest found so far, which still
  /// fails; each candidate's check has the budget's steps, and one that runs out of them counts
  /// as passing (the witness keeps more, never less).
  public func shrink(_ counterexample: Counterexample, budget: LinearizeBudget) -> Counterexample {
    let partition = counterexample.partition
    var smallest = counterexample.history
    var best = counterexample
    var needsExplanation = false
    // The operation the cut history cannot place (by its invocation's line): every smaller
    // witness must fail at it too, or a drop that removed what explained an earlier operation's
    // observation (the reload before a fetch) would shrink to a different, trivial failure.
    // For a model that asks, with the same reducer error: a read that saw a value the state did
    // not hold keeps the writes that made the state it was compared with.
    var anchor: (line: Int, reason: String?)?
    func fails(_ candidate: History) -> Counterexample? {
      if budget.interruption() != nil { return nil }
      let verdict: Verdict
      do {
        verdict = try checkPart(candidate, partition: partition, budget: budget)
      } catch {
        // The candidate's operations all come from a history the model read already.
        return nil
      }
      guard case .notLinearizable(let found) = verdict else { return nil }
      if let anchor {
        guard found.blocked.map({ found.history.operations[$0].invocationLine }) == anchor.line, anchor.reason.map({ $0 == found.reason }) != false else { return nil }
      }
      // Undecided within its budget counts as unexplained: the witness keeps more, never less.
      if needsExplanation && isExplained(found, budget: budget) != true { return nil }
      return found
    }

    // The earliest prefix that fails: failing is monotone in the prefix, since a prefix of a
    // linearizable history (its open operations indeterminate) is linearizable.
    var low = 0
    var high = smallest.eventCount
    while low < high {
      let middle = (low + high) / 2
      if fails(smallest.prefix(before: middle + 1)) != nil { high = middle } else { low = middle + 1 }
    }
    if high < smallest.eventCount, let found = fails(smallest.prefix(before: high + 1)) {
      smallest = found.history
      best = found
    }
    needsExplanation = isExplained(best, budget: budget) == true
    anchor = best.blocked.map { (best.history.operations[$0].invocationLine, model.witnessKeepsItsReason ? best.reason : nil) }

    for process in smallest.processes {
      let kept = smallest.operations.filter { $0.process != process }.map(\.id)
      if !kept.isEmpty, let found = fails(smallest.keeping(kept)) {
        smallest = found.history
        best = found
      }
    }
    reduce(&smallest, budget: budget) { history, chosen in
      let dropped = Set(chosen)
      let kept = history.operations.indices.filter { !dropped.contains($0) }
      guard !kept.isEmpty, let found = fails(history.keeping(kept)) else { return nil }
      best = found
      return found.history
    }
    return best
  }

  /// Delta debugging: tries `change` on halves, quarters, … down to single operations of the
  /// history, keeping each change that `change` accepts (it returns the new history).
  private func reduce(_ history: inout History, budget: LinearizeBudget, change: (History, [Int]) -> History?) {
    var chunk = max(1, history.operations.count / 2)
    while true {
      var changedAny = false
      var start = 0
      while true {
        let count = history.operations.count
        guard start < count else { break }
        let chosen = Array(start..<min(count, start + chunk))
        if let changed = change(history, chosen) {
          history = changed
          changedAny = true
        } else {
          start += chunk
        }
        if budget.interruption() != nil { return }
      }
      if chunk == 1 && !changedAny { return }
      if chunk > 1 { chunk = max(1, chunk / 2) }
    }
  }

  /// Whether other operations of the counterexample explain what its blocked operation
  /// observed when it ran; nil when it names none or that takes too long to tell (a tenth of a
  /// second, within the budget).
  func isExplained(_ counterexample: Counterexample, budget: LinearizeBudget) -> Bool? {
    guard let blocked = counterexample.blocked else { return nil }
    var brief = budget
    let tenth = ContinuousClock.now + .milliseconds(100)
    brief.deadline = budget.deadline.map { min($0, tenth) } ?? tenth
    do {
      switch try checkPart(counterexample.history.justifying(blocked), partition: nil, budget: brief) {
      case .linearizable: return true
      case .notLinearizable: return false
      case .unknown: return nil
      }
    } catch {
      // The operations all come from a history the model read already.
      return nil
    }
  }
}

extension LinearizabilityChecker {
  /// A smallest witness found within the default budget with `deadline`.
  public func shrink(_ counterexample: Counterexample, deadline: ContinuousClock.Instant? = nil) -> Counterexample {
    shrink(counterexample, budget: LinearizeBudget(deadline: deadline))
  }
}

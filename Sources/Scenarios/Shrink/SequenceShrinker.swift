import StateValues
/// The one shrinker of action sequences: what `explore` found, with or without held effects, and
/// what a session recorded (`shrink`). It finds a shorter, simpler sequence that still breaks the
/// same property, keeping each change that does:
///
/// 1. drops units in chunks, halves first and down to one at a time (Zeller's ddmin): a unit is
///    an action with what its listeners dispatched (the cause tree `why` follows), or an
///    effect's completion;
/// 2. drops two units at once, anywhere in a short sequence: a value reached by increments and
///    decrements loses one of each, which one at a time cannot;
/// 3. simplifies payloads one at a time (integers toward 0 and 1, halved, then stepped down to
///    the least that still breaks the property; strings toward shorter and the
///    examples' values, enum cases toward the first, arrays toward fewer elements);
/// 4. simplifies a string or integer everywhere it appears at once;
/// 5. deletes a unit while changing a neighbour's payload: to a simpler one, or to take the
///    deleted action's values (two queries of three are left when the middle one goes and its
///    neighbours become equal, which a reducer may reject);
/// 6. deletes a unit while lowering another's integers by the deleted one's;
/// 7. deletes a unit while raising an integer of another by the deleted one's (adds of 1, 2 and
///    2 become one add of 5, when a total is what breaks the property);
/// 8. deletes a unit while what depended on it (an effect's completion) is pointed at another;
/// 9. lowers every integer above a value to it at once.
///
/// Until a round changes nothing, or the replays run out.
@MainActor struct SequenceShrinker<Element> {
  /// What the shrinker may change in an element.
  struct Moves {
    /// The unit the element belongs to: elements of one unit go and stay together.
    var unit: (Element) -> Int
    /// The element's payload, which the payload passes simplify; nil when it has none (an
    /// effect's completion).
    var payload: (Element) -> Value?
    /// The element with `payload` instead of its own; nil when that makes no action.
    var withPayload: (Element, Value) -> Element?
    /// Simpler forms of the element, simplest first.
    var simpler: (Element) -> [Element]
    /// Simpler forms of a string or an integer, simplest first.
    var simplerLeaf: (Value) -> [Value]
    /// The element made to depend on another of `rest` instead of on the unit `removed`, which
    /// goes: a held effect's completion pointed at the like effect another step started. Empty
    /// when it does not depend on `removed` (and for elements that name no other: actions).
    var redirected: (_ element: Element, _ removed: Int, _ rest: [Element]) -> [Element] = { _, _, _ in [] }
  }

  let moves: Moves
  /// Runs a candidate from the start: the elements that applied up to the break, or nil when
  /// it does not break; an error (a replay that could not run) ends the shrink with it.
  let replay: @MainActor ([Element]) async throws(CommandError) -> [Element]?
  /// The most replays a shrink may take.
  var budget = 20_000
  /// Told after each replay how many elements are left and how many replays ran.
  var progress: (@MainActor (_ left: Int, _ replays: Int) -> Void)?
  /// How many changes were kept.
  private(set) var shrinkSteps = 0
  /// How many replays ran.
  private(set) var replays = 0

  init(moves: Moves, replay: @escaping @MainActor ([Element]) async throws(CommandError) -> [Element]?) {
    self.moves = moves
    self.replay = replay
  }

  /// Whether `elements` break the property: the elements that applied up to the break, or nil
  /// when they do not. Counts as a replay.
  mutating func breaks(_ elements: [Element]) async throws(CommandError) -> [Element]? {
    replays += 1
    let kept = try await replay(elements)
    progress?(kept?.count ?? elements.count, replays)
    return kept
  }

  /// The shrunk sequence; `elements` as they are when they do not break the property.
  mutating func shrink(_ elements: [Element]) async throws(CommandError) -> [Element] {
    guard var current = try await breaks(elements) else { return elements }
    var changed = true
    while changed && budget > 0 {
      changed = false
      if try await dropUnits(&current) { changed = true }
      if try await dropPairs(&current) { changed = true }
      if try await simplifyPayloads(&current) { changed = true }
      if try await simplifySharedValues(&current) { changed = true }
      if try await deleteWhileChangingNeighbour(&current) { changed = true }
      if try await deleteWhileLowering(&current) { changed = true }
      if try await deleteWhileRaising(&current) { changed = true }
      if try await deleteWhileRedirecting(&current) { changed = true }
      if try await capIntegers(&current) { changed = true }
    }
    return current
  }

  private mutating func attempt(_ candidate: [Element]) async throws(CommandError) -> [Element]? {
    // Ctrl-C ends the search: what shrank so far is the answer.
    if Task.isCancelled { budget = 0 }
    guard budget > 0 else { return nil }
    budget -= 1
    return try await breaks(candidate)
  }

  /// The units of `elements`, in the order they first appear.
  private func units(_ elements: [Element]) -> [Int] {
    var seen: Set<Int> = []
    return elements.map(moves.unit).filter { seen.insert($0).inserted }
  }

  /// `elements` without the elements of `removed`.
  private func removing(_ removed: Set<Int>, from elements: [Element]) -> [Element] {
    elements.filter { !removed.contains(moves.unit($0)) }
  }

  /// ddmin over the units: chunks of half of them, then quarters, down to one at a time.
  private mutating func dropUnits(_ elements: inout [Element]) async throws(CommandError) -> Bool {
    var any = false
    var order = units(elements)
    var size = max(order.count / 2, 1)
    while size >= 1 && budget > 0 {
      var start = 0
      while start < order.count && budget > 0 {
        let removed = Set(order[start..<min(start + size, order.count)])
        if let kept = try await attempt(removing(removed, from: elements)), kept.count < elements.count {
          elements = kept
          order = units(kept)
          shrinkSteps += 1
          any = true
        } else {
          start += size
        }
      }
      size /= 2
    }
    return any
  }

  /// Drops two units at once, every pair of a short sequence (one that ddmin left 1-minimal).
  private mutating func dropPairs(_ elements: inout [Element]) async throws(CommandError) -> Bool {
    var order = units(elements)
    // Every pair replays the whole sequence: for short sequences.
    guard order.count <= 64 else { return false }
    var any = false
    var first = 0
    search: while first < order.count && budget > 0 {
      for second in (first + 1)..<max(order.count, first + 1) where budget > 0 {
        if let kept = try await attempt(removing([order[first], order[second]], from: elements)), kept.count < elements.count {
          elements = kept
          order = units(kept)
          shrinkSteps += 1
          any = true
          continue search
        }
      }
      first += 1
    }
    return any
  }

  /// Each element replaced by its simpler forms in turn, the same element again while it simplifies.
  private mutating func simplifyPayloads(_ elements: inout [Element]) async throws(CommandError) -> Bool {
    var any = false
    var index = 0
    while index < elements.count && budget > 0 {
      var improved = false
      for candidate in moves.simpler(elements[index]) {
        var trial = elements
        trial[index] = candidate
        if let kept = try await attempt(trial), kept.count <= elements.count {
          elements = kept
          shrinkSteps += 1
          any = true
          improved = true
          break
        }
      }
      if !improved { index += 1 }
    }
    return any
  }

  /// Simplifies a string or integer everywhere it appears at once: an account opened and then
  /// drawn from shrinks only when both actions name the simpler account.
  private mutating func simplifySharedValues(_ elements: inout [Element]) async throws(CommandError) -> Bool {
    var any = false
    for shared in sharedLeaves(elements) where budget > 0 {
      for candidate in moves.simplerLeaf(shared) where candidate.isSharedLeaf {
        guard let trial = rewriting(elements, { $0.replacing(shared, with: candidate) }),
          let kept = try await attempt(trial), kept.count <= elements.count
        else { continue }
        elements = kept
        shrinkSteps += 1
        any = true
        break
      }
    }
    return any
  }

  /// Every element with its payload rewritten by `change`; nil when one no longer makes an action.
  private func rewriting(_ elements: [Element], at only: Int? = nil, _ change: (Value) -> Value) -> [Element]? {
    var trial: [Element] = []
    trial.reserveCapacity(elements.count)
    for (index, element) in elements.enumerated() {
      guard only == nil || only == index, let payload = moves.payload(element) else {
        trial.append(element)
        continue
      }
      let changed = change(payload)
      if changed == payload {
        trial.append(element)
        continue
      }
      guard let rebuilt = moves.withPayload(element, changed) else { return nil }
      trial.append(rebuilt)
    }
    return trial
  }

  /// The strings and integers that appear more than once in the payloads, in order of appearance.
  private func sharedLeaves(_ elements: [Element]) -> [Value] {
    var counts: [Value: Int] = [:]
    var order: [Value] = []
    for element in elements {
      guard let payload = moves.payload(element) else { continue }
      var leaves: [Value] = []
      payload.collectSharedLeaves(into: &leaves)
      for leaf in leaves {
        if counts[leaf] == nil { order.append(leaf) }
        counts[leaf, default: 0] += 1
      }
    }
    return order.filter { (counts[$0] ?? 0) > 1 }
  }

  /// Deletes one unit while changing the payload of an action beside it: to each simpler form,
  /// and to each of its strings and integers replaced by one of the deleted action's. Three
  /// queries where two suffice shrink this way when deleting the middle one alone leaves its
  /// neighbours equal and the reducer rejects the second.
  private mutating func deleteWhileChangingNeighbour(_ elements: inout [Element]) async throws(CommandError) -> Bool {
    // Each try replays the whole sequence for every neighbour's change: for short sequences.
    guard elements.count <= 64 else { return false }
    return try await deleteOne(from: &elements) { shrinker, deleted, _, rest, restStart in
      var deletedLeaves: [Value] = []
      deleted.collectSharedLeaves(into: &deletedLeaves)
      // The nearest actions before and after the deleted one.
      let before = rest[..<restStart].lastIndex { shrinker.moves.payload($0) != nil }
      let after = rest[restStart...].firstIndex { shrinker.moves.payload($0) != nil }
      return [after, before].compactMap { $0 }.flatMap { neighbour in
        shrinker.changes(of: neighbour, in: rest, taking: deletedLeaves).map { trial in { trial } }
      }
    }
  }

  /// The one accept-and-restart loop of the passes that delete a unit while changing others:
  /// for each action in turn, its unit deleted and the rest changed as `changes` offers (each
  /// trial made only when its turn comes), the first trial that still breaks the property with
  /// fewer elements is kept and the pass ends, for the next round to start over.
  private mutating func deleteOne(
    from elements: inout [Element],
    _ changes: (_ shrinker: Self, _ deleted: Value, _ unit: Int, _ rest: [Element], _ restStart: Int) -> [() -> [Element]?]
  ) async throws(CommandError) -> Bool {
    var position = 0
    while position < elements.count && budget > 0 {
      guard let deleted = moves.payload(elements[position]) else {
        position += 1
        continue
      }
      let unit = moves.unit(elements[position])
      let rest = removing([unit], from: elements)
      let restStart = elements[..<position].filter { moves.unit($0) != unit }.count
      for trial in changes(self, deleted, unit, rest, restStart) {
        guard budget > 0 else { return false }
        guard let trial = trial() else { continue }
        if let kept = try await attempt(trial), kept.count < elements.count {
          elements = kept
          shrinkSteps += 1
          return true
        }
      }
      position += 1
    }
    return false
  }

  /// `elements` with the element at `index` changed: to its simpler forms, then with each of its
  /// strings and integers replaced by one of `leaves` of the same kind.
  private func changes(of index: Int, in elements: [Element], taking leaves: [Value]) -> [[Element]] {
    var trials: [[Element]] = moves.simpler(elements[index]).map { simpler in
      var trial = elements
      trial[index] = simpler
      return trial
    }
    guard let payload = moves.payload(elements[index]) else { return trials }
    var own: [Value] = []
    payload.collectSharedLeaves(into: &own)
    var seen: Set<Value> = []
    for old in own where seen.insert(old).inserted {
      for new in leaves where new != old && Self.sameKind(old, new) {
        if let trial = rewriting(elements, at: index, { $0.replacing(old, with: new) }) { trials.append(trial) }
      }
    }
    return trials
  }

  private static func sameKind(_ left: Value, _ right: Value) -> Bool {
    switch (left, right) {
    case (.string, .string), (.int, .int): true
    default: false
    }
  }

  /// Deletes one unit while what depended on it is pointed at another: a query deleted while
  /// the completion of the search it started completes the search an equal later query started
  /// instead. A search field whose requests do not name their query needs it: typed `ab`, `a`,
  /// `ab` with the first and second searches completed shrinks to `a`, `ab` only so.
  private mutating func deleteWhileRedirecting(_ elements: inout [Element]) async throws(CommandError) -> Bool {
    // Each try replays the whole sequence for every dependant's new target: for short sequences.
    guard elements.count <= 64 else { return false }
    return try await deleteOne(from: &elements) { shrinker, _, removed, rest, _ in
      rest.indices.flatMap { index in
        shrinker.moves.redirected(rest[index], removed, rest).map { redirected in
          { () -> [Element]? in
            var trial = rest
            trial[index] = redirected
            return trial
          }
        }
      }
    }
  }

  /// Deletes one unit while lowering the integers of another that are above the deleted
  /// action's by that much; then the same lowering in every other action at once.
  private mutating func deleteWhileLowering(_ elements: inout [Element]) async throws(CommandError) -> Bool {
    try await deleteOne(from: &elements) { shrinker, deleted, _, rest, _ in
      let amounts = Self.integers(in: deleted).filter { $0 > 0 }
      return amounts.flatMap { amount in
        let lower = { (value: Value) in value.mappingIntegers { $0 > amount ? $0 - amount : $0 } }
        return (rest.indices.map(Optional.some) + [nil]).map { target in { shrinker.rewriting(rest, at: target, lower) } }
      }
    }
  }

  /// Deletes one unit while raising an integer of another action by one of the deleted action's,
  /// the nearest actions first: what several steps added up, one step adds. Fewer actions are
  /// simpler than smaller values, so the sum is kept even where it is larger than each part.
  private mutating func deleteWhileRaising(_ elements: inout [Element]) async throws(CommandError) -> Bool {
    // Each try replays the whole sequence for every pair of integers: for short sequences.
    guard elements.count <= 64 else { return false }
    return try await deleteOne(from: &elements) { shrinker, deleted, _, rest, restStart in
      let amounts = Self.integers(in: deleted).filter { $0 != 0 }
      guard !amounts.isEmpty else { return [] }
      let targets = rest.indices.filter { shrinker.moves.payload(rest[$0]) != nil }.sorted { abs($0 - restStart) < abs($1 - restStart) }
      return targets.flatMap { target -> [() -> [Element]?] in
        guard let payload = shrinker.moves.payload(rest[target]) else { return [] }
        return Self.integers(in: payload).flatMap { old in
          amounts.compactMap { amount -> (() -> [Element]?)? in
            let (sum, overflow) = old.addingReportingOverflow(amount)
            guard !overflow else { return nil }
            return { shrinker.rewriting(rest, at: target) { $0.replacing(.int(old), with: .int(sum)) } }
          }
        }
      }
    }
  }

  /// The distinct integers in `payload`, smallest first.
  private static func integers(in payload: Value) -> [Int] {
    var leaves: [Value] = []
    payload.collectSharedLeaves(into: &leaves)
    return Set(leaves.compactMap { leaf -> Int? in if case .int(let number) = leaf { number } else { nil } }).sorted()
  }

  /// Lowers every integer above a value to that value at once, for each positive value the
  /// payloads hold, smallest first.
  private mutating func capIntegers(_ elements: inout [Element]) async throws(CommandError) -> Bool {
    let integers = elements.flatMap { moves.payload($0).map(Self.integers(in:)) ?? [] }
    guard let largest = integers.max() else { return false }
    for cap in Set(integers.filter { $0 > 0 && $0 < largest }).union([1]).sorted() where cap < largest && budget > 0 {
      guard let trial = rewriting(elements, { $0.mappingIntegers { $0 > cap ? cap : $0 } }),
        let kept = try await attempt(trial), kept.count <= elements.count
      else { continue }
      elements = kept
      shrinkSteps += 1
      return true
    }
    return false
  }
}

/// The distinct states a search has reached, each under a number: the search walks numbers, so
/// its loop never hashes or compares a model's state (an app's struct with dictionaries, behind
/// generic code that cannot be specialized for it). A state is hashed once, when the reducer
/// makes it; the table keeps the hashes, so growing it hashes nothing again.
///
/// Inlinable, with the step that calls the reducer (`LinearizabilityModel.step`), so that the
/// module that makes a checker compiles both for its model's types.
@usableFromInline struct StateSpace<State: Hashable & Sendable>: Sendable {
  @usableFromInline var states: [State]
  @usableFromInline var hashes: [Int]
  @usableFromInline var slots: [Int32]

  /// A space holding `initial` as state 0.
  @inlinable init(initial: State) {
    states = []
    hashes = []
    slots = Array(repeating: -1, count: 64)
    _ = number(of: initial)
  }

  /// How many states it holds.
  var count: Int { states.count }

  /// The number of `state`, given now when it is new.
  @inlinable mutating func number(of state: State) -> Int32 {
    let hash = state.hashValue
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: UInt64(bitPattern: Int64(hash)) &* 0x9E37_79B9_7F4A_7C15 >> 32) & mask
    while true {
      let known = slots[slot]
      if known < 0 { break }
      if hashes[Int(known)] == hash && states[Int(known)] == state { return known }
      slot = (slot + 1) & mask
    }
    let number = Int32(states.count)
    slots[slot] = number
    states.append(state)
    hashes.append(hash)
    if states.count * 2 > slots.count { grow() }
    return number
  }

  @inlinable subscript(number: Int32) -> State {
    states[Int(number)]
  }

  @inlinable mutating func grow() {
    slots = Array(repeating: -1, count: slots.count * 2)
    let mask = slots.count - 1
    for (number, hash) in hashes.enumerated() {
      var slot = Int(truncatingIfNeeded: UInt64(bitPattern: Int64(hash)) &* 0x9E37_79B9_7F4A_7C15 >> 32) & mask
      while slots[slot] >= 0 { slot = (slot + 1) & mask }
      slots[slot] = Int32(number)
    }
  }
}

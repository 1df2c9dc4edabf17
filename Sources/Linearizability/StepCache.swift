/// The reducer's answers for the (state, operation) pairs a search met, by the states' numbers
/// (`StateSpace`): the search reaches the same state from many placements and tries the same
/// operations there again, and an app's reducer (a struct state with a dictionary, errors that
/// format a message) costs far more than a lookup. An open-addressing table that starts small,
/// doubles as it fills, and once at its capacity forgets an old answer for each new one: bounded,
/// whatever the search's length.
@usableFromInline struct StepCache: Sendable {
  /// The most slots of a search's cache (a slot is 12 bytes).
  static let defaultCapacity = 1 << 16
  /// The slots it starts with.
  static let initialSlots = 64
  /// What a slot holds when the reducer refused the operation.
  @usableFromInline static let refused: Int32 = -1
  /// How far from its own slot a pair's answer may be.
  private static let reach = 8
  private static let empty = UInt64.max

  private var keys: [UInt64] = []
  private var answers: [Int32] = []
  private var shift = 0
  private let capacity: Int
  private var count = 0

  /// A cache of at most `capacity` slots (rounded up to a power of two); 0 remembers nothing.
  init(capacity: Int) {
    let bits = capacity <= 1 ? 0 : Int.bitWidth - (capacity - 1).leadingZeroBitCount
    self.capacity = capacity <= 0 ? 0 : 1 << bits
    if self.capacity > 0 { resize(to: min(self.capacity, Self.initialSlots)) }
  }

  /// A table of `slots` slots holding what this one holds.
  private mutating func resize(to slots: Int) {
    let (oldKeys, oldAnswers) = (keys, answers)
    keys = Array(repeating: Self.empty, count: slots)
    answers = Array(repeating: 0, count: slots)
    shift = UInt64.bitWidth - (slots - 1).nonzeroBitCount
    count = 0
    for (key, answer) in zip(oldKeys, oldAnswers) where key != Self.empty {
      store(answer, key)
    }
  }

  @inline(__always) private static func key(_ operation: Int32, _ state: Int32) -> UInt64 {
    UInt64(UInt32(bitPattern: operation)) << 32 | UInt64(UInt32(bitPattern: state))
  }

  @inline(__always) private func home(_ key: UInt64) -> Int {
    shift >= 64 ? 0 : Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> UInt64(shift))
  }

  /// The state `operation` leads to from `state` (`refused` when the reducer refused it), if
  /// remembered.
  @inline(__always) func answer(_ operation: Int32, from state: Int32) -> Int32? {
    guard !keys.isEmpty else { return nil }
    let key = Self.key(operation, state)
    let mask = keys.count - 1
    var slot = home(key)
    for _ in 0..<min(Self.reach, keys.count) {
      let held = keys[slot]
      if held == key { return answers[slot] }
      if held == Self.empty { return nil }
      slot = (slot + 1) & mask
    }
    return nil
  }

  /// Remembers `answer` for `operation` from `state`.
  @inline(__always) mutating func remember(_ answer: Int32, _ operation: Int32, from state: Int32) {
    guard !keys.isEmpty else { return }
    if count * 2 >= keys.count && keys.count < capacity { resize(to: keys.count * 2) }
    store(answer, Self.key(operation, state))
  }

  /// Puts the answer in the first free slot within reach of its own, or in its own slot when
  /// none is free (the table is at its capacity).
  private mutating func store(_ answer: Int32, _ key: UInt64) {
    let mask = keys.count - 1
    let start = home(key)
    var slot = start
    for _ in 0..<min(Self.reach, keys.count) {
      if keys[slot] == Self.empty || keys[slot] == key {
        if keys[slot] == Self.empty { count += 1 }
        keys[slot] = key
        answers[slot] = answer
        return
      }
      slot = (slot + 1) & mask
    }
    keys[start] = key
    answers[start] = answer
  }
}

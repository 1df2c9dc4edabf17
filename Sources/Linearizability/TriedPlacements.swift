/// The (operations placed, state) pairs a search has reached, in one open-addressing table with
/// the sets' bits stored flat: remembering a pair allocates nothing per pair, and looking one up
/// compares the stored hash first, the state second and the bits last.
struct TriedPlacements<State: Hashable> {
  private let wordCount: Int
  private var slots: [Int32]
  private var hashes: [UInt64] = []
  private var states: [State] = []
  private var words: [UInt64] = []

  init(operationCount: Int) {
    wordCount = max(1, (operationCount + 63) / 64)
    slots = Array(repeating: -1, count: 1024)
  }

  /// How many pairs it holds.
  var count: Int { states.count }

  /// Remembers the pair; false when it was already there.
  mutating func insert(_ placed: OperationSet, _ state: State) -> Bool {
    var hash = placed.code ^ (UInt64(bitPattern: Int64(state.hashValue)) &* 0x9E37_79B9_7F4A_7C15)
    hash ^= hash >> 29
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: hash) & mask
    while true {
      let entry = Int(slots[slot])
      if entry < 0 { break }
      if hashes[entry] == hash && states[entry] == state && sameBits(entry, placed) { return false }
      slot = (slot + 1) & mask
    }
    slots[slot] = Int32(states.count)
    hashes.append(hash)
    states.append(state)
    placed.words.withUnsafeBufferPointer { words.append(contentsOf: $0) }
    if states.count * 2 > slots.count { grow() }
    return true
  }

  private func sameBits(_ entry: Int, _ placed: OperationSet) -> Bool {
    let start = entry * wordCount
    return placed.words.withUnsafeBufferPointer { bits in
      for index in 0..<wordCount where words[start + index] != bits[index] { return false }
      return true
    }
  }

  private mutating func grow() {
    slots = Array(repeating: -1, count: slots.count * 2)
    let mask = slots.count - 1
    for (entry, hash) in hashes.enumerated() {
      var slot = Int(truncatingIfNeeded: hash) & mask
      while slots[slot] >= 0 { slot = (slot + 1) & mask }
      slots[slot] = Int32(entry)
    }
  }
}

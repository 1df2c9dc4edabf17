/// The (operations placed, state) pairs a search has reached, in one open-addressing table; a
/// state is its number in the search's `StateSpace`.
/// Each pair stores its set in canonical form (`OperationSet.encode`), flat in one array, and a
/// link to the pair it was reached from and the list entry placed to reach it: the search's
/// stack and its longest placement are indices into the table, so that neither is ever copied.
/// A lookup compares the stored hash first, the state second and the set last.
struct TriedPlacements {
  private var slots: [Int32]
  private var hashes: [UInt64] = []
  private var states: [Int32] = []
  private var parents: [Int32] = []
  private var entries: [Int32] = []
  private var encodingStarts: [UInt32] = [0]
  private var encodings: [UInt32] = []

  init() {
    slots = Array(repeating: -1, count: 1024)
  }

  /// How many pairs it holds.
  var count: Int { states.count }

  /// How many 32-bit words the pairs' sets take.
  var storedWords: Int { encodings.count }

  /// Remembers the pair whose set `encoding` and `code` describe, reached from `parent` (-1 for
  /// the start) by placing list entry `entry`: its index, or nil when it was there already.
  mutating func insert(_ encoding: [UInt32], code: UInt64, state: Int32, parent: Int32, entry: Int32) -> Int32? {
    var hash = code ^ (UInt64(UInt32(bitPattern: state)) &* 0x9E37_79B9_7F4A_7C15)
    hash ^= hash >> 29
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: hash) & mask
    while true {
      let pair = Int(slots[slot])
      if pair < 0 { break }
      if hashes[pair] == hash && states[pair] == state && sameSet(pair, encoding) { return nil }
      slot = (slot + 1) & mask
    }
    let added = Int32(states.count)
    slots[slot] = added
    hashes.append(hash)
    states.append(state)
    parents.append(parent)
    entries.append(entry)
    encodings.append(contentsOf: encoding)
    encodingStarts.append(UInt32(encodings.count))
    if states.count * 2 > slots.count { grow() }
    return added
  }

  func state(_ pair: Int32) -> Int32 { states[Int(pair)] }
  func parent(_ pair: Int32) -> Int32 { parents[Int(pair)] }
  func entry(_ pair: Int32) -> Int32 { entries[Int(pair)] }

  private func sameSet(_ pair: Int, _ encoding: [UInt32]) -> Bool {
    let start = Int(encodingStarts[pair])
    let end = Int(encodingStarts[pair + 1])
    guard end - start == encoding.count else { return false }
    for index in 0..<encoding.count where encodings[start + index] != encoding[index] { return false }
    return true
  }

  private mutating func grow() {
    slots = Array(repeating: -1, count: slots.count * 2)
    let mask = slots.count - 1
    for (pair, hash) in hashes.enumerated() {
      var slot = Int(truncatingIfNeeded: hash) & mask
      while slots[slot] >= 0 { slot = (slot + 1) & mask }
      slots[slot] = Int32(pair)
    }
  }
}

@testable import Linearizability

/// The definition of linearizability, checked by trying every order: an order places each
/// operation after every required operation that completed before it was invoked; `:info`
/// operations may be left out. Only for histories of a few operations.
enum BruteForce {
  static func isLinearizable<Model: LinearizabilityModel>(_ history: History, model: Model) -> Bool {
    var actions: [Model.Action?] = []
    for operation in history.operations {
      do {
        actions.append(try model.action(for: operation))
      } catch {
        return false
      }
    }
    let operations = history.operations.filter { actions[$0.id] != nil }
    func search(_ placed: Set<Int>, _ state: Model.State) -> Bool {
      let unplacedRequired = operations.filter { !placed.contains($0.id) && $0.outcome != .info }
      if unplacedRequired.isEmpty { return true }
      for candidate in operations where !placed.contains(candidate.id) {
        let mustComeFirst = unplacedRequired.contains { other in
          other.id != candidate.id && (other.completedAt ?? .max) < candidate.invokedAt
        }
        guard !mustComeFirst, let action = actions[candidate.id], let next = try? model.reduce(state, action) else { continue }
        if search(placed.union([candidate.id]), next) { return true }
      }
      return false
    }
    return search([], model.initialState)
  }
}

/// A small deterministic generator (SplitMix64), so that a failing seed reproduces.
struct SeededRandom: RandomNumberGenerator {
  var state: UInt64
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// Random register histories as EDN text: a few processes whose operations overlap at random.
enum RandomHistories {
  static func register(operations count: Int, processes: Int, using random: inout SeededRandom) -> String {
    var lines: [String] = []
    var open: [Int: (f: String, value: String)] = [:]
    var started = 0
    func value() -> Int { Int.random(in: 0...2, using: &random) }
    while started < count || !open.isEmpty {
      let process = Int.random(in: 0..<processes, using: &random)
      if let op = open[process] {
        let roll = Int.random(in: 0..<10, using: &random)
        let type = roll < 7 ? "ok" : roll < 9 ? (op.f == "cas" ? "fail" : "info") : "info"
        var observed = op.value
        if op.f == "read" && type == "ok" { observed = Bool.random(using: &random) ? "nil" : String(value()) }
        lines.append("{:process \(process), :type :\(type), :f :\(op.f), :value \(observed)}")
        open[process] = nil
      } else if started < count {
        let f = ["read", "write", "cas"].randomElement(using: &random) ?? "read"
        let asked = f == "read" ? "nil" : f == "write" ? String(value()) : "[\(value()) \(value())]"
        lines.append("{:process \(process), :type :invoke, :f :\(f), :value \(asked)}")
        open[process] = (f, asked)
        started += 1
      }
    }
    return lines.joined(separator: "\n")
  }
}

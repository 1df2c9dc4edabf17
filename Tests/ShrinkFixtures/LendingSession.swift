import Scenarios

/// A session of the lending shelf: `count` actions of noise over `entities` items — each item
/// added, lent, returned and removed in turn, interleaved — with the three actions of the bug on
/// item `bugItem` among them (added, lent, removed while lent), as `dispatch` lines.
public func lendingSession(count: Int, entities: Int = 40, bugItem: Int = 777) -> [String] {
  var lines: [String] = []
  var phase = Array(repeating: 0, count: entities)
  var random = SplitMix(seed: 42)
  let bugAt = [count / 5, count / 2, count * 4 / 5]
  var bugStep = 0
  while lines.count < count {
    if bugStep < 3 && lines.count >= bugAt[bugStep] {
      let bug = ["didAddItem(id: \(bugItem), name: \"broken lamp\")", "didLendItem(id: \(bugItem), to: \"Ada\")", "didRemoveItem(id: \(bugItem))"]
      lines.append("dispatch " + bug[bugStep])
      bugStep += 1
      continue
    }
    let item = random.below(entities)
    let id = item + 1
    switch phase[item] {
    case 0: lines.append("dispatch didAddItem(id: \(id), name: \"item \(id)\")")
    case 1: lines.append("dispatch didLendItem(id: \(id), to: \"reader \(random.below(9))\")")
    case 2: lines.append("dispatch didReturnItem(id: \(id))")
    default: lines.append("dispatch didRemoveItem(id: \(id))")
    }
    phase[item] = (phase[item] + 1) % 4
  }
  return lines
}

import Foundation
import HashTreeCollections
import ReplShellDomain
import Scenarios

/// A domain written with no shell in mind: its state and most selector outputs are not `Codable`,
/// the state holds a class instance and a closure, and its actions are only `Decodable`.
struct WorkshopState: Sendable {
  /// A tool on the bench.
  struct Tool: Sendable, Equatable {
    var name: String
    var kind: ToolKind
    var id: UUID
    var addedAt: Date
    var manual: URL?
  }

  /// Who keeps the books: a class, so the shell can only name it.
  final class Ledger: Sendable {
    let entries: Int

    init(entries: Int) {
      self.entries = entries
    }
  }

  var tools: [String: Tool] = [:]
  var bench: TreeDictionary<Int, Tool> = [:]
  var queue: [ToolKind] = []
  var note: String?
  var size: (width: Int, depth: Int) = (width: 120, depth: 60)
  var ledger = Ledger(entries: 0)
  var label: @Sendable (Int) -> String = { "\($0) tools" }
}

/// What a tool is; `Decodable`, so actions can carry it, but not `Encodable`.
enum ToolKind: Decodable, Equatable, Sendable {
  case hand
  case power(watts: Int)
  case custom(String, weight: Double?)
}

/// What happened at the workshop.
enum WorkshopAction: Decodable, Equatable, Sendable {
  case didAddTool(name: String, kind: ToolKind)
  case didRemoveTool(name: String)
  case didReplaceLedger
  case didChangeLabel
  case didSetNote(String?)
}

extension WorkshopState {
  /// The workshop's reducer: ids and dates come from the number of tools, so runs are deterministic.
  static func reduce(_ state: WorkshopState, _ action: WorkshopAction) throws -> WorkshopState {
    var state = state
    switch action {
    case .didAddTool(let name, let kind):
      let number = state.bench.count + 1
      let tool = Tool(
        name: name, kind: kind, id: UUID(uuidString: String(format: "00000000-0000-0000-0000-%012d", number)) ?? UUID(),
        addedAt: Date(timeIntervalSince1970: Double(number) * 60), manual: URL(string: "https://example.com/manuals/\(name)"))
      state.tools[name] = tool
      state.bench[number] = tool
      state.queue.append(kind)
    case .didRemoveTool(let name):
      guard state.tools.removeValue(forKey: name) != nil else { throw WorkshopError(name: name) }
      state.bench = state.bench.filter { $0.value.name != name }
    case .didReplaceLedger:
      state.ledger = Ledger(entries: state.ledger.entries)
    case .didChangeLabel:
      state.label = { "\($0) tools on the bench" }
    case .didSetNote(let note):
      state.note = note
    }
    return state
  }

  /// A tool that is not in the workshop.
  struct WorkshopError: Error, CustomStringConvertible {
    let name: String
    var description: String { "no tool named \"\(name)\"" }
  }
}

extension Domain {
  /// The workshop, for the reflection scenario.
  static let workshop = Domain(
    name: "workshop", summary: "a state that is not Codable",
    initialState: { WorkshopState() }, reducer: WorkshopState.reduce,
    actionExamples: [
      .didAddTool(name: "drill", kind: .power(watts: 500)), .didAddTool(name: "saw", kind: .custom("japanese", weight: nil)),
      .didAddTool(name: "plane", kind: .hand), .didRemoveTool(name: "saw"), .didReplaceLedger, .didChangeLabel,
      .didSetNote("sharpen"), .didSetNote(nil),
    ],
    selectors: [
      SelectorDefinition("selectTools") { { state in state.tools.values.sorted { $0.name < $1.name } } },
      SelectorDefinition("selectToolCount") { { state in state.tools.count } },
      SelectorDefinition("selectKind", Parameter("name", String.self)) { name in { state in state.tools[name]?.kind } },
      SelectorDefinition("selectLedger") { { state in state.ledger } },
      SelectorDefinition("selectLabel") { { state in state.label(state.tools.count) } },
      SelectorDefinition("selectSize") { { state in state.size } },
    ])
}

import Foundation
import ReplShellDomain
import ReplShellSession
import SessionProtocol
import StateValues

/// `SHELL against-serve`: the reducer of this revision, for `explore --against` in another.
///
/// It reads `AgainstRequest`s on standard input and answers each on standard output (the
/// protocol is `AgainstProtocol`); it runs the reducer alone, from the state a `start` gives,
/// and nothing else: no store, listeners, files or network. It ends when its input does.
package enum AgainstServer {
  /// The first argument that starts a shell as the server.
  package static var argument: String { AgainstProtocol.serveArgument }

  /// Serves `domains` until standard input ends; the process's exit status.
  package static func serve(domains: [Domain], shell: String) -> Int32 {
    let pipe = FramePipe(input: 0, output: 1)
    guard send(.hello(protocolVersion: AgainstProtocol.version, shell: shell), on: pipe) else { return 0 }
    var served: ServedDomain?
    while true {
      let request: AgainstRequest
      do throws(AttachFrame.Failure) {
        request = try pipe.receive(AgainstRequest.self, limit: AgainstProtocol.maximumRequestLength)
      } catch {
        guard error != .closed else { return 0 }
        _ = send(.refused("\(shell) against-serve could not read a request: \(error)"), on: pipe)
        return 65
      }
      let answer = Self.answer(to: request, domains: domains, shell: shell, served: &served)
      guard send(answer, on: pipe) else { return 0 }
    }
  }

  /// The answer to one request; a `start` replaces the domain `served` runs sequences on.
  static func answer(to request: AgainstRequest, domains: [Domain], shell: String, served: inout ServedDomain?) -> AgainstAnswer {
    switch request {
    case .start(let name, let state):
      guard let domain = domains.first(where: { $0.name == name }) else {
        return .refused("\(shell) at this revision has no domain \(name.truncatedForMessage) (it has \(domains.map(\.name).joined(separator: ", ")))")
      }
      do throws(CommandError) {
        let started = try ServedDomain.start(domain.definition, from: state)
        served = started.domain
        return .started(state: WireValue(started.state))
      } catch {
        return .refused(error.message)
      }
    case .run(let introducing, let actions), .digest(let introducing, let actions):
      guard let served else { return .refused("a sequence came before `start`") }
      guard served.tableCount() + introducing.count <= AgainstProtocol.maximumActions else {
        return .refused("the table of actions would hold more than \(AgainstProtocol.maximumActions): start again")
      }
      served.introduce(introducing.map(\.value))
      guard actions.allSatisfy({ (0..<served.tableCount()).contains($0) }) else {
        return .refused("a sequence named an action it never introduced")
      }
      let steps = served.run(actions)
      guard case .digest = request else { return .steps(steps) }
      return .digests(AgainstDigest.digests(of: steps, from: served.startValue))
    }
  }

  private static func send(_ answer: AgainstAnswer, on pipe: FramePipe) -> Bool {
    do {
      return pipe.write(try AttachFrame.bytes(of: answer))
    } catch {
      // An answer that does not encode is said instead; a refusal is strings alone.
      do {
        return pipe.write(try AttachFrame.bytes(of: AgainstAnswer.refused("the answer does not encode: \(error)")))
      } catch {
        return false
      }
    }
  }
}

/// A domain's reducer from its start, erased to values: what the server runs sequences on, with
/// the table of actions the asking side has introduced since the start.
struct ServedDomain {
  /// The state every sequence starts from, as values.
  let startValue: Value
  /// Adds payloads to the table of actions, each read once as an action of this revision.
  let introduce: ([Value]) -> Void
  /// How many actions the table holds.
  let tableCount: () -> Int
  /// The outcome of each action of a sequence (numbers in the table) from the start.
  let run: ([Int]) -> [AgainstStep]

  /// The domain `described`, from `json` (a snapshot of the other side's state) or its initial state.
  static func start<D: DomainDescribing>(_ described: D, from json: JSONForm?) throws(CommandError) -> (domain: ServedDomain, state: Value) {
    let domain = described.typed
    let start = try json.map { json throws(CommandError) in try StateSnapshot.state(D.State.self, from: json) } ?? domain.initialState()
    let startValue = try ValueEncoder.encodeForShell(start)
    let catalog = domain.catalog
    let reducer = domain.reducer
    let name = domain.name
    let statesDiffer = StateEquality.differ(D.State.self)
    var actions: [D.Action?] = []
    var texts: [String] = []
    let introduce: ([Value]) -> Void = { payloads in
      for payload in payloads {
        actions.append(PayloadParsing.action(payload, catalog: catalog))
        texts.append(catalog.text(for: payload))
      }
    }
    let served = ServedDomain(startValue: startValue, introduce: introduce, tableCount: { actions.count }) { numbers in
      var state = start
      var current = startValue
      var steps: [AgainstStep] = []
      steps.reserveCapacity(numbers.count)
      for number in numbers {
        guard let action = actions[number] else {
          steps.append(.unreadable("\(texts[number].truncatedForMessage) is not an action of \(name) at this revision"))
          continue
        }
        do throws(CommandError) {
          steps.append(try AgainstStep.taking(action, with: reducer, statesDiffer: statesDiffer, state: &state, current: &current))
        } catch {
          steps.append(.unreadable("the state after it cannot be read as values: \(error.message)"))
        }
      }
      return steps
    }
    return (served, startValue)
  }
}

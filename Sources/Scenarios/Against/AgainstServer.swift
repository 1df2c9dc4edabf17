import Foundation
import Synchronization

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
    case .run(let payloads):
      guard let served else { return .refused("a sequence came before `start`") }
      return .steps(served.run(payloads.map(\.value)))
    case .digest(let payloads):
      guard let served else { return .refused("a sequence came before `start`") }
      return .digests(AgainstDigest.digests(of: served.run(payloads.map(\.value)), from: served.startValue))
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

/// A domain's reducer from its start, erased to values: what the server runs sequences on.
struct ServedDomain: Sendable {
  /// The state every sequence starts from, as values.
  let startValue: Value
  /// The outcome of each action of a sequence from the start.
  let run: @Sendable ([Value]) -> [AgainstStep]

  /// The domain `described`, from `json` (a snapshot of the other side's state) or its initial state.
  static func start<D: DomainDescribing>(_ described: D, from json: JSONForm?) throws(CommandError) -> (domain: ServedDomain, state: Value) {
    let domain = described.typed
    let start = try json.map { json throws(CommandError) in try StateSnapshot.state(D.State.self, from: json) } ?? domain.initialState()
    let startValue = try ValueEncoder.encodeForShell(start)
    let catalog = domain.catalog
    let reducer = domain.reducer
    let name = domain.name
    // The same payloads come again and again: each is read once.
    let decoder = ServedDecoder<D.Action>()
    let statesDiffer = StateEquality.differ(D.State.self)
    let served = ServedDomain(startValue: startValue) { payloads in
      var state = start
      var current = startValue
      var steps: [AgainstStep] = []
      steps.reserveCapacity(payloads.count)
      for payload in payloads {
        guard let action = decoder.action(for: payload, catalog: catalog) else {
          steps.append(.unreadable("\(catalog.text(for: payload).truncatedForMessage) is not an action of \(name) at this revision"))
          continue
        }
        let next: D.State
        do {
          next = try reducer(state, action)
        } catch {
          steps.append(.rejected(String(describing: error)))
          continue
        }
        // An Equatable state that did not change is not read as values again.
        if statesDiffer?(state, next) == false {
          steps.append(.accepted(state: nil))
          continue
        }
        state = next
        do throws(CommandError) {
          let after = try ValueEncoder.encodeForShell(state)
          steps.append(.accepted(state: after == current ? nil : WireValue(after)))
          current = after
        } catch {
          steps.append(.unreadable("the state after it cannot be read as values: \(error.message)"))
        }
      }
      return steps
    }
    return (served, startValue)
  }
}

/// The actions the server has read, by payload: a sequence's actions are drawn from a small pool.
final class ServedDecoder<Action: Decodable & Sendable>: Sendable {
  private let known = Mutex<[Value: Action?]>([:])

  /// The action `payload` is; nil when it is none of this revision's.
  func action(for payload: Value, catalog: ActionCatalog) -> Action? {
    if let action = known.withLock({ $0[payload] }) { return action }
    let action: Action? = PayloadParsing.action(payload, catalog: catalog)
    known.withLock { known in
      if known.count >= 65_536 { known.removeAll(keepingCapacity: true) }
      known[payload] = .some(action)
    }
    return action
  }
}

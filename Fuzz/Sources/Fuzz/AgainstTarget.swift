import Foundation
import SampleDomains
@testable import ReplShellDomain
@testable import ReplShellSession
@testable import Scenarios
@testable import SessionProtocol
@testable import StateValues

/// `explore --against`'s two sides, each reading what the other sends: the input is the body of
/// one frame, read as `SHELL against-serve` reads a request (and answered: a `start` of a sample
/// domain from the state it carries, then a `run`, or a `run` alone) and as the asking shell
/// reads an answer (its steps compared with the same steps reversed, as a divergence would be).
/// A refusal must say why.
enum AgainstTarget {
  static let target = FuzzTarget(name: "against") { bytes in
    var served: ServedDomain?
    if case .success(let request) = Result(catching: { () throws(AttachFrame.Failure) in try AttachFrame.message(AgainstRequest.self, from: bytes) }) {
      // A run before any start is refused; after the Counter's start it runs.
      let answer = AgainstServer.answer(to: request, domains: Domain.samples, shell: "fuzz", served: &served)
      if case .refused(let reason) = answer, reason.isEmpty { fatalError("a refusal without a reason") }
      switch request {
      case .run, .digest:
        _ = AgainstServer.answer(to: .start(domain: "counter", state: nil), domains: Domain.samples, shell: "fuzz", served: &served)
        _ = AgainstServer.answer(to: request, domains: Domain.samples, shell: "fuzz", served: &served)
      case .start:
        break
      }
    }
    if case .success(let answer) = Result(catching: { () throws(AttachFrame.Failure) in try AttachFrame.message(AgainstAnswer.self, from: bytes) }) {
      let start = Value.structure(typeName: "CounterState", fields: [Field("value", .int(0))])
      switch answer {
      case .steps(let steps):
        let comparison = SequenceComparison(old: steps, new: steps.reversed(), oldStart: start, newStart: start, noise: [], allowed: [])
        if let divergence = comparison.divergence {
          var lines: [OutputLine] = []
          LeafDiff.appendDiff(divergence.oldState, divergence.newState, prefix: "", suffix: "", indent: 1, to: &lines)
        }
      case .started(let state):
        var paths: [StatePath] = []
        ValueDifferences.paths(state.value, start, into: &paths)
        _ = paths.map(\.description)
      case .digests(let digests):
        _ = digests == AgainstDigest.digests(of: [], from: start)
      case .hello, .refused:
        break
      }
    }
  }
}

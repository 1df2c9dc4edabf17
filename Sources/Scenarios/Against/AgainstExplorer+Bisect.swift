import ReplShellFoundation
import StateValues

extension AgainstExplorer {
  /// `--bisect`: the commits between the revision and HEAD, oldest first, each built (in the
  /// cache) and given the shrunk sequence, halving the range until the first commit whose
  /// reducer answers it otherwise than the revision's. A commit that does not build is left out.
  func bisect(
    _ shrunk: [Step], sides: Sides, revision: AgainstRevision, package: AgainstRevision.Package?, reach: FileReach, noise: [StatePath], allowed: [StatePath]
  ) async throws(CommandError) -> BisectResult {
    guard let package, let base = revision.commit else {
      return BisectResult(lines: [.note("--bisect builds the commits after a revision: give --against a revision, not a binary")])
    }
    var candidates = try await AgainstRevision.commits(after: base, in: package)
    guard !candidates.isEmpty else {
      return BisectResult(lines: [.plain("bisect: no commit comes after \(revision.name): the divergence is in this shell's own changes")])
    }
    let baseline = try await answers(of: sides.old, to: shrunk, run: 0, seed: 0)
    var lines: [OutputLine] = []
    // Known: the revision (before the first candidate) agrees; the running shell diverges.
    var low = -1
    var high = candidates.count
    var tested = 0
    while high - low > 1 {
      let middle = (low + high) / 2
      let commit = candidates[middle]
      let subject = try await AgainstRevision.subject(of: commit, in: package)
      let built: AgainstRevision
      do throws(CommandError) {
        built = try await AgainstRevision.build(commit, named: subject, in: package, reach: reach) { events.emit(.note($0)) }
      } catch {
        lines.append(.note("bisect: left out \(subject): \(error.message)"))
        candidates.remove(at: middle)
        high -= 1
        continue
      }
      let (peer, start) = try await startPeer(built, snapshot: sides.snapshot, newStart: sides.oldStart)
      defer { peer.finish() }
      let answered = try await answers(of: peer, to: shrunk, run: 0, seed: 0)
      let diverges = SequenceComparison(old: baseline, new: answered, oldStart: sides.oldStart, newStart: start, noise: noise, allowed: allowed).divergence != nil
      tested += 1
      lines.append(.plain("bisect: \(subject): \(diverges ? "diverges" : "agrees with \(revision.name)")"))
      if diverges { high = middle } else { low = middle }
    }
    guard high < candidates.count else {
      lines.append(.plain("bisect: every commit up to HEAD agrees with \(revision.name) (\(tested) tested): the divergence is in changes not yet committed"))
      return BisectResult(lines: lines, tested: tested)
    }
    let first = try await AgainstRevision.subject(of: candidates[high], in: package)
    lines.append(.plain("bisect: the first commit that diverges is \(first) (\(tested) of \(candidates.count) commits built and tested)"))
    return BisectResult(lines: lines, first: (candidates[high], first), tested: tested)
  }

  /// What `--bisect` printed and found: the first commit that diverges (its hash and subject
  /// line), nil when none did, and how many commits it built and tested.
  struct BisectResult {
    var lines: [OutputLine]
    var first: (commit: String, subject: String)? = nil
    var tested = 0

    /// As the report's data.
    var json: JSONForm {
      .object([
        ("firstCommit", first.map { .string($0.commit) } ?? .null), ("subject", first.map { .string($0.subject) } ?? .null),
        ("tested", .int(tested)),
      ])
    }
  }
}

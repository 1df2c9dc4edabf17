import ReplShell

/// `exploremodels`: a shell over the two models `Benchmarks/Explore/run.sh` measures beside
/// Hypothesis — `ledger`, five rules with string and integer payloads, and `tally`, a counter
/// whose listener saves every change through a side effect.
@main struct ExploreModels: ReplShellApp {
  static let domains: [Domain] = [.ledger, .tally, .breaker]
}

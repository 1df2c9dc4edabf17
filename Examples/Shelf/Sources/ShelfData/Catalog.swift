/// Where the shelf's books come from: a service that answers after a while, as a network or a
/// database would.
public actor Catalog {
  private let titles: [String]
  private let delay: Duration

  /// A catalog that answers with `titles` after `delay`.
  public init(titles: [String] = ["Middlemarch", "Persuasion", "The Leopard"], delay: Duration = .milliseconds(50)) {
    self.titles = titles
    self.delay = delay
  }

  /// The catalog's titles.
  public func fetchTitles() async throws -> [String] {
    try await Task.sleep(for: delay)
    return titles
  }
}

/// The service the shelf's books come from. It answers after a while, as a network would.
public actor Catalog {
  private let titles: [String]
  private let delay: Duration

  /// A catalog that answers with `titles` after `delay`.
  public init(
    titles: [String] = ["Middlemarch", "Persuasion", "The Leopard"],
    delay: Duration = .milliseconds(50)
  ) {
    self.titles = titles
    self.delay = delay
  }

  /// The catalog's titles, once it has answered.
  public func fetchTitles() async throws -> [String] {
    try await Task.sleep(for: delay)
    return titles
  }
}

/// The body a `RemoteStore` POSTs to the Animals server: the queries to read and the mutations
/// to perform, each encoded with the synthesized `Codable` shape the guide uses
/// (`{"query":[{"categories":{}}]}`, `{"mutation":[{"deleteAnimal":{"animalId":"Cat"}}]}`).
public struct RemoteRequest: Hashable, Codable, Sendable {
  /// The reads to answer, in order; nil when the request only mutates.
  public let query: [Query]?
  /// The mutations to perform, in order; nil when the request only reads.
  public let mutation: [Mutation]?

  /// Creates a request; a nil list is left out of the JSON.
  public init(
    query: [Query]? = nil,
    mutation: [Mutation]? = nil
  ) {
    self.query = query
    self.mutation = mutation
  }
}

extension RemoteRequest {
  /// A read the server answers with a `RemoteResponse.Query` of the same name.
  public enum Query: Hashable, Codable, Sendable {
    case categories
    case animals
  }

  /// A write the server answers with a `RemoteResponse.Mutation` of the same name.
  public enum Mutation: Hashable, Codable, Sendable {
    case addAnimal(
      name: String,
      diet: Animal.Diet,
      categoryId: String
    )
    case updateAnimal(
      animalId: String,
      name: String,
      diet: Animal.Diet,
      categoryId: String
    )
    case deleteAnimal(animalId: String)
    case reloadSampleData
  }
}

extension RemoteRequest {
  /// A request for a single query.
  public init(query: Query) {
    self.init(query: [query])
  }

  /// A request for a single mutation.
  public init(mutation: Mutation) {
    self.init(mutation: [mutation])
  }
}

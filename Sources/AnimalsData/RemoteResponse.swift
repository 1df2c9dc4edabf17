/// The body the Animals server answers with: one result per query and per mutation of the request,
/// in the guide's synthesized `Codable` shape (`{"query":[{"categories":{"categories":[…]}}]}`).
public struct RemoteResponse: Hashable, Codable, Sendable {
  /// One answer per query of the request, in its order; nil when it sent none.
  public let query: [Query]?
  /// One answer per mutation of the request, in its order; nil when it sent none.
  public let mutation: [Mutation]?

  /// Creates a response; a nil list is left out of the JSON.
  public init(
    query: [Query]? = nil,
    mutation: [Mutation]? = nil
  ) {
    self.query = query
    self.mutation = mutation
  }
}

extension RemoteResponse {
  /// The answer to a `RemoteRequest.Query`.
  public enum Query: Hashable, Codable, Sendable {
    case categories(categories: [Category])
    case animals(animals: [Animal])
  }

  /// The answer to a `RemoteRequest.Mutation`.
  public enum Mutation: Hashable, Codable, Sendable {
    case addAnimal(animal: Animal)
    case updateAnimal(animal: Animal)
    case deleteAnimal(animal: Animal)
    case reloadSampleData(
      animals: [Animal],
      categories: [Category]
    )
  }
}

extension RemoteResponse.Query {
  /// A response that lacks the answer to the query that was sent.
  public struct Error: Swift.Error, Hashable, Sendable {
    /// The answer that was missing.
    public enum Code: Hashable, Sendable {
      case categoriesNotFound
      case animalsNotFound
    }

    /// Which answer was missing.
    public let code: Code

    /// Creates an error with `code`.
    package init(code: Code) {
      self.code = code
    }
  }
}

extension RemoteResponse.Query.Error: CustomStringConvertible {
  /// The error as Swift writes it: `RemoteResponse.Query.Error(code: .animalsNotFound)`.
  public var description: String {
    "RemoteResponse.Query.Error(code: .\(self.code))"
  }
}

extension RemoteResponse.Mutation {
  /// A response that lacks the answer to the mutation that was sent.
  public struct Error: Swift.Error, Hashable, Sendable {
    /// The answer that was missing.
    public enum Code: Hashable, Sendable {
      case animalNotFound
      case sampleDataNotFound
    }

    /// Which answer was missing.
    public let code: Code

    /// Creates an error with `code`.
    package init(code: Code) {
      self.code = code
    }
  }
}

extension RemoteResponse.Mutation.Error: CustomStringConvertible {
  /// The error as Swift writes it: `RemoteResponse.Mutation.Error(code: .animalNotFound)`.
  public var description: String {
    "RemoteResponse.Mutation.Error(code: .\(self.code))"
  }
}

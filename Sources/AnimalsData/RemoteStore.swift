import Foundation
import Services

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A persistent store on the Animals server: each query and mutation is one `RemoteRequest`
/// POSTed as JSON to `url`, answered by a `RemoteResponse`.
final public class RemoteStore<NetworkSession: RemoteStoreNetworkSession>: Sendable {
  private let session: NetworkSession
  private let url: URL

  /// Creates a store that POSTs to `url` (the server's `/animals/api` endpoint) through `session`.
  public init(session: NetworkSession, url: URL) {
    self.session = session
    self.url = url
  }

  /// Creates a store that POSTs through `session` to `defaultURL`, where `AnimalsDataServer`
  /// listens when started without options.
  public convenience init(session: NetworkSession) {
    self.init(session: session, url: Self.defaultURL)
  }
}

extension RemoteStore {
  /// `http://localhost:8080/animals/api`: the server's endpoint on its default port.
  public static var defaultURL: URL {
    // A constant, well-formed literal: URL(string:) cannot return nil for it.
    URL(string: "http://localhost:8080/animals/api")!
  }
}

extension RemoteStore where NetworkSession == URLSessionNetworkSession {
  /// Creates a store that POSTs to `url` through a `URLSession` that gives up after `timeout`
  /// seconds, of silence or in all, and refuses bodies past the default cap (64 MiB); for other
  /// limits, pass `URLSessionNetworkSession(limits:)` to `init(session:url:)`.
  public convenience init(url: URL, timeout: TimeInterval = URLSessionNetworkSession.defaultTimeout) {
    self.init(session: URLSessionNetworkSession(timeout: timeout), url: url)
  }
}

extension RemoteStore {
  /// Why a request could not be sent.
  public struct Error: Swift.Error, Hashable, Sendable {
    /// The kinds of failure.
    public enum Code: Hashable, Sendable {
      case requestError
    }

    /// Why the request could not be sent.
    public let code: Code

    /// Creates an error with `code`.
    package init(code: Code) {
      self.code = code
    }
  }
}

extension RemoteStore.Error: CustomStringConvertible {
  /// The error as Swift writes it: `RemoteStore.Error(code: .requestError)`.
  public var description: String {
    "RemoteStore.Error(code: .\(self.code))"
  }
}

extension RemoteStore {
  /// The POST request that carries `remoteRequest` to `url`, its JSON keys sorted so the bytes are deterministic.
  package static func networkRequest(url: URL, remoteRequest: RemoteRequest) throws -> URLRequest {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    var request = URLRequest(url: url)
    request.httpMethod = "POST"
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    request.setValue("application/json", forHTTPHeaderField: "Accept")
    do {
      request.httpBody = try encoder.encode(remoteRequest)
    } catch {
      throw Error(code: .requestError)
    }
    return request
  }

  private func send(_ remoteRequest: RemoteRequest) async throws -> RemoteResponse {
    let request = try Self.networkRequest(url: self.url, remoteRequest: remoteRequest)
    return try await self.session.json(for: request, from: JSONDecoder())
  }
}

extension RemoteStore: PersistentSessionPersistentStore {
  /// Asks the server for every animal; throws when its response has no animals query answer.
  public func fetchAnimalsQuery() async throws -> [Animal] {
    let response = try await self.send(RemoteRequest(query: .animals))
    let animals = response.query?.lazy.compactMap { query in
      if case .animals(let animals) = query { animals } else { nil }
    }.first
    guard let animals else {
      throw RemoteResponse.Query.Error(code: .animalsNotFound)
    }
    return animals
  }

  /// Asks the server to add an animal, which assigns its id; returns the animal it answers with.
  public func addAnimalMutation(name: String, diet: Animal.Diet, categoryId: String) async throws -> Animal {
    let response = try await self.send(
      RemoteRequest(mutation: .addAnimal(name: name, diet: diet, categoryId: categoryId))
    )
    return try Self.animal(in: response) { mutation in
      if case .addAnimal(let animal) = mutation { animal } else { nil }
    }
  }

  /// Asks the server to update the animal's name, diet and category; returns the animal it answers with.
  public func updateAnimalMutation(
    animalId: String,
    name: String,
    diet: Animal.Diet,
    categoryId: String
  ) async throws -> Animal {
    let response = try await self.send(
      RemoteRequest(mutation: .updateAnimal(animalId: animalId, name: name, diet: diet, categoryId: categoryId))
    )
    return try Self.animal(in: response) { mutation in
      if case .updateAnimal(let animal) = mutation { animal } else { nil }
    }
  }

  /// Asks the server to delete the animal; returns the animal as it was.
  public func deleteAnimalMutation(animalId: String) async throws -> Animal {
    let response = try await self.send(RemoteRequest(mutation: .deleteAnimal(animalId: animalId)))
    return try Self.animal(in: response) { mutation in
      if case .deleteAnimal(let animal) = mutation { animal } else { nil }
    }
  }

  /// Asks the server for every category; throws when its response has no categories query answer.
  public func fetchCategoriesQuery() async throws -> [Category] {
    let response = try await self.send(RemoteRequest(query: .categories))
    let categories = response.query?.lazy.compactMap { query in
      if case .categories(let categories) = query { categories } else { nil }
    }.first
    guard let categories else {
      throw RemoteResponse.Query.Error(code: .categoriesNotFound)
    }
    return categories
  }

  /// Asks the server to reload the sample data; returns the animals and categories it answers with.
  public func reloadSampleDataMutation() async throws -> (animals: [Animal], categories: [Category]) {
    let response = try await self.send(RemoteRequest(mutation: .reloadSampleData))
    let sampleData = response.mutation?.lazy.compactMap { mutation in
      if case .reloadSampleData(let animals, let categories) = mutation {
        (animals: animals, categories: categories)
      } else {
        nil
      }
    }.first
    guard let sampleData else {
      throw RemoteResponse.Mutation.Error(code: .sampleDataNotFound)
    }
    return sampleData
  }
}

extension RemoteStore {
  /// The animal of the first mutation answer `extract` recognizes; throws `animalNotFound` when there is none.
  private static func animal(
    in response: RemoteResponse,
    _ extract: (RemoteResponse.Mutation) -> Animal?
  ) throws -> Animal {
    guard let animal = response.mutation?.lazy.compactMap(extract).first else {
      throw RemoteResponse.Mutation.Error(code: .animalNotFound)
    }
    return animal
  }
}

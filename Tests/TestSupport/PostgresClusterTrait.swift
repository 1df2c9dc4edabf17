import Testing

/// Runs a suite (or a test) inside its own throwaway PostgreSQL cluster, reachable from its tests
/// as `PostgresCluster.current`.
package struct PostgresClusterTrait: SuiteTrait, TestTrait, TestScoping {
  package func provideScope(
    for test: Test,
    testCase: Test.Case?,
    performing function: @Sendable () async throws -> Void
  ) async throws {
    try await PostgresCluster.withCluster { cluster in
      try await PostgresCluster.$current.withValue(cluster) {
        try await function()
      }
    }
  }
}

extension Trait where Self == PostgresClusterTrait {
  /// A throwaway PostgreSQL cluster around the suite or test.
  package static var postgresCluster: Self { Self() }
}

extension PostgresCluster {
  /// The cluster of the innermost `.postgresCluster` trait around the running test.
  @TaskLocal package static var current: PostgresCluster?

  /// The current cluster; fails with a message naming the missing trait when there is none.
  package static func required() throws -> PostgresCluster {
    guard let cluster = Self.current else {
      throw MissingTraitError()
    }
    return cluster
  }

  /// A test asked for the cluster outside a `.postgresCluster` trait.
  package struct MissingTraitError: Error, CustomStringConvertible {
    package var description: String { "no PostgreSQL cluster: add the .postgresCluster trait to the suite" }
  }
}

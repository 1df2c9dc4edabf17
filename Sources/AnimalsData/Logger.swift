import Logging

/// The module's logger: one debug line per query or mutation sent to a persistent store, one per outcome.
let logger = Logger(label: "AnimalsData")

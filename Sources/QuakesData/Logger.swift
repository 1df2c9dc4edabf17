import Logging

/// The module's logger; the host application decides where its lines go.
let logger = Logger(label: "QuakesData")

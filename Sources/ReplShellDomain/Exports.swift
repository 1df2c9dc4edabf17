// What a domain author writes a `Domain` with: values, diffs, errors (`StateValues`) and the
// events a session's store reports (`SessionProtocol`).
@_exported import SessionProtocol
@_exported import StateValues

// The value layer and the session protocol are part of what the engine's users see: values,
// diffs, output lines, errors, and the session's events.
@_exported import SessionProtocol
@_exported import StateValues

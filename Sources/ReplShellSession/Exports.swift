// The value layer, the session protocol and the registration types are part of what the
// engine's users see: values, diffs, output lines, errors, the session's events, `Domain`.
@_exported import ReplShellDomain
@_exported import SessionProtocol
@_exported import StateValues

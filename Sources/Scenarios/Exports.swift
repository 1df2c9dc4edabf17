// A shell process's engine is the live-session core and what only a shell runs (scripts and
// goldens, explore and shrinking); importing it brings the core, the registration types, values
// and the session protocol.
@_exported import ReplShellSession

// What an app needs beside the attachment itself: `Domain` and the rest of the engine's
// registration types, and the store protocols of ImmutableData.
@_exported import ImmutableData
@_exported import ReplShellSession

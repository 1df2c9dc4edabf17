import ArgumentParser
import ReplShellFoundation

/// What `--mcp-call-timeout` reads.
enum MCPCallTimeout {
  /// `30s`, `500ms`, `10m` or a number of seconds.
  static func duration(parsing text: String) throws(ValidationError) -> Duration {
    if let duration = DurationText.parse(text) { return duration }
    throw ValidationError("--mcp-call-timeout takes a duration such as `30s`, `500ms` or `10m`, not `\(text)`")
  }
}

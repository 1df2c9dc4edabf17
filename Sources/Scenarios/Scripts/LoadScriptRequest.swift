import Foundation
import ReplShellHost
import ReplShellSession
import StateValues

/// A scenario script run up to its first line that fails, as the recording `shrink` works on
/// (`--replay FILE.txt --shrink`): its lines run in one turn, as a script's do.
package struct LoadScriptRequest: SessionRequest {
  /// The script's file.
  package var url: URL
  /// How messages name it.
  package var name: String

  /// A request to load the script at `url`, named `name` in messages.
  package init(contentsOf url: URL, name: String) {
    self.url = url
    self.name = name
  }

  /// Its transcript and the line that failed, when one did; an error when the file cannot be read.
  @MainActor package func perform(in shell: Shell) async -> Result<(lines: [OutputLine], failedLine: String?), CommandError> {
    do throws(CommandError) {
      return .success(try await shell.loadScript(contentsOf: url, name: name))
    } catch {
      return .failure(error)
    }
  }
}

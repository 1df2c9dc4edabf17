import Foundation
import ReplShellFoundation
import StateValues

extension GoldenComparison {
  /// Writes `text` as the golden at `url`, as `--update` does: whole or not at all (a new file
  /// beside it, renamed into place), never through a symbolic link, never over anything but a
  /// regular file. The error names the golden and why.
  public static func write(_ text: String, toGoldenAt url: URL) throws(CommandError) {
    do {
      try FileReach.anywhere.checkWritable(url.path, replacing: true, forceHint: "")
    } catch {
      throw CommandError(error.description)
    }
    try ScenarioFiles.writeAll([(url, Data(text.utf8))])
  }
}

/// A line editor handed to the thread that reads a line while the main actor stays free (an
/// inspector serves, or an attached shell watches for its app's goodbye). It is safe to send:
/// only that thread uses the editor until the line is read, and the main actor touches it again
/// only after it has the line.
struct UncheckedEditor: @unchecked Sendable {
  let editor: LineEditor
}

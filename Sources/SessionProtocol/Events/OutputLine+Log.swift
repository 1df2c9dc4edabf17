import StateValues
extension OutputLine {
  package static func log(_ category: DebugCategory, _ text: String) -> OutputLine { OutputLine(.log, "[\(category.rawValue)] " + text) }
}

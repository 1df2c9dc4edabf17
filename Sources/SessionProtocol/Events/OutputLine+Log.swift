import StateValues
extension OutputLine {
  public static func log(_ category: DebugCategory, _ text: String) -> OutputLine { OutputLine(.log, "[\(category.rawValue)] " + text) }
}

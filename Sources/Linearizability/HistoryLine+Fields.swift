extension HistoryLine.Op {
  /// `:process 1.5` as the line's format writes it (`"process": 1.5` in JSON), for messages.
  func shown(_ key: String, _ value: EDNValue) -> String {
    isJSON ? "`\"\(key)\": \(JSONLineReader.written(value))`" : "`:\(key) \(value)`"
  }

  /// `:process 0` as the line's format writes it, for what to write instead.
  func example(_ key: String, _ value: String) -> String {
    isJSON ? "`\"\(key)\": \(value)`" : "`:\(key) \(value)`"
  }

  func fieldError(_ key: String, _ message: String) -> HistoryError {
    line.error(message, column: line.column(of: key, isJSON: isJSON))
  }

  /// The client that ran the op, or nil for a worker that is not a client (Jepsen's
  /// `:nemesis`). Anything else is an error: such an op was once skipped, and a history of them
  /// passed as linearizable with no operations.
  func clientProcess() throws(HistoryError) -> Int? {
    guard let process = fields["process"] else {
      throw line.error("the op has no :process; write one such as `{:process 0, :type :invoke, :f :read, :value nil}`")
    }
    let workers = isJSON ? "a name, such as `\"process\": \"nemesis\"`" : "a keyword, such as `:process :nemesis`"
    switch process {
    case .integer(let number):
      return number
    case .keyword:
      return nil
    case .string(let name) where isJSON && Self.isWorkerName(name):
      return nil
    case .string(let text) where Int(text) != nil || Double(text) != nil:
      throw fieldError("process", "\(shown("process", process)) is a number in quotes; a client's :process is an integer, such as \(example("process", "0")) (a worker that is not a client is \(workers))")
    case .string:
      throw fieldError("process", "\(shown("process", process)) is a string; a client's :process is an integer, such as \(example("process", "0")), and a worker that is not a client is \(workers)")
    default:
      throw fieldError("process", "\(shown("process", process)) is not an integer; a client's :process is an integer, such as \(example("process", "0")) (a worker that is not a client is \(workers))")
    }
  }

  /// A worker's name in JSON, where names are strings: a letter, then letters, digits, `-`,
  /// `_` or `.`.
  static func isWorkerName(_ text: String) -> Bool {
    guard let first = text.unicodeScalars.first, first.properties.isAlphabetic else { return false }
    return text.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_" || $0 == "." }
  }

  /// The name of the op's `:type`: `invoke`, `ok`, `fail` or `info` (an unknown name is for the
  /// caller to refuse, naming it).
  func typeName() throws(HistoryError) -> String {
    guard let type = fields["type"] else {
      throw line.error("the op has no :type; give :invoke, :ok, :fail or :info")
    }
    guard let name = type.name else {
      throw fieldError("type", "\(shown("type", type)) is not one of :invoke, :ok, :fail or :info; write such as \(example("type", isJSON ? "\"ok\"" : ":ok"))")
    }
    return name
  }

  /// The op's `:f`: a non-empty name.
  func function() throws(HistoryError) -> String {
    guard let function = fields["f"] else {
      throw line.error("the op has no :f naming what it does (such as `:f :read`)")
    }
    guard let name = function.name, !name.isEmpty else {
      throw fieldError("f", "\(shown("f", function)) names no operation; name it, such as \(example("f", isJSON ? "\"read\"" : ":read"))")
    }
    return name
  }

  /// Jepsen's `:index` and `:time` are not read, but one of the wrong kind means a broken
  /// history, not one to check.
  func checkIndexAndTime() throws(HistoryError) {
    if let index = fields["index"] {
      guard case .integer(let number) = index, number >= 0 else {
        throw fieldError("index", "\(shown("index", index)) is not an event's index, a whole number from 0; fix it or leave :index out")
      }
    }
    if let time = fields["time"] {
      switch time {
      case .integer, .float: break
      default: throw fieldError("time", "\(shown("time", time)) is not a time, a number (Jepsen's nanoseconds); fix it or leave :time out")
      }
    }
  }
}

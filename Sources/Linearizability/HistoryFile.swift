#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The bytes of a history file, read within a budget: never more than its bytes (a regular
/// file larger than that is refused before any is read), and with its deadline and cancellation
/// asked between reads. The file is opened without blocking, so that a pipe or a FIFO that
/// nobody writes to waits only as long as the budget allows.
enum HistoryFile {
  static let chunkSize = 1 << 16

  static func bytes(atPath path: String, budget: LinearizeBudget) throws(HistoryError) -> [UInt8] {
    func failure(_ what: String) -> HistoryError {
      HistoryError(source: path, line: nil, message: "cannot read the file (\(what)); give the path of a history.edn or a JSON-lines history")
    }
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else { throw failure(String(cString: strerror(errno))) }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { throw failure(String(cString: strerror(errno))) }
    if status.st_mode & S_IFMT == S_IFDIR { throw failure("it is a folder") }
    let isRegular = status.st_mode & S_IFMT == S_IFREG
    if isRegular && Int(status.st_size) > budget.maximumBytes {
      throw HistoryError(source: path, line: nil, shortfall: .bytes(limit: budget.maximumBytes))
    }
    var bytes: [UInt8] = []
    if isRegular { bytes.reserveCapacity(Int(status.st_size) + 1) }
    var chunk = [UInt8](repeating: 0, count: chunkSize)
    while true {
      if let interruption = budget.interruption() { throw HistoryError(source: path, line: nil, shortfall: interruption) }
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count > 0 {
        guard bytes.count + count <= budget.maximumBytes else {
          throw HistoryError(source: path, line: nil, shortfall: .bytes(limit: budget.maximumBytes))
        }
        bytes.append(contentsOf: chunk[0..<count])
        continue
      }
      if count == 0 { return bytes }
      switch errno {
      case EINTR: continue
      case EAGAIN, EWOULDBLOCK:
        // Nothing to read yet (a pipe): wait a little for more, then ask the budget again.
        var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        _ = poll(&waiting, 1, 100)
      default:
        throw failure(String(cString: strerror(errno)))
      }
    }
  }
}

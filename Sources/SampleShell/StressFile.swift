#if canImport(Glibc)
import Glibc
#endif

/// Writes the history file: never through a symbolic link, never over a file unless told to.
enum StressFile {
  struct Refusal: Error, CustomStringConvertible {
    let description: String
  }

  static func write(_ text: String, to path: String, replacing: Bool) throws(Refusal) {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_NOFOLLOW | O_CLOEXEC | (replacing ? O_TRUNC : O_EXCL), 0o644)
    guard descriptor >= 0 else {
      let reason = errno == EEXIST ? "it exists; add --force to replace it" : errno == ELOOP ? "it is a symbolic link; give another path" : String(cString: strerror(errno))
      throw Refusal(description: "cannot write \(path): \(reason)")
    }
    defer { close(descriptor) }
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
      let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
      guard written > 0 else { throw Refusal(description: "cannot write \(path): \(String(cString: strerror(errno)))") }
      bytes = bytes.dropFirst(written)
    }
  }
}

import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Writes a file the user named (`linearize --html`, `stress --save`): never through a symbolic
/// link, and never over an existing file unless told to (`--force`).
package enum UserFile {
  package struct Refusal: Error, CustomStringConvertible {
    package let description: String
  }

  package static func write(_ text: String, to path: String, replacing: Bool) throws(Refusal) {
    let flags = O_WRONLY | O_CREAT | O_NOFOLLOW | O_CLOEXEC | (replacing ? O_TRUNC : O_EXCL)
    let descriptor = open(path, flags, 0o644)
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

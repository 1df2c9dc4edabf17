import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The file that keeps the shell's history between runs: plain UTF-8 text, one entry per line,
/// oldest first. Each entry is appended as soon as it is added, so a crash loses nothing.
struct HistoryFile {
  /// Why the history file could not be read or written.
  struct Error: Swift.Error, CustomStringConvertible {
    /// The file concerned.
    var path: String
    /// What failed, e.g. `Permission denied`.
    var reason: String

    /// `history file <path>: <reason>`.
    var description: String { "history file \(path): \(reason)" }
  }

  /// Where the file lives.
  let url: URL

  /// Reads the entries, creating the file and its folders when missing; keeps only the newest
  /// `limit` entries, and rewrites the file when it holds more than that.
  func load(limit: Int) throws(Error) -> [String] {
    let path = url.path
    try Self.makeFolders(url.deletingLastPathComponent().path, for: path)
    let descriptor = open(path, O_RDONLY | O_CREAT | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw Self.systemError(path) }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count >= 0 else { throw Self.systemError(path) }
      guard count > 0 else { break }
      bytes += buffer[..<count]
    }
    let entries = String(decoding: bytes, as: UTF8.self)
      .split(whereSeparator: \.isNewline).map(String.init)
    guard entries.count > limit else { return entries }
    let kept = Array(entries.suffix(limit))
    try replaceContents(with: kept)
    return kept
  }

  /// Appends one entry (which must not contain a line break) to the end of the file.
  func append(_ entry: String) throws(Error) {
    let path = url.path
    let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw Self.systemError(path) }
    defer { close(descriptor) }
    try Self.write(Array((entry + "\n").utf8), to: descriptor, path: path)
  }
}

extension HistoryFile {
  /// Replaces the file with `entries` atomically (a temporary file renamed over it).
  private func replaceContents(with entries: [String]) throws(Error) {
    let path = url.path
    let temporaryPath = "\(path).\(getpid()).tmp"
    let descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw Self.systemError(temporaryPath) }
    do {
      try Self.write(Array(entries.map { $0 + "\n" }.joined().utf8), to: descriptor, path: path)
    } catch {
      close(descriptor)
      unlink(temporaryPath)
      throw error
    }
    close(descriptor)
    guard rename(temporaryPath, path) == 0 else {
      let error = Self.systemError(path)
      unlink(temporaryPath)
      throw error
    }
  }

  /// Creates `folder` and its missing parents (mode 0700, as for XDG state folders).
  private static func makeFolders(_ folder: String, for path: String) throws(Error) {
    guard !folder.isEmpty, folder != "/" else { return }
    if mkdir(folder, 0o700) == 0 || errno == EEXIST { return }
    guard errno == ENOENT else { throw systemError(path) }
    try makeFolders((folder as NSString).deletingLastPathComponent, for: path)
    guard mkdir(folder, 0o700) == 0 || errno == EEXIST else { throw systemError(path) }
  }

  /// Writes all of `bytes` to `descriptor`, retrying short writes.
  private static func write(_ bytes: [UInt8], to descriptor: Int32, path: String) throws(Error) {
    var offset = 0
    while offset < bytes.count {
      let written = bytes[offset...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
      if written < 0, errno == EINTR { continue }
      guard written > 0 else { throw systemError(path) }
      offset += written
    }
  }

  /// An error for `path` described by the current `errno`, e.g. `Not a directory`.
  private static func systemError(_ path: String) -> Error {
    Error(path: path, reason: String(cString: strerror(errno)))
  }
}

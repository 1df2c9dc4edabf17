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

  /// The most of the file's end that `load` reads: 4 MiB, far more than the newest entries a
  /// shell keeps take.
  static let tailByteLimit = 4 << 20

  /// Reads the entries, creating the file and its folders when missing; keeps only the newest
  /// `limit` entries, and rewrites the file when it holds more than that.
  func load(limit: Int) throws(Error) -> [String] {
    let path = url.path
    try Self.makeFolders(url.deletingLastPathComponent().path, for: path)
    let folder = try openFolder()
    defer { close(folder) }
    let descriptor = try openFile(in: folder, flags: O_RDONLY | O_CREAT)
    defer { close(descriptor) }
    // Only the file's last `tailByteLimit` bytes are read: a history grown huge (by another
    // program, or a shell that could not rewrite it) costs no more than that to start with.
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { throw Self.systemError(path) }
    let skipped = max(0, Int(info.st_size) - Self.tailByteLimit)
    if skipped > 0, lseek(descriptor, off_t(skipped), SEEK_SET) < 0 { throw Self.systemError(path) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    while bytes.count < Self.tailByteLimit {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count >= 0 else { throw Self.systemError(path) }
      guard count > 0 else { break }
      bytes += buffer[..<count]
    }
    if skipped > 0 {
      // The first line read is likely a part of one: it goes.
      bytes = Array(bytes.drop { $0 != UInt8(ascii: "\n") }.dropFirst())
    }
    let entries = String(decoding: bytes, as: UTF8.self)
      .split(whereSeparator: \.isNewline).map(String.init)
    guard entries.count > limit || skipped > 0 else { return entries }
    let kept = Array(entries.suffix(limit))
    try replaceContents(with: kept, in: folder)
    return kept
  }

  /// Appends one entry (which must not contain a line break) to the end of the file.
  func append(_ entry: String) throws(Error) {
    let folder = try openFolder()
    defer { close(folder) }
    let descriptor = try openFile(in: folder, flags: O_WRONLY | O_APPEND | O_CREAT)
    defer { close(descriptor) }
    try Self.write(Array((entry + "\n").utf8), to: descriptor, path: url.path)
  }
}

extension HistoryFile {
  /// The file's folder, opened after checking that it is safe to keep history in: a real folder
  /// (not a link) of this user's that no one else can write. Otherwise another user could link
  /// the history file, or its temporary file, to a file of this user's, which the shell would
  /// then overwrite, or read every line typed from it. Files are opened relative to the
  /// descriptor, so the folder checked is the folder written.
  private func openFolder() throws(Error) -> Int32 {
    let folder = url.deletingLastPathComponent().path
    let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    guard descriptor >= 0 else {
      if errno == ELOOP || errno == ENOTDIR {
        throw Error(path: url.path, reason: "refused the folder \(folder): it is not a folder (a link?), so another user may have put it there; \(Self.remedy)")
      }
      throw Self.systemError(url.path)
    }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else {
      let error = Self.systemError(url.path)
      close(descriptor)
      throw error
    }
    let refusal: String? =
      if info.st_uid != getuid() {
        "refused the folder \(folder): it belongs to uid \(info.st_uid), not to uid \(getuid()) who runs this shell, so its owner could link the history to a file of yours or read what you type; \(Self.remedy)"
      } else if info.st_mode & 0o022 != 0 {
        "refused the folder \(folder): other users can write in it (mode \(String(info.st_mode & 0o777, radix: 8))), so a stranger could link the history to a file of yours; `chmod go-w \(folder)`, or \(Self.remedy)"
      } else {
        nil
      }
    if let refusal {
      close(descriptor)
      throw Error(path: url.path, reason: refusal)
    }
    return descriptor
  }

  /// What to do about a folder the history cannot be kept in.
  private static let remedy = "set XDG_STATE_HOME to a folder of yours (mode 0700)"

  /// Opens the history file in `folder` with `flags`, never following a link and never blocking
  /// (on a FIFO put in its place), and checks that it is a regular file of this user's.
  private func openFile(in folder: Int32, flags: Int32) throws(Error) -> Int32 {
    let name = url.lastPathComponent
    let descriptor = openat(folder, name, flags | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      if errno == ELOOP { throw Error(path: url.path, reason: "refused: it is a link, which this shell does not follow; remove it") }
      throw Self.systemError(url.path)
    }
    var info = stat()
    guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_uid == getuid() else {
      close(descriptor)
      throw Error(path: url.path, reason: "refused: it is not a regular file of uid \(getuid())'s; remove it")
    }
    return descriptor
  }

  /// Replaces the file with `entries` atomically: a temporary file of a new random name, created
  /// in `folder` (never an existing file, never through a link), renamed over it.
  private func replaceContents(with entries: [String], in folder: Int32) throws(Error) {
    let path = url.path
    let temporaryName = ".\(url.lastPathComponent).\(UUID().uuidString.prefix(12)).tmp"
    let descriptor = openat(folder, temporaryName, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw Self.systemError(path) }
    do {
      try Self.write(Array(entries.map { $0 + "\n" }.joined().utf8), to: descriptor, path: path)
    } catch {
      close(descriptor)
      unlinkat(folder, temporaryName, 0)
      throw error
    }
    close(descriptor)
    guard renameat(folder, temporaryName, folder, url.lastPathComponent) == 0 else {
      let error = Self.systemError(path)
      unlinkat(folder, temporaryName, 0)
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

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one way to every file a command names, to read or to write: a path is resolved against a
/// folder, kept inside the confinement when there is one (an MCP session's working folder), and
/// refused before any work when it is a symbolic link or not a regular file (a FIFO, a device, a
/// folder), when it is too long to read, or when it exists and may not be replaced. Opens never
/// follow a link or block; a refusal names the path and the reason, never the file's content.
public struct FileReach: Sendable, Equatable {
  /// The folder every path must lie in, resolved (no link in it); nil when any path may be used.
  public let confinement: String?

  /// A reach that takes any path.
  public static let anywhere = FileReach(confinement: nil)

  private init(confinement: String?) {
    self.confinement = confinement
  }

  /// A reach that refuses every path outside `folder` (after resolving the links in both), or
  /// throws when `folder` cannot be resolved.
  public static func confined(to folder: String) throws(FileReachError) -> FileReach {
    guard let resolved = resolvedPath(folder) else {
      throw FileReachError(path: folder, access: .read, reason: "the folder to confine paths to cannot be resolved: \(errorText(errno))")
    }
    return FileReach(confinement: resolved)
  }

  /// The absolute, normalised path of `typed` (relative to `folder` unless absolute), or a
  /// refusal when the path leaves the confinement.
  public func resolve(_ typed: String, relativeTo folder: String, for access: FileReachError.Access) throws(FileReachError) -> String {
    let path = Self.normalised(typed.hasPrefix("/") ? typed : folder + "/" + typed)
    guard let confinement else { return path }
    // The deepest part of the path that exists, with its links resolved, then the rest as typed:
    // a link inside the folder that points out of it leaves it too.
    var existing = path
    var rest: [Substring] = []
    while Self.resolvedPath(existing) == nil, existing != "/" {
      let cut = existing.lastIndex(of: "/") ?? existing.startIndex
      rest.insert(existing[existing.index(after: cut)...], at: 0)
      existing = cut == existing.startIndex ? "/" : String(existing[..<cut])
    }
    let real = ([Self.resolvedPath(existing) ?? existing] + rest.map(String.init)).joined(separator: "/")
    guard real == confinement || real.hasPrefix(confinement == "/" ? "/" : confinement + "/") else {
      throw FileReachError(
        path: typed, access: access,
        reason: "it is outside \(ControlCharacters.escaped(confinement)), the folder this session may use; give a path inside it, or start the server with --allow-any-path")
    }
    return path
  }

  /// The bytes of the regular file at `path`, read within `budget`: without following a link or
  /// blocking, never more than its bytes (a file larger than that is refused before any is read),
  /// its deadline and cancellation asked between chunks. With `acceptingStreams`, a FIFO, a pipe
  /// or a device is read too, waiting for more only as long as the budget allows (a history piped
  /// in); otherwise anything but a regular file is refused before any work.
  public func read(_ path: String, shownAs shown: String? = nil, budget: Budget = .current, acceptingStreams: Bool = false) throws(FileReachError) -> [UInt8] {
    let refuse = Self.refusal(of: path, shownAs: shown, for: .read)
    let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else { throw refuse(Self.openFailure(errno, reading: true)) }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { throw refuse(Self.errorText(errno)) }
    let kind = status.st_mode & S_IFMT
    let isRegular = kind == S_IFREG
    let isStream = kind == S_IFIFO || kind == S_IFCHR || kind == S_IFSOCK
    guard isRegular || (acceptingStreams && isStream) else { throw refuse(Self.notRegular(status.st_mode)) }
    if isRegular && Int(status.st_size) > budget.maximumBytes {
      throw Self.shortfall(.bytes(limit: budget.maximumBytes), of: path, shownAs: shown)
    }
    var bytes: [UInt8] = []
    if isRegular { bytes.reserveCapacity(Int(status.st_size)) }
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      if let interruption = budget.interruption() { throw Self.shortfall(interruption, of: path, shownAs: shown) }
      let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
      if count > 0 {
        // A file that grows while it is read is held to the same limit.
        guard bytes.count + count <= budget.maximumBytes else { throw Self.shortfall(.bytes(limit: budget.maximumBytes), of: path, shownAs: shown) }
        bytes += chunk[..<count]
        continue
      }
      if count == 0 { return bytes }
      switch errno {
      case EINTR: continue
      case EAGAIN, EWOULDBLOCK:
        // A stream with nothing to read yet: wait a little for more, then ask the budget again.
        var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        _ = poll(&waiting, 1, 100)
      default:
        throw refuse(Self.errorText(errno))
      }
    }
  }

  /// The UTF-8 text of the file at `path`, read as `read` does; text that is not UTF-8 is refused
  /// with the number of its first line that is not.
  public func readText(_ path: String, shownAs shown: String? = nil, budget: Budget = .current, acceptingStreams: Bool = false) throws(FileReachError) -> String {
    let bytes = try read(path, shownAs: shown, budget: budget, acceptingStreams: acceptingStreams)
    if let text = String(validating: bytes, as: UTF8.self) { return text }
    let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    let line = (lines.firstIndex { String(validating: $0, as: UTF8.self) == nil } ?? 0) + 1
    throw Self.refusal(of: path, shownAs: shown, for: .read)("line \(line) is not UTF-8 text")
  }

  /// Refuses, before any work, a file at `path` that a later write could not or may not make:
  /// a link, something that is not a regular file, or, unless `replacing`, any file at all
  /// (`forceHint` says how to allow it: "add --force to replace it").
  public func checkWritable(_ path: String, shownAs shown: String? = nil, replacing: Bool, forceHint: String) throws(FileReachError) {
    let refuse = Self.refusal(of: path, shownAs: shown, for: .write)
    var status = stat()
    guard lstat(path, &status) == 0 else {
      guard errno == ENOENT else { throw refuse(Self.errorText(errno)) }
      return
    }
    if status.st_mode & S_IFMT == S_IFLNK { throw refuse("it is a symbolic link; give the path of a file itself") }
    guard status.st_mode & S_IFMT == S_IFREG else { throw refuse(Self.notRegular(status.st_mode)) }
    guard replacing else { throw refuse("it exists; \(forceHint)") }
  }

  /// Writes `bytes` to the regular file at `path`, created with `mode` when new: never through a
  /// link, never blocking on a FIFO put in its place, and over an existing file only when
  /// `replacing`.
  public func write(_ bytes: some Collection<UInt8>, to path: String, shownAs shown: String? = nil, replacing: Bool,
                    forceHint: String = "add --force to replace it", mode: mode_t = 0o644) throws(FileReachError) {
    let refuse = Self.refusal(of: path, shownAs: shown, for: .write)
    let descriptor = open(path, O_WRONLY | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC | (replacing ? 0 : O_EXCL), mode)
    guard descriptor >= 0 else {
      throw refuse(errno == EEXIST ? "it exists; \(forceHint)" : Self.openFailure(errno, reading: false))
    }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { throw refuse(Self.errorText(errno)) }
    guard status.st_mode & S_IFMT == S_IFREG else { throw refuse(Self.notRegular(status.st_mode)) }
    guard ftruncate(descriptor, 0) == 0 else { throw refuse(Self.errorText(errno)) }
    var remaining = Array(bytes)[...]
    while !remaining.isEmpty {
      let written = remaining.withUnsafeBytes { systemWrite(descriptor, $0.baseAddress, $0.count) }
      if written < 0, errno == EINTR { continue }
      guard written > 0 else { throw refuse(Self.errorText(errno)) }
      remaining = remaining.dropFirst(written)
    }
  }
}

extension FileReach {
  /// The refusal of reading `path` because `shortfall` ran out: "it is larger than 1,000 bytes;
  /// give a smaller file". The surface that has an option to raise the limit says so from the
  /// error's `shortfall` (`linearize` names `--max-bytes`).
  static func shortfall(_ shortfall: BudgetShortfall, of path: String, shownAs shown: String?) -> FileReachError {
    let reason = switch shortfall {
    case .cancelled: "stopped while reading"
    case .deadline: "the time to read it ran out; give more time with --timeout, such as `--timeout 60s`"
    default: shortfall.whatRanOut(of: "it") + "; give a smaller file"
    }
    return FileReachError(path: ControlCharacters.escaped(shown ?? path, onOneLine: true), access: .read, reason: reason, shortfall: shortfall)
  }

  /// The refusal of `path` for `access`, for a reason: the path as shown (`shown`, else the path),
  /// its control characters escaped.
  static func refusal(of path: String, shownAs shown: String?, for access: FileReachError.Access) -> (String) -> FileReachError {
    let shownPath = ControlCharacters.escaped(shown ?? path, onOneLine: true)
    return { reason in FileReachError(path: shownPath, access: access, reason: reason) }
  }

  /// `path` without `.` and empty components, with each `..` taking away the one before it.
  static func normalised(_ path: String) -> String {
    var parts: [Substring] = []
    for part in path.split(separator: "/") {
      switch part {
      case ".": continue
      case "..": _ = parts.popLast()
      default: parts.append(part)
      }
    }
    return "/" + parts.joined(separator: "/")
  }

  /// `path` with every link in it resolved, or nil when some part of it does not exist.
  static func resolvedPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// Why an open failed, with what to do instead.
  static func openFailure(_ code: Int32, reading: Bool) -> String {
    switch code {
    case ELOOP: "it is a symbolic link; give the path of a file itself"
    case ENXIO: "it is a FIFO with no reader, not a regular file"
    case ENOENT: reading ? "there is no such file" : "its folder does not exist"
    case EISDIR: "it is a folder; give the path of a file"
    default: errorText(code)
    }
  }

  /// What a file that is not a regular file is.
  static func notRegular(_ mode: mode_t) -> String {
    let kind = switch mode & S_IFMT {
    case S_IFDIR: "a folder"
    case S_IFIFO: "a FIFO"
    case S_IFCHR, S_IFBLK: "a device"
    case S_IFSOCK: "a socket"
    default: "not a regular file"
    }
    return kind == "not a regular file" ? "it is not a regular file" : "it is \(kind), not a regular file"
  }

  /// The system's text for `code`.
  static func errorText(_ code: Int32) -> String {
    String(cString: strerror(code))
  }
}

/// The system's `read`, out of reach of `FileReach.read`'s name.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
  read(descriptor, buffer, count)
}

/// The system's `write`, out of reach of `FileReach.write`'s name.
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
  write(descriptor, buffer, count)
}

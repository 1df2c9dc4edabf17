// Linux only for now: Glibc's files and /proc (macOS would take Darwin's and `proc_pidinfo`).
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import StateValues

#if canImport(Glibc)
/// What an app's attachment says of itself in a file beside its socket (`APP-PID.json`, mode
/// 0600, in the user's 0700 folder), so that `--attach` alone lists the apps without connecting
/// to each one. It is trusted only when the folder is private to the user and the file is a
/// regular file of the user's, not a link; and it is current only while the process that wrote
/// it runs (the kernel's start time of the pid must match, so a pid reused by another process
/// does not count).
public struct AttachSidecar: Sendable, Equatable {
  /// The app's name, as the socket's name carries it before the pid.
  public let app: String
  /// The domain the attachment drives.
  public let domain: String
  /// The app's process.
  public let pid: Int32
  /// Whether shells may dispatch into the live store.
  public let allowsWrites: Bool
  /// When the attachment opened, in seconds since 1970.
  public let started: Double
  /// The process's start time, in clock ticks since boot (`/proc/PID/stat`); nil when unknown.
  public let processStart: UInt64?

  /// Describes an attachment; `processStart` is read for `pid`.
  public init(app: String, domain: String, pid: Int32, allowsWrites: Bool, started: Double) {
    self.init(app: app, domain: domain, pid: pid, allowsWrites: allowsWrites, started: started, processStart: Self.startTime(of: pid))
  }

  fileprivate init(app: String, domain: String, pid: Int32, allowsWrites: Bool, started: Double, processStart: UInt64?) {
    self.app = app
    self.domain = domain
    self.pid = pid
    self.allowsWrites = allowsWrites
    self.started = started
    self.processStart = processStart
  }

  /// The sidecar of the socket at `socketPath`: the same name, `.json` for `.sock`.
  public static func path(forSocket socketPath: String) -> String {
    (socketPath.hasSuffix(".sock") ? String(socketPath.dropLast(".sock".count)) : socketPath) + ".json"
  }

  /// Whether the process that wrote it still runs: the pid runs and started when it did.
  public var isCurrent: Bool {
    guard AttachDirectory.isRunning(pid) else { return false }
    guard let processStart else { return true }
    return Self.startTime(of: pid) == processStart
  }

  /// The start time of process `pid` in clock ticks since boot, from `/proc/PID/stat`; nil when
  /// it cannot be read.
  public static func startTime(of pid: Int32) -> UInt64? {
    // Read as the sidecar is, with the system's calls: a process gone has no file, and nil says so.
    let descriptor = open("/proc/\(pid)/stat", O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var bytes = [UInt8](repeating: 0, count: 4_096)
    let count = Glibc.read(descriptor, &bytes, bytes.count)
    guard count > 0 else { return nil }
    let text = String(decoding: bytes.prefix(count), as: UTF8.self)
    guard let endOfName = text.lastIndex(of: ")") else { return nil }
    // After `pid (name)`: the state is field 3, the start time field 22.
    let fields = text[text.index(after: endOfName)...].split(separator: " ")
    return fields.count > 19 ? UInt64(fields[19]) : nil
  }
}

extension AttachSidecar {
  /// Writes the sidecar at `path` with mode 0600: into a new file beside it, then renamed over,
  /// so that a reader never sees half of it.
  public func write(to path: String) throws(CommandError) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let data: Data
    do {
      data = try encoder.encode(File(self))
    } catch {
      throw CommandError("cannot describe the attachment in \(path): \(error)")
    }
    let temporary = path + ".new"
    unlink(temporary)
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw CommandError("cannot write \(temporary): \(String(cString: strerror(errno)))") }
    let written = data.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
    close(descriptor)
    guard written == data.count, rename(temporary, path) == 0 else {
      let reason = String(cString: strerror(errno))
      unlink(temporary)
      throw CommandError("cannot write \(path): \(reason)")
    }
  }

  /// The sidecar at `path`, or nil when there is none, or it is not a regular file of this user
  /// of mode 0600 (a link, another user's), or not one.
  public static func read(_ path: String) -> AttachSidecar? {
    let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_uid == getuid(),
      info.st_mode & 0o077 == 0, info.st_size < 4_096
    else { return nil }
    var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
    guard Glibc.read(descriptor, &bytes, bytes.count) == bytes.count,
      let file = try? JSONDecoder().decode(File.self, from: Data(bytes)), let pid = Int32(exactly: file.pid)
    else { return nil }
    return AttachSidecar(app: file.app, domain: file.domain, pid: pid, allowsWrites: file.writes, started: file.started, processStart: file.processStart)
  }

  /// The sidecar's JSON: `{"app", "domain", "pid", "processStart", "started", "writes"}`.
  private struct File: Codable {
    let app: String
    let domain: String
    let pid: Int
    let writes: Bool
    let started: Double
    let processStart: UInt64?

    init(_ sidecar: AttachSidecar) {
      (app, domain, pid, writes, started, processStart) =
        (sidecar.app, sidecar.domain, Int(sidecar.pid), sidecar.allowsWrites, sidecar.started, sidecar.processStart)
    }

    func encode(to encoder: any Encoder) throws {
      var object = encoder.container(keyedBy: CodingKeys.self)
      try object.encode(app, forKey: .app)
      try object.encode(domain, forKey: .domain)
      try object.encode(pid, forKey: .pid)
      try object.encode(writes, forKey: .writes)
      try object.encode(started, forKey: .started)
      // Written as null when unknown, as the sidecars of earlier releases were.
      if let processStart { try object.encode(processStart, forKey: .processStart) } else { try object.encodeNil(forKey: .processStart) }
    }
  }
}
#endif

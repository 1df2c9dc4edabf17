// Linux only for now: Glibc's sockets (macOS would take Darwin's and `getpeereid`).
#if canImport(Glibc)
#if canImport(Glibc)
import Glibc
import StateValues
#endif
import Foundation

/// Where running apps open their attachments: `$XDG_RUNTIME_DIR/replshell/`, else
/// `$TMPDIR/replshell-$UID/` (`/tmp/replshell-$UID/` without `TMPDIR`); a folder of mode 0700 owned by the user, holding one socket of mode
/// 0600 per app, named `APP-PID.sock`.
public enum AttachDirectory {
  /// The folder for this user.
  public static var path: String {
    if let runtime = ProcessInfo.processInfo.environment["XDG_RUNTIME_DIR"], !runtime.isEmpty {
      return runtime + "/replshell"
    }
    // The temporary folder the environment names (`TMPDIR`), as every temporary file honours it.
    let temporary = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
    return (temporary.hasSuffix("/") ? String(temporary.dropLast()) : temporary) + "/replshell-\(getuid())"
  }

  /// Makes the folder if it is missing, and checks that it is a real folder (not a link) owned
  /// by this user with mode 0700; the error says what is wrong.
  public static func prepare(_ folder: String) throws(CommandError) {
    if mkdir(folder, 0o700) != 0 && errno != EEXIST {
      throw CommandError("cannot make \(folder): \(String(cString: strerror(errno)))")
    }
    var info = stat()
    guard lstat(folder, &info) == 0 else { throw CommandError("cannot inspect \(folder): \(String(cString: strerror(errno)))") }
    guard info.st_mode & S_IFMT == S_IFDIR else { throw CommandError("\(folder) is not a folder (a link?); remove it") }
    guard info.st_uid == getuid() else {
      throw CommandError("\(folder) belongs to uid \(info.st_uid), not to uid \(getuid()) who runs this app (another user may have made it); remove it and restart the app")
    }
    if info.st_mode & 0o777 != 0o700 { chmod(folder, 0o700) }
  }

  /// Checks, before a shell lists or connects to anything in `folder`, that it is safe to: a
  /// real folder (not a link) of this user's that no one else can write. Otherwise another user
  /// could have put a socket there to catch what the user types, and the error says so and what
  /// to do. A folder that does not exist is fine: no app has opened an attachment yet.
  public static func check(_ folder: String) throws(CommandError) {
    var info = stat()
    guard lstat(folder, &info) == 0 else { return }
    let remedy = "remove it (`rm -r \(folder)`, as root if need be), then restart your app, which makes it again with mode 0700"
    guard info.st_mode & S_IFMT == S_IFDIR else {
      throw CommandError("refused \(folder): it is not a folder (a link?), so this shell does not trust the sockets in it; \(remedy)")
    }
    guard info.st_uid == getuid() else {
      throw CommandError(
        "refused \(folder): it belongs to uid \(info.st_uid), not to uid \(getuid()) who runs this shell, so another user may be listening in it for what you type; \(remedy), or set XDG_RUNTIME_DIR to a folder of yours")
    }
    guard info.st_mode & 0o022 == 0 else {
      throw CommandError(
        "refused \(folder): other users can write in it (mode \(String(info.st_mode & 0o777, radix: 8))), so a stranger could have put a socket in it; `chmod 700 \(folder)` and check the sockets in it, or \(remedy)")
    }
  }

  /// The socket's file name for an app: `shelfd-4711.sock`.
  public static func socketName(app: String, pid: Int32) -> String {
    let safe = String(app.map { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." ? $0 : "_" })
    return "\(safe.isEmpty ? "app" : safe)-\(pid).sock"
  }

  /// The sockets in `folder`, with the app name and pid their names carry: none when there is no
  /// folder yet; a folder that cannot be read is an error that says why, not a folder without apps.
  public static func sockets(in folder: String) throws(CommandError) -> [(path: String, app: String, pid: Int32)] {
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: folder)
    } catch {
      // No folder: no app has opened an attachment since it was removed.
      guard FileManager.default.fileExists(atPath: folder) else { return [] }
      throw CommandError("cannot list the attach folder \(folder): \(error.localizedDescription); check its mode (`ls -ld \(folder)`)")
    }
    return names.sorted().compactMap { name in
      guard name.hasSuffix(".sock"), let dash = name.lastIndex(of: "-"),
        let pid = Int32(name[name.index(after: dash)...].dropLast(".sock".count))
      else { return nil }
      return (folder + "/" + name, String(name[..<dash]), pid)
    }
  }

  /// Whether `folder` is private to this user: a real folder (not a link) of this user's, mode
  /// 0700. Only then are the files in it trusted without asking their apps.
  public static func isPrivate(_ folder: String) -> Bool {
    var info = stat()
    return lstat(folder, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR && info.st_uid == getuid() && info.st_mode & 0o777 == 0o700
  }

  /// Whether the process `pid` is running.
  public static func isRunning(_ pid: Int32) -> Bool {
    kill(pid, 0) == 0 || errno == EPERM
  }
}
#endif

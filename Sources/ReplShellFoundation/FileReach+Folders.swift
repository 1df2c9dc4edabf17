#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension FileReach {
  /// Makes sure `path` is a folder a command may keep its own files in, creating it (mode 0700)
  /// when it does not exist: refused when it is a link, not a folder, another user's, or open to
  /// other users' writes (any of them could put a link in it where a file of ours will be written).
  public func prepareFolder(_ path: String, shownAs shown: String? = nil) throws(FileReachError) {
    let refuse = Self.refusal(of: path, shownAs: shown, for: .write)
    var status = stat()
    if lstat(path, &status) != 0 {
      guard errno == ENOENT else { throw refuse(Self.errorText(errno)) }
      guard mkdir(path, 0o700) == 0 else {
        throw refuse(errno == ENOENT ? "the folder it is in does not exist" : Self.errorText(errno))
      }
      guard lstat(path, &status) == 0 else { throw refuse(Self.errorText(errno)) }
    }
    if status.st_mode & S_IFMT == S_IFLNK { throw refuse("it is a symbolic link; give the path of a folder itself") }
    guard status.st_mode & S_IFMT == S_IFDIR else { throw refuse("it is not a folder") }
    guard status.st_uid == getuid() else {
      throw refuse(
        "it belongs to uid \(status.st_uid), not to uid \(getuid()) who runs this shell, so its owner could put a link where a file is written")
    }
    guard status.st_mode & 0o022 == 0 else {
      throw refuse("other users can write in it (mode \(String(status.st_mode & 0o777, radix: 8))); `chmod go-w` it, or give a folder of yours")
    }
  }

  /// Whether anything is at `path` (a link counts, unfollowed): a file to read, or one a write
  /// must replace.
  public func itemExists(at path: String) -> Bool {
    var status = stat()
    return lstat(path, &status) == 0
  }
}

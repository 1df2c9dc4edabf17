import Foundation
import ReplShellFoundation
import StateValues

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `--against REV` names, made into a shell binary to run: a second shell binary as it is,
/// or a git revision of the user's own package, built once in a cache of its own
/// (`~/.cache/SHELL/against/`, named after the shell: `replshell`'s own, an app's shell its own):
/// a clone that shares the checkout's objects, checked out at
/// the revision and built there. The user's checkout is only read (`git rev-parse`,
/// `git rev-list`); removing the cache folder removes everything it made.
struct AgainstRevision: Sendable {
  /// The shell binary to run.
  let binary: String
  /// How reports name it: `abc1234 (main~2)`, or the binary's path.
  let name: String
  /// The commit, for a revision.
  let commit: String?

  /// The user's package: where its git checkout is, the package folder in it, and the product
  /// that is this shell.
  struct Package: Sendable {
    let checkout: String
    let folder: String
    let product: String
    let cache: String
  }

  /// The package `directory` is in, its git checkout, and the cache of its builds.
  static func package(from directory: URL, reach: FileReach) async throws(CommandError) -> Package {
    var folder = directory.standardizedFileURL
    while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
      guard folder.path != "/" else {
        throw CommandError(
          "--against takes a shell binary, or a git revision of the package this shell runs in, and \(directory.path) is in no Swift package: run the shell from the package, or give the other shell's binary")
      }
      folder = folder.deletingLastPathComponent()
    }
    let top = try await git(["rev-parse", "--show-toplevel"], in: folder.path, doing: "find the git checkout of \(folder.path)")
    let product = URL(fileURLWithPath: CommandLine.arguments.first ?? "replshell").lastPathComponent
    let cache = try prepareCache(for: top, shell: product, reach: reach)
    return Package(checkout: top, folder: folder.path, product: product, cache: cache)
  }

  /// The full commit `text` names in the checkout.
  static func commit(_ text: String, in package: Package) async throws(CommandError) -> String {
    guard !text.hasPrefix("-") else { throw CommandError("--against takes a revision or a binary, not an option: `\(text.truncatedForMessage)`") }
    do throws(CommandError) {
      return try await git(["rev-parse", "--verify", "--quiet", "--end-of-options", "\(text)^{commit}"], in: package.checkout, doing: "read the revision")
    } catch {
      throw CommandError(
        "`\(text.truncatedForMessage)` is neither an executable file nor a commit of \(package.checkout): give a revision (`main`, `HEAD~3`, a commit) or the path of another shell binary")
    }
  }

  /// The commits after `commit` up to HEAD, oldest first, on the path between them.
  static func commits(after commit: String, in package: Package) async throws(CommandError) -> [String] {
    let list = try await git(["rev-list", "--reverse", "--ancestry-path", "\(commit)..HEAD"], in: package.checkout, doing: "list the commits since \(commit.prefix(10))")
    return list.split(whereSeparator: \.isNewline).map(String.init)
  }

  /// The subject line of `commit`.
  static func subject(of commit: String, in package: Package) async throws(CommandError) -> String {
    try await git(["log", "-1", "--format=%h %s", commit], in: package.checkout, doing: "read the commit's subject")
  }

  /// The shell binary of `commit`: built in the cache's clone unless an earlier build kept it.
  @MainActor static func build(
    _ commit: String, named name: String, in package: Package, reach: FileReach, note: (String) -> Void
  ) async throws(CommandError) -> AgainstRevision {
    let kept = "\(package.cache)/bin/\(commit)/\(package.product)"
    if FileManager.default.isExecutableFile(atPath: kept) {
      return AgainstRevision(binary: kept, name: name, commit: commit)
    }
    let lock = try CacheLock(folder: package.cache)
    defer { withExtendedLifetime(lock) {} }
    let tree = "\(package.cache)/tree"
    if !FileManager.default.fileExists(atPath: tree) {
      _ = try await git(["clone", "--quiet", "--shared", "--no-checkout", package.checkout, tree], in: package.cache, doing: "make the cache's clone")
    }
    _ = try await git(["checkout", "--quiet", "--force", "--detach", commit], in: tree, doing: "check out \(commit.prefix(10)) in the cache")
    let relative = String(package.folder.dropFirst(package.checkout.count)).trimmingCharacters(in: CharacterSet(charactersIn: "/"))
    let folder = relative.isEmpty ? tree : "\(tree)/\(relative)"
    // The checkout's pins, so the revision builds with the dependencies this shell was built with.
    let pins = "\(package.folder)/Package.resolved"
    if FileManager.default.fileExists(atPath: pins), !FileManager.default.fileExists(atPath: "\(folder)/Package.resolved") {
      do {
        try FileManager.default.copyItem(atPath: pins, toPath: "\(folder)/Package.resolved")
      } catch {
        throw CommandError("cannot copy the package's pins into the cache: \(error.localizedDescription)")
      }
    }
    note(
      built(before: package)
        ? "building \(name) in \(package.cache): only what changed since the last build there"
        : "building \(name) in \(package.cache): the first build takes minutes, later ones build only what changed; removing the folder removes them all")
    let logPath = "\(package.cache)/build.log"
    // The cache's own file, in a folder checked for its owner; never a link followed.
    let descriptor = open(logPath, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw CommandError("cannot write the build's log \(logPath): \(String(cString: strerror(errno)))") }
    let log = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    let built = try await ChildProcess(arguments: ["swift", "build", "--package-path", folder, "--product", package.product], log: log).run()
    guard built.succeeded else {
      throw CommandError("\(name) does not build (`swift build --product \(package.product)` exited with \(built.status)): \(tail(of: logPath)); the whole log is \(logPath)")
    }
    let binPath = try await ChildProcess(arguments: ["swift", "build", "--package-path", folder, "--show-bin-path"]).run()
    let product = binPath.output.trimmingCharacters(in: .whitespacesAndNewlines) + "/\(package.product)"
    do {
      try FileManager.default.createDirectory(atPath: "\(package.cache)/bin/\(commit)", withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
      try FileManager.default.copyItem(atPath: product, toPath: kept)
    } catch {
      throw CommandError("cannot keep the built \(package.product) of \(name): \(error.localizedDescription)")
    }
    return AgainstRevision(binary: kept, name: name, commit: commit)
  }

  /// Whether the package was built in the cache's clone before: it then builds only what changed.
  private static func built(before package: Package) -> Bool {
    let relative = String(package.folder.dropFirst(package.checkout.count)).trimmingCharacters(in: CharacterSet(charactersIn: "/"))
    return FileManager.default.fileExists(atPath: "\(package.cache)/tree/\(relative.isEmpty ? "" : relative + "/").build")
  }

  /// The last lines of the build's log that say `error:`, or its last line.
  private static func tail(of log: String) -> String {
    let text = (FileManager.default.contents(atPath: log)).map { String(decoding: $0.suffix(64 << 10), as: UTF8.self) } ?? ""
    let lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
    // The compiler's own lines (`File.swift:3:19: error: …`) first, its drawn excerpts only if none.
    let located = lines.filter { $0.range(of: #":\d+:\d+: error: "#, options: .regularExpression) != nil }
    let errors = located.isEmpty ? lines.filter { $0.contains("error:") } : located
    let picked: [String] = errors.isEmpty ? Array(lines.suffix(1)) : Array(Array(Set(errors)).sorted().prefix(3))
    let said = picked.joined(separator: " / ")
    return ControlCharacters.escaped(String(said.prefix(600)))
  }

  /// The cache folder of the checkout at `top` for the shell `product`, made and checked for its
  /// owner, level by level.
  private static func prepareCache(for top: String, shell product: String, reach: FileReach) throws(CommandError) -> String {
    let environment = ProcessInfo.processInfo.environment
    let base = environment["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? "\(environment["HOME"] ?? NSHomeDirectory())/.cache"
    // FNV-1a of the checkout's path: the same folder for the same checkout in every process.
    let hash = top.utf8.reduce(UInt64(0xcbf2_9ce4_8422_2325)) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
    let name = URL(fileURLWithPath: top).lastPathComponent.filter { $0.isLetter || $0.isNumber || $0 == "-" }.prefix(32)
    // The cache home itself, when it is not there yet (a new account, an XDG_CACHE_HOME not made
    // yet): made as the user's own, 0700, as XDG asks; what is below it is checked level by level.
    if !reach.itemExists(at: base) {
      do {
        try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
      } catch {
        throw CommandError("cannot make the cache folder \(base): \(error.localizedDescription)")
      }
    }
    var folder = base
    // Named after the shell, whose product the cache builds: `replshell`, or an app's own.
    let shell = product.filter { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
    for level in [shell.isEmpty ? "replshell" : String(shell.prefix(64)), "against", "\(name)-\(String(hash, radix: 16))"] {
      folder += "/\(level)"
      do {
        try reach.prepareFolder(folder)
      } catch {
        throw CommandError("cannot keep the builds of other revisions: \(error.description)")
      }
    }
    return folder
  }

  /// Runs git in `folder`; its output, or an error saying what it was `doing`.
  private static func git(_ arguments: [String], in folder: String, doing: String) async throws(CommandError) -> String {
    let ended = try await ChildProcess(arguments: ["git", "-C", folder] + arguments).run()
    guard ended.succeeded else {
      throw CommandError("cannot \(doing): git \(arguments.first ?? "") said \(ended.output.split(whereSeparator: \.isNewline).first.map(String.init)?.truncatedForMessage ?? "nothing") (exit status \(ended.status))")
    }
    return ended.output.trimmingCharacters(in: .whitespacesAndNewlines)
  }
}

/// The cache's lock, held while a build runs in it: a second `explore --against` of the same
/// checkout is told to wait rather than build over the first.
final class CacheLock {
  private let descriptor: Int32

  init(folder: String) throws(CommandError) {
    descriptor = open("\(folder)/lock", O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw CommandError("cannot lock \(folder): \(String(cString: strerror(errno)))") }
    guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
      close(descriptor)
      throw CommandError("another explore --against is building in \(folder): try again when it ends")
    }
  }

  /// Lets the next build in.
  deinit {
    close(descriptor)
  }
}

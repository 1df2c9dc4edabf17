import Foundation
import ReplShellDomain
import ReplShellFoundation
import StateValues

/// The options `use <domain>` takes of the shell's own, and why it refuses the ones it does.
public enum UseOptions {
  /// `use <domain> --listeners off`: the reducer alone, no listeners.
  public static let listenersOption = "listeners"

  /// Why `use <domain>` refuses `options` (flags without dashes → values, `--listeners` among
  /// them): the option at fault, for the caret, and what to type instead; nil when it takes them.
  public static func refusal(of options: [String: String], for domain: Domain) -> (option: String, message: String)? {
    let name = domain.name
    let listens = options[listenersOption] ?? "on"
    guard listens == "on" || listens == "off" else {
      return (listenersOption, "--\(listenersOption) takes `on` or `off`, e.g. `use \(name) --\(listenersOption) off` (the reducer alone); found `\(listens.truncatedForMessage)`")
    }
    if let held = options[DomainContext.effectsOption] {
      let effects = DomainContext.effectsOption
      if listens == "off" {
        return (effects, "--effects and --\(listenersOption) off do not go together: --effects holds what the listeners do, --\(listenersOption) off runs none; "
          + "type `use \(name) --effects` or `use \(name) --\(listenersOption) off`")
      }
      guard let used = domain.effectsOptions else {
        return (effects, "`\(name)` cannot hold its side effects: its registration gives no `effects:` (see README, \"Races\")")
      }
      guard held == "held" else {
        return (effects, "--effects takes no value but `held`: type `use \(name) --effects`")
      }
      // Held effects run on the domain's in-memory seam: an option naming a database, a server
      // or a feed would be silently unused, which reads as if it were.
      if let unused = options.keys.sorted().first(where: { key in !used.contains(key) && domain.options.contains { $0.name == key } }) {
        return (unused, "with --effects, \(name) runs its side effects in memory (`complete N` and `fail N` release them) and does not use --\(unused): "
          + "type `use \(name) --effects` without it, or leave out --effects to use it")
      }
    }
    let shellOptions: Set = [listenersOption, DomainContext.effectsOption]
    for key in options.keys.sorted() where !shellOptions.contains(key) && !domain.options.contains(where: { $0.name == key }) {
      let known = domain.options.map { "--\($0.name) \($0.valueName)" }
      let nearest = Suggestions.closest(to: key, among: domain.options.map(\.name), limit: 1).first.map { "did you mean --\($0)? " } ?? ""
      return (key, "`\(name)` has no option --\(key); \(nearest)\(known.isEmpty ? "it takes none" : "it takes " + known.joined(separator: ", "))")
    }
    return nil
  }

  /// The refusal of the first option whose file leaves `reach`'s folder, or nil: under MCP the
  /// database of `--store` or `--serve` and a source read from disk (`--feed` as a folder or a
  /// `file://` URL) must lie in the server's folder, as every path of a tool must. A URL of the
  /// network, a server's address and plain values are not files; the shell's scratch folder
  /// (`$SCRATCH/`) is its own.
  public static func confinementRefusal(
    of options: [String: String], for domain: Domain, reach: FileReach, baseDirectory: URL, scratchDirectory: URL
  ) -> String? {
    guard reach.confinement != nil else { return nil }
    for option in domain.options {
      guard let value = options[option.name] else { continue }
      let access: FileReachError.Access
      switch option.kind {
      case .value, .server:
        continue
      case .database:
        access = .write
      case .source:
        access = .read
        if let scheme = URL(string: value)?.scheme?.lowercased(), scheme == "http" || scheme == "https" { continue }
      }
      let path: String
      if let url = URL(string: value), url.scheme?.lowercased() == "file" {
        path = url.standardizedFileURL.path
      } else {
        path = DomainContext.absolutePath(value, baseDirectory: baseDirectory, scratchDirectory: scratchDirectory)
      }
      let scratch = scratchDirectory.standardizedFileURL.path
      if path == scratch || path.hasPrefix(scratch + "/") { continue }
      do throws(FileReachError) {
        _ = try reach.resolve(path, relativeTo: baseDirectory.path, for: access)
      } catch {
        return "--\(option.name) \(value.truncatedForMessage): \(error.reason)"
      }
    }
    return nil
  }
}

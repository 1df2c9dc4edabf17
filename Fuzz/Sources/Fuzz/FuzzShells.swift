import Foundation
@testable import ReplShellHost
import SampleDomains
@testable import Scenarios
@testable import ReplShellSession
@testable import ReplShellDomain

/// Shells over the sample domains as the targets use them: script mode (in-memory stores, UTC,
/// counted ids), the scratch folder as their base, and no command that reaches beyond the app's
/// state (`ShellSettings.reachLimit`), so generated lines never write files or open sockets.
/// Quakes is left out where lines run: its listener fetches the USGS feed.
@MainActor enum FuzzShells {
  /// A new shell with `domain` started.
  static func started(_ domain: String) async -> Shell {
    let shell = Shell(domains: Domain.samples, isScript: true, baseDirectory: Scratch.folder)
    shell.settings.reachLimit = .appState
    do {
      _ = try await shell.start(domain: domain)
    } catch {
      fatalError("the fuzz set-up could not start \(domain): \(error.message)")
    }
    return shell
  }

  /// One shell per domain, started once with the lines of `setUp` run, for targets whose lines
  /// only read (`reach` `.nothing`), so every input meets the same session.
  static func shared(_ domain: String) async -> Shell {
    if let shell = cache[domain] { return shell }
    let shell = await started(domain)
    for line in setUp[domain] ?? [] {
      let result = await shell.execute(line)
      guard result.succeeded else { fatalError("the fuzz set-up line `\(line)` failed: \(result.lines.map(\.text))") }
    }
    cache[domain] = shell
    return shell
  }

  private static var cache: [String: Shell] = [:]

  /// Lines that give each shared session a state worth reading and a history worth asking `why` of.
  private static let setUp: [String: [String]] = [
    "counter": ["dispatch didTapIncrementButton", "dispatch didTapIncrementButton", "dispatch didTapDecrementButton"],
    "animals": [
      "dispatch categoryList.onAppear", "dispatch animalList.onAppear",
      #"dispatch animalEditor.onTapAddAnimalButton(id: "A1", name: "Eagle", diet: .carnivorous, categoryId: "Bird")"#,
      #"dispatch animalEditor.onTapUpdateAnimalButton(animalId: "Cat", name: "Kitty", diet: .omnivorous, categoryId: "Mammal")"#,
      "undo",
    ],
    "quakes": [],
  ]
}

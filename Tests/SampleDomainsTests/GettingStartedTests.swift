import Foundation
import TestSupport
import Testing

/// The getting-started article's app, built from the article and run as its reader runs it: each
/// Swift block under a heading that names its file (`### 2. Sources/TallyData/Tally.swift`) is
/// that file, compiled into the module its folder names (``TutorialStage``'s build, against this
/// package's debug build: the reader's code reaches public API only), the module with `@main`
/// linked into the executable of its name; the transcript after `<!-- terminal: NAME -->` is typed
/// into it in a terminal, in a package folder named as the article's (`Tally`), and compared with
/// the screen as a golden is compared (`…/Tally/` stands for the folder the package is in).
@Suite struct GettingStartedTests {
  static let article = "Sources/ReplShell/ReplShell.docc/GettingStarted.md"

  /// The article's Swift files: each path, with its code.
  static func files(in lines: [String]) -> [(path: String, code: String)] {
    var files: [(path: String, code: String)] = []
    for block in FencedBlock.all(in: lines) where lines[block.fence] == "```swift" {
      let heading = lines[..<block.fence].last { $0.hasPrefix("#") }
      guard let heading, let match = heading.firstMatch(of: /^### \d+\. (Sources\/[A-Za-z]+\/[A-Za-z]+\.swift)/) else { continue }
      files.append((String(match.1), block.body.map { $0 + "\n" }.joined()))
    }
    return files
  }

  @Test func theArticlesAppBuildsAndItsShellShowsWhatTheArticleShows() async throws {
    let text = try String(contentsOf: ManualExample.root.appendingPathComponent(Self.article), encoding: .utf8)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let files = Self.files(in: lines)
    #expect(files.map(\.path) == ["Sources/TallyData/Tally.swift", "Sources/TallyShell/TallyShell.swift"])
    let transcripts = FencedBlock.all(in: lines).filter { block in
      ManualCommandLine.comments(before: block.fence, in: lines).contains { $0.key == "terminal" }
    }
    let transcript = try #require(transcripts.first, "no block of \(Self.article) says `<!-- terminal: NAME -->`")
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("getting-started-\(UUID().uuidString.prefix(8))")
    let package = folder.appendingPathComponent("Tally")
    let build = folder.appendingPathComponent("build")
    let home = folder.appendingPathComponent("home")
    for made in [folder, package, package.appendingPathComponent("Scenarios"), build, home] {
      try FileManager.default.createDirectory(at: made, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
    }
    defer { try? FileManager.default.removeItem(at: folder) }
    // The package's files where the article puts them, then its modules in the order they import.
    var modules: [(name: String, sources: [String])] = []
    for file in files {
      let url = package.appendingPathComponent(file.path)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try file.code.write(to: url, atomically: true, encoding: .utf8)
      let module = url.deletingLastPathComponent().lastPathComponent
      if let index = modules.firstIndex(where: { $0.name == module }) { modules[index].sources.append(url.path) } else { modules.append((module, [url.path])) }
    }
    let main = try #require(files.first { $0.code.contains("@main") }.map { URL(fileURLWithPath: $0.path).deletingLastPathComponent().lastPathComponent })
    try await TutorialStage.build(
      modules: modules, executables: [(name: main, modules: modules.map(\.name))], in: build, what: "the getting-started article's package")
    let command = "cd \(package.path) && env NO_COLOR=1 HOME=\(home.path) XDG_STATE_HOME=\(home.path) \(build.path)/\(main); echo '[ended]'; cat"
    let pane = try await TmuxPane(command, folder: folder, columns: 100, rows: 40)
    do {
      let prompt = try #require(transcript.body.dropFirst().first.flatMap { $0.firstMatch(of: #/^([a-z]+)> /#) }.map { String($0.1) })
      try await pane.wait(for: "the greeting", timeout: .seconds(60)) { $0.contains("\(prompt)>") }
      var prompts = 1
      for line in transcript.body where line.hasPrefix("\(prompt)> ") {
        try await pane.type(String(line.dropFirst(prompt.count + 2)))
        try await pane.press("Enter")
        prompts += 1
        try await pane.wait(for: "prompt \(prompts), after `\(line)`", timeout: .seconds(120), scrollback: true) { screen in
          screen.split(separator: "\n").filter { $0.hasPrefix("\(prompt)>") }.count >= prompts
        }
      }
      let screen = try await pane.screen(scrollback: true)
      await pane.stop()
      // `…/Tally/…` in the article stands for the folder the reader's package is in.
      let expected = transcript.body.map { $0.replacingOccurrences(of: "…/Tally/", with: "[..]/Tally/") }
      TutorialAttachTests.compare(name: Self.article, file: Self.article, firstLine: transcript.firstLine, expected, with: screen)
    } catch {
      await pane.stop()
      throw error
    }
  }
}

import Foundation
import TestSupport

/// The reader's package as the tutorial leaves it at one step: for each file the tutorial shows
/// (`@Code(name:file:)`, its step files named `tutorial-CC-SS-NAME`), the last version shown up to
/// that step. Its Swift files are compiled into the modules `Examples/Shelf` (the package the
/// tutorial ends with) keeps a file of that name in — `ShelfData`, `ShelfDomain`, `ShelfShell`,
/// `ShelfDaemon` — and linked into its `shelfshell` and, once it has one, its app `shelfd`, with
/// the real compiler against the modules this package's
/// debug build made (the flags and objects of its `replshell`, read from the build's manifest):
/// seconds, where a package of its own would build every dependency again for minutes.
struct TutorialStage {
  /// The step, `CC-SS` (`01-10`).
  let step: String
  /// Each file of the package by the name the tutorial shows it under, with its step file.
  let files: [String: URL]

  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  /// The modules of the package, in the order they build.
  static let modules = ["ShelfData", "ShelfDomain", "ShelfShell", "ShelfDaemon"]

  /// The executables and the module each starts in; each links the two library modules too.
  static let executables = [(name: "shelfshell", module: "ShelfShell"), (name: "shelfd", module: "ShelfDaemon")]

  /// The package at `step`.
  init(step: String) throws {
    self.step = step
    let folder = ManualExample.root.appendingPathComponent(ManualCommandLine.tutorialFolder)
    var files: [String: URL] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() {
      guard name.hasPrefix("tutorial-"), name.count > 16 else { continue }
      let number = String(name.dropFirst(9).prefix(5))
      guard number <= step, !name.hasSuffix("-Terminal.txt") else { continue }
      files[String(name.dropFirst(15))] = folder.appendingPathComponent(name)
    }
    self.files = files
  }

  /// The package as `Examples/Shelf` has it, the tutorial's end and the manual's example app:
  /// every Swift file of its `Sources/`.
  static func example() throws -> TutorialStage {
    var files: [String: URL] = [:]
    for module in modules {
      let folder = exampleSources.appendingPathComponent(module)
      for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".swift") {
        files[name] = folder.appendingPathComponent(name)
      }
    }
    return TutorialStage(step: "Examples/Shelf", files: files)
  }

  private init(step: String, files: [String: URL]) {
    self.step = step
    self.files = files
  }

  static let exampleSources = ManualExample.root.appendingPathComponent("Examples/Shelf/Sources")

  /// The module of `Examples/Shelf` that holds a file named `name`, or nil (a manifest, a test).
  static func module(of name: String) -> String? {
    modules.first { FileManager.default.fileExists(atPath: exampleSources.appendingPathComponent("\($0)/\(name)").path) }
  }

  /// The scenario files of the package (`shelf.txt`, `loans.golden`), which live in its `Scenarios/`.
  var scenarios: [String: URL] {
    files.filter { $0.key.hasSuffix(".txt") || $0.key.hasSuffix(".golden") }
  }

  /// Compiles the stage's modules and links its executables in `folder`; returns the folder
  /// (`shelfshell`, and `shelfd` when the stage has the app).
  func build(in folder: URL) async throws -> URL {
    var modules: [(name: String, sources: [String])] = []
    for module in Self.modules {
      let sources = files.filter { Self.module(of: $0.key) == module }.map(\.value.path).sorted()
      if sources.isEmpty && module == "ShelfDaemon" { continue }
      guard !sources.isEmpty else { throw Failure(description: "the shelf at \(step) has no file of \(module)") }
      modules.append((module, sources))
    }
    let built = Set(modules.map(\.name))
    let executables = Self.executables.filter { built.contains($0.module) }.map { (name: $0.name, modules: ["ShelfData", "ShelfDomain", $0.module]) }
    try await Self.build(modules: modules, executables: executables, in: folder, what: "the shelf at \(step)")
    return folder
  }

  /// Compiles `modules` in order (each may import those before it) and links each executable of
  /// `executables` from its modules, in `folder`, against this package's debug build.
  static func build(
    modules: [(name: String, sources: [String])], executables: [(name: String, modules: [String])], in folder: URL, what: String
  ) async throws {
    let build = try BuildManifest()
    for module in modules {
      try await run(
        build.compiler,
        ["-module-name", module.name, "-parse-as-library", "-wmo", "-c", "-emit-module",
         "-emit-module-path", folder.appendingPathComponent("\(module.name).swiftmodule").path,
         "-o", folder.appendingPathComponent("\(module.name).o").path, "-I", folder.path]
          + build.compileFlags + module.sources,
        what: "compiling \(module.name) of \(what)", folder: folder)
    }
    for executable in executables {
      let list = folder.appendingPathComponent("\(executable.name).objects")
      let objects = executable.modules.map { folder.appendingPathComponent("\($0).o").path }
      try (build.libraryObjects + objects).map { $0 + "\n" }.joined().write(to: list, atomically: true, encoding: .utf8)
      try await run(
        build.compiler,
        build.linkFlags + ["-module-name", executable.name, "-emit-executable", "-o", folder.appendingPathComponent(executable.name).path, "@" + list.path],
        what: "linking \(executable.name) of \(what)", folder: folder)
    }
  }

  private static func run(_ executable: String, _ arguments: [String], what: String, folder: URL) async throws {
    let log = folder.appendingPathComponent("build.log").path
    let status = try await ChildProcess.run(executable, arguments, outputPath: log, timeout: .seconds(600))
    guard status == 0 else {
      throw Failure(description: "\(what) failed (\(status)):\n\((try? String(contentsOfFile: log, encoding: .utf8)) ?? "")")
    }
  }
}

extension TutorialStage {
  /// What this package's debug build (`swift build --build-tests`) says of its `replshell`: the
  /// compiler, the flags its executable module was compiled with (search paths, C module maps,
  /// language mode), the flags and library objects it was linked with.
  struct BuildManifest {
    let compiler: String
    let compileFlags: [String]
    let linkFlags: [String]
    let libraryObjects: [String]

    init() throws {
      let products = try ReplShellBinary.url.deletingLastPathComponent()
      let manifest = products.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(products.lastPathComponent + ".yaml")
      let text = try String(contentsOf: manifest, encoding: .utf8)
      let triple = products.deletingLastPathComponent().lastPathComponent
      let module = try Self.arguments(of: "C.SampleShell-\(triple)-\(products.lastPathComponent).module", in: text)
      let link = try Self.arguments(of: "C.replshell-\(triple)-\(products.lastPathComponent).exe", in: text)
      compiler = module[0]
      compileFlags = Self.compileFlags(module)
      linkFlags = Self.linkFlags(link)
      // Every object of `replshell` but those of its own executable module, and those of the
      // attachment an app links (which `replshell` does not): one per source file it has now (an
      // incremental build leaves the objects of files moved or removed since).
      let list = try String(contentsOf: products.appendingPathComponent("replshell.product/Objects.LinkFileList"), encoding: .utf8)
      let attachment = products.appendingPathComponent("ReplShellAttachment.build")
      let attachmentSources = ManualExample.root.appendingPathComponent("Sources/ReplShellAttachment")
      let attachmentObjects = try FileManager.default.contentsOfDirectory(atPath: attachment.path)
        .filter { $0.hasSuffix(".o") && (!$0.hasSuffix(".swift.o") || FileManager.default.fileExists(atPath: attachmentSources.appendingPathComponent(String($0.dropLast(2))).path)) }
        .sorted().map { attachment.appendingPathComponent($0).path }
      libraryObjects = list.split(separator: "\n").map(String.init).filter { !$0.contains("/SampleShell.build/") } + attachmentObjects
    }

    /// The `args` of the command `key` in the manifest (llbuild's YAML, whose lists are JSON).
    static func arguments(of key: String, in manifest: String) throws -> [String] {
      guard let command = manifest.range(of: "\n  \"\(key)\":\n"),
        let line = manifest[command.upperBound...].range(of: "\n    args: "),
        let end = manifest[line.upperBound...].firstIndex(of: "\n"),
        let arguments = try JSONSerialization.jsonObject(with: Data(manifest[line.upperBound..<end].utf8)) as? [String], !arguments.isEmpty
      else { throw Failure(description: "the build manifest has no command \(key): build with `swift build --build-tests` first") }
      return arguments
    }

    /// The flags of a module's compile command that say where and how, without what and into
    /// what: no module name, sources, outputs, incremental state, debug information or the
    /// package name (a reader's package is another package: it reaches public API only).
    static func compileFlags(_ arguments: [String]) -> [String] {
      let droppedWithValue: Set = ["-module-name", "-emit-module-path", "-output-file-map", "-index-store-path", "-package-name"]
      let dropped: Set = [
        "-emit-dependencies", "-emit-module", "-incremental", "-c", "-enable-batch-mode", "-serialize-diagnostics", "-parseable-output",
        "-enable-testing",
      ]
      var flags: [String] = []
      var index = 1
      while index < arguments.count {
        let argument = arguments[index]
        if droppedWithValue.contains(argument) {
          index += 2
        } else if argument == "-Xfrontend", arguments.indices.contains(index + 3), arguments[index + 1] == "-entry-point-function-name" {
          index += 4
        } else if argument == "-g" {
          // Debug information would add a module-wrapping job whose object collides with ours.
          if flags.last == "-Xcc" { flags.removeLast() }
          index += 1
        } else if dropped.contains(argument) || argument.hasPrefix("@") {
          index += 1
        } else {
          flags.append(argument)
          index += 1
        }
      }
      return flags
    }

    /// The flags of the link command without its output, name, entry point and object list.
    static func linkFlags(_ arguments: [String]) -> [String] {
      var flags: [String] = []
      var index = 1
      while index < arguments.count {
        let argument = arguments[index]
        if argument == "-o" || argument == "-module-name" {
          index += 2
        } else if argument == "-Xlinker", arguments.indices.contains(index + 3), arguments[index + 1] == "--defsym" {
          index += 4
        } else if argument == "-emit-executable" || argument.hasPrefix("@") {
          index += 1
        } else {
          flags.append(argument)
          index += 1
        }
      }
      return flags
    }
  }
}

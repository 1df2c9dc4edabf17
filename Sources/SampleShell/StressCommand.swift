import AnimalsData
import AnimalsStress
import ArgumentParser
import Foundation
import ReplShellFoundation
import ReplShell

#if canImport(Glibc)
import Glibc
#endif

/// `replshell stress`: concurrent clients of the Animals remote store against running servers,
/// their history saved in Jepsen's format and checked against the server's model.
struct StressCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "replshell stress",
    abstract: "Drive concurrent clients against running Animals servers and check their history for linearizability.",
    discussion: """
      Each client is a session of the Animals remote store (RemoteStore, as the app uses it) on \
      one of the servers (client i talks to server i mod count). The run first reloads the \
      sample data, then every client runs its operations one at a time, drawn from the seed as \
      explore draws its steps: fetch the animals or the categories, add, update or delete an \
      animal (sometimes a missing one, or in a missing category), now and then reload. Each \
      invocation and completion is recorded with its time, in Jepsen's history.edn format; a \
      request whose outcome is unknown (it timed out, its connection dropped, the server \
      answered 500) is :info. The history is then checked against the animals-server model, \
      the server's records and API written as a reducer: every answer must be one the server \
      could give in some order of the operations that respects real time.

        AnimalsDataServer --database postgres://localhost/animals --port 8080 &
        AnimalsDataServer --database postgres://localhost/animals --port 8081 &
        replshell stress --server http://127.0.0.1:8080 --server http://127.0.0.1:8081 \\
          --clients 8 --operations 2000 --save history.edn

      The seed is printed; give it back with --seed to draw the same operations (the server's \
      interleaving still varies). Check a saved history again with \
      `replshell linearize --domain animals-server history.edn`.

      Exit status: 0 when the history is linearizable, 1 when it is not (its shrunk witness is \
      printed per client), 2 when the check ran out of --timeout, 69 when the first server does \
      not answer, 73 when --save cannot write its file, 64 for a command line it cannot read.
      """)

  @Option(help: ArgumentHelp("The domain whose server to drive; only `animals` has one.", valueName: "name"))
  var domain = "animals"

  @Option(name: .customLong("server"), help: ArgumentHelp("A running server's URL (repeat for several on one database); `/animals/api` is added when the path is empty.", valueName: "url"))
  var servers: [String] = []

  @Option(help: ArgumentHelp("How many clients run at once.", valueName: "n"))
  var clients = 4

  @Option(help: ArgumentHelp("How many operations each client runs.", valueName: "n"))
  var operations = 100

  @Option(help: ArgumentHelp("The seed the operations are drawn from (default: a random one, printed).", valueName: "n"))
  var seed: UInt64?

  @Option(name: .customLong("request-timeout"), help: ArgumentHelp("Seconds a request may wait for its answer before it is recorded as :info.", valueName: "seconds"))
  var requestTimeout: Double = 10

  @Option(
    help: ArgumentHelp("The most time the check may take; past it the answer is `unknown` (`500ms`, `30s`, `2m`).", valueName: "duration"),
    transform: { text throws(ValidationError) in try StressDuration.parse(text) })
  var timeout: Duration?

  @Option(name: .customLong("save"), help: ArgumentHelp("Write the recorded history to this file (Jepsen's EDN, one op per line).", valueName: "file"))
  var savePath: String?

  @Flag(help: "Let --save replace a file that exists.")
  var force = false

  func validate() throws {
    guard domain == "animals" else {
      throw ValidationError("only the animals domain has a server to drive: use `--domain animals` (the default)")
    }
    if servers.isEmpty {
      throw ValidationError("give a running server with --server, such as `replshell stress --server http://127.0.0.1:8080`")
    }
    for server in servers where Self.endpoint(server) == nil {
      throw ValidationError("'\(server)' is not an http URL; give one such as `http://127.0.0.1:8080`")
    }
    guard (1...1024).contains(clients) else { throw ValidationError("--clients takes 1 to 1024, not \(clients)") }
    guard operations >= 1 else { throw ValidationError("--operations takes at least 1, not \(operations)") }
    guard requestTimeout > 0, requestTimeout.isFinite else { throw ValidationError("--request-timeout takes a number of seconds above 0, such as 10") }
    // The history's file is refused before the run, so that a run's history is never lost to it.
    if let savePath {
      do {
        try FileReach.anywhere.checkWritable(savePath, replacing: force, forceHint: "add --force to replace it")
      } catch {
        throw ValidationError(error.description)
      }
    }
  }

  /// `url`'s API endpoint: `/animals/api` when its path is empty.
  static func endpoint(_ text: String) -> URL? {
    guard let url = URL(string: text), let scheme = url.scheme, ["http", "https"].contains(scheme), url.host != nil else { return nil }
    return url.path.isEmpty || url.path == "/" ? URL(string: text.hasSuffix("/") ? text + "animals/api" : text + "/animals/api") : url
  }

  func run() async throws {
    let chosenSeed = seed ?? UInt64.random(in: 0...UInt64(Int64.max))
    var run = StressRun(servers: servers.compactMap(Self.endpoint), seed: chosenSeed)
    run.clients = clients
    run.operations = operations
    run.requestTimeout = requestTimeout
    run.checkTimeout = timeout
    let banner = "stress: seed \(chosenSeed); \(clients) clients × \(operations) operations over \(servers.count) server\(servers.count == 1 ? "" : "s") (\(servers.joined(separator: ", ")))"
    // Written at once, even to a file, so a run stopped midway can be replayed from its seed.
    FileHandle.standardOutput.write(Data((banner + "\n").utf8))
    let result: StressRun.Result
    do {
      result = try await run.run(source: savePath ?? "stress history")
    } catch {
      FileHandle.standardError.write(Data("stress: \(error)\n".utf8))
      throw ExitCode(69)
    }
    let outcomes = result.outcomes
    print("recorded \(outcomes.values.reduce(0, +)) operations in \(StressDuration.show(result.duration)): \(outcomes[.ok] ?? 0) ok, \(outcomes[.fail] ?? 0) failed, \(outcomes[.info] ?? 0) indeterminate")
    if let savePath {
      do {
        try FileReach.anywhere.write(Array(result.historyText.utf8), to: savePath, replacing: force)
        print("saved the history to \(savePath)")
      } catch {
        FileHandle.standardError.write(Data("stress: \(error)\n".utf8))
        print(result.lines.joined(separator: "\n"))
        throw ExitCode(73)
      }
    }
    print(result.lines.joined(separator: "\n"))
    if result.status == 1 {
      print("replay the operations with --seed \(chosenSeed); check the saved history again with `replshell linearize --domain animals-server FILE`")
    }
    throw ExitCode(result.status)
  }
}

import Foundation
import Testing

@testable import Linearizability

/// Files checked on every core (`LinearizeRun.check(paths:each:)`) report what checking them one
/// by one reports, in the same order.
@Suite struct FilesOnEveryCoreTests {
  /// A fresh folder of random register histories, linearizable or not, and one unreadable.
  final class Folder {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("files-\(UUID().uuidString)")
    private(set) var paths: [String] = []

    /// Sixteen random histories of 14 operations, the tenth cut short; or, `long`, four of 300
    /// writes one after the other (long enough for the reader to ask the budget).
    init(long: Bool = false) throws {
      try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
      var random = SeededRandom(state: 5)
      for index in 0..<(long ? 4 : 16) {
        let text: String
        if long {
          text = (0..<300).map { "{:process 0, :type :invoke, :f :write, :value \($0)}\n{:process 0, :type :ok, :f :write, :value \($0)}" }
            .joined(separator: "\n")
        } else {
          text = index == 9 ? "{:process 0, :type :invoke, :f :read" : RandomHistories.register(operations: 14, processes: 4, using: &random)
        }
        let path = url.appendingPathComponent("h\(index).edn").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        paths.append(path)
      }
    }

    deinit {
      // Best-effort cleanup of the test's own folder: a failure leaves a folder, not a wrong result.
      try? FileManager.default.removeItem(at: url)
    }
  }

  /// A report's lines without the times in them (`1.2 ms`, `0.31 s`), which differ run to run.
  static func untimed(_ report: LinearizeRun.Report) -> [String] {
    report.lines.map { $0.replacing(#/[0-9]+(\.[0-9]+)? m?s\b/#, with: "T") }
  }

  @Test func filesCheckedOnEveryCoreReportWhatFilesCheckedOneByOneReportInTheirOrder() throws {
    let folder = try Folder()
    let run = LinearizeRun(domain: .register)
    var together: [LinearizeRun.Report] = []
    run.check(paths: folder.paths) { together.append($0) }
    let apart = folder.paths.map { run.check(path: $0) }
    #expect(together.map(\.source) == apart.map(\.source))
    #expect(together.map(\.outcome) == apart.map(\.outcome))
    #expect(together.map(Self.untimed) == apart.map(Self.untimed))
    #expect(Set(apart.map(\.outcome)).isSuperset(of: [.linearizable, .notLinearizable, .malformed]), "\(apart.map(\.outcome))")
  }

  @Test func aRunCancelledOnTheCallingThreadAnswersUnknownForEveryFileAsOneByOne() throws {
    let folder = try Folder(long: true)
    var run = LinearizeRun(domain: .register)
    // Cancelled as a task is: seen on the calling thread alone.
    let caller = pthread_self()
    run.budget.isCancelled = { pthread_equal(pthread_self(), caller) != 0 }
    var together: [LinearizeRun.Outcome] = []
    run.check(paths: folder.paths) { together.append($0.outcome) }
    let apart = folder.paths.map { run.check(path: $0).outcome }
    #expect(together == apart)
    #expect(together.count == folder.paths.count && together.allSatisfy { $0 == .unknown })
  }

  @Test func aHandlerThatThrowsStopsTheRun() throws {
    struct Enough: Error {}
    let folder = try Folder()
    var handed = 0
    #expect(throws: Enough.self) {
      try LinearizeRun(domain: .register).check(paths: folder.paths) { _ in
        handed += 1
        throw Enough()
      }
    }
    #expect(handed == 1)
  }
}

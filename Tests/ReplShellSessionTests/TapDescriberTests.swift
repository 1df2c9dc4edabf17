import ImmutableData
import ReplShellDomain
import StateValues
import Testing
@testable import ReplShellSession

/// The tap's two describing threads take turns: the lowest-priority one as dispatches come, and
/// the normal-priority catch-up a waiting line starts. Between them every dispatch is reported
/// once, in the store's order; and the catch-up alone describes all that waits, as it must when
/// the lowest-priority thread gets no core (a machine whose cores are all busy).
@MainActor @Suite struct TapDescriberTests {
  enum Step: Codable, Equatable, Sendable {
    case up
    case down
  }

  static let reduce: @Sendable (Int, Step) throws -> Int = { state, step in state + (step == .up ? 1 : -1) }

  /// What the describer reported, as a stream a test waits on.
  final class Reports: Sendable {
    let stream: AsyncStream<TapReport>
    let continuation: AsyncStream<TapReport>.Continuation

    init() {
      (stream, continuation) = AsyncStream.makeStream()
    }

    /// Reports until they account for the tap's dispatch `number` (described or dropped).
    func through(_ number: Int) async -> [TapReport] {
      var reports: [TapReport] = []
      for await report in stream {
        reports.append(report)
        if Self.number(of: report) >= number { break }
      }
      return reports
    }

    static func number(of report: TapReport) -> Int {
      switch report {
      case .dispatched(let dispatch): dispatch.number
      case .dropped(_, let through): through
      }
    }
  }

  private static func describer(of store: Store<Int, Step>, into reports: Reports) -> (TapDescriber<Int, Step>, DispatchTap<Store<Int, Step>.Tapped>) {
    let ring = DispatchTap<Store<Int, Step>.Tapped>(capacity: LiveTap.capacity)
    store.installTap(ring)
    let describer = TapDescriber(
      ring: ring, catalog: ActionCatalog(examples: [Step.up, .down]), stateDiff: StateDiff(specializations: [])
    ) { reports.continuation.yield($0) }
    return (describer, ring)
  }

  @Test func theCatchUpAloneDescribesWhatWaitsAndWhatCameSince() async throws {
    let store = Store(initialState: 0, reducer: Self.reduce)
    let reports = Reports()
    // The lowest-priority thread is not started: as if it got no core at all.
    let (describer, ring) = Self.describer(of: store, into: reports)
    defer { store.removeTap(ring) }
    for _ in 0..<100 { try store.dispatch(action: .up) }
    describer.catchUp()
    let first = await reports.through(100)
    #expect(first.map(Reports.number(of:)) == Array(1...100))
    // Asked again once the ring ran empty, for what the app dispatched since.
    try store.dispatch(action: .down)
    describer.catchUp()
    let next = await reports.through(101)
    guard case .dispatched(let dispatch) = try #require(next.first) else {
      Issue.record("the catch-up reported \(next) for one dispatch")
      return
    }
    #expect(next.count == 1)
    #expect(dispatch.number == 101)
    #expect(dispatch.text == "down")
  }

  @Test func bothThreadsReportEveryDispatchOnceAndInOrder() async throws {
    let store = Store(initialState: 0, reducer: Self.reduce)
    let reports = Reports()
    let (describer, ring) = Self.describer(of: store, into: reports)
    defer { store.removeTap(ring) }
    describer.start()
    // More than the ring holds, some dropped; a catch-up asked now and then, as lines would.
    let total = 5_000
    for number in 1...total {
      try store.dispatch(action: .up)
      if number % 300 == 0 { describer.catchUp() }
    }
    describer.catchUp()
    let all = await reports.through(total)
    let numbers = all.map(Reports.number(of:))
    #expect(numbers == numbers.sorted() && Set(numbers).count == numbers.count, "reported out of order or twice")
    // Every dispatch accounted for once: described, or counted in a drop.
    let accounted = all.reduce(0) { sum, report in
      switch report {
      case .dispatched(let dispatch): sum + 1 + dispatch.droppedBefore
      case .dropped(let count, _): sum + count
      }
    }
    #expect(accounted == total)
  }
}

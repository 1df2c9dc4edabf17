import ReplShellTesting
import Testing

/// `RecordMode`: swift-snapshot-testing's record modes for goldens, read from `REPLSHELL_RECORD`,
/// `missing` by default, and nothing written under `CI` whatever is asked.
@Suite struct RecordModeTests {
  @Test func withoutTheVariableLocallyMissingGoldensAreWritten() throws {
    #expect(try RecordMode.current(in: [:]) == .missing)
    #expect(try RecordMode.current(in: ["REPLSHELL_RECORD": ""]) == .missing)
  }

  @Test(arguments: RecordMode.allCases)
  func theVariableNamesTheMode(_ mode: RecordMode) throws {
    #expect(try RecordMode.current(in: ["REPLSHELL_RECORD": mode.rawValue]) == mode)
  }

  @Test(arguments: RecordMode.allCases)
  func underCINothingIsWrittenWhateverIsAsked(_ mode: RecordMode) throws {
    #expect(try RecordMode.current(in: ["CI": "true", "REPLSHELL_RECORD": mode.rawValue]) == .never)
    #expect(mode.allowed(in: ["CI": "1"]) == .never)
    #expect(mode.allowed(in: [:]) == mode)
  }

  @Test func aValueThatNamesNoModeIsAnErrorListingThem() {
    let error = #expect(throws: RecordMode.UnknownName.self) { try RecordMode.current(in: ["REPLSHELL_RECORD": "yes"]) }
    #expect(error?.value == "yes")
    #expect(error?.description == "REPLSHELL_RECORD=yes names no record mode: give never, missing, failed or all")
  }

  @Test func eachModeWritesWhatSwiftSnapshotTestingsWould() {
    let cases = [(missing: true, differs: true), (missing: false, differs: true), (missing: false, differs: false)]
    #expect(cases.map { RecordMode.never.writes(missing: $0.missing, differs: $0.differs) } == [false, false, false])
    #expect(cases.map { RecordMode.missing.writes(missing: $0.missing, differs: $0.differs) } == [true, false, false])
    #expect(cases.map { RecordMode.failed.writes(missing: $0.missing, differs: $0.differs) } == [true, true, false])
    #expect(cases.map { RecordMode.all.writes(missing: $0.missing, differs: $0.differs) } == [true, true, true])
  }
}

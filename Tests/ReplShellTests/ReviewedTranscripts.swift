/// Small scenario scripts with the transcripts they must print, read and approved by a person and
/// written out here, so tests compare with reviewed text instead of goldens the binary under test
/// just wrote.
enum ReviewedTranscripts {
  /// Increments the counter and checks it.
  static let passing = "use counter\ndispatch didTapIncrementButton\nexpect selectValue == 1\n"

  /// What `passing` prints.
  static let passingGolden = """
    replshell> use counter
    started counter
    counter> dispatch didTapIncrementButton
      CounterState(
    -   value: 0
    +   value: 1
      )
    counter> expect selectValue == 1
    ok

    """

  /// Increments the counter and selects it.
  static let counting = "use counter\ndispatch didTapIncrementButton\nselect selectValue\n"

  /// What `counting` prints.
  static let countingGolden = """
    replshell> use counter
    started counter
    counter> dispatch didTapIncrementButton
      CounterState(
    -   value: 0
    +   value: 1
      )
    counter> select selectValue
    1

    """
}

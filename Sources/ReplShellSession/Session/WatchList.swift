import ReplShellDomain
import SessionProtocol
import StateValues
/// The selectors a session re-evaluates after each dispatch, with the output last printed for each.
public struct WatchList<State, Action> {
  /// One watched selector.
  struct Watch {
    /// The selector as typed.
    let call: SelectorCall
    /// The selector with its arguments read.
    let selector: PreparedSelector<State, Action>
    /// Its output when last printed.
    var lastValue: Value
  }

  private var watches: [Watch] = []

  /// Whether anything is watched.
  var isEmpty: Bool { watches.isEmpty }

  /// Starts watching `call`, replacing a watch of the same call; returns the `watching …` lines.
  mutating func add(_ call: SelectorCall, selector: PreparedSelector<State, Action>, value: Value) -> [OutputLine] {
    watches.removeAll { $0.call.text == call.text }
    watches.append(Watch(call: call, selector: selector, lastValue: value))
    var lines: [String] = []
    ValuePrinter.appendPretty(value, prefix: "watching \(call.text) → ", suffix: "", indent: 0, to: &lines)
    return lines.map(OutputLine.plain)
  }

  /// Stops watching the selector named `name` (by name or as typed), or every selector when nil.
  mutating func remove(_ name: String?) throws(CommandError) -> [OutputLine] {
    guard let name else {
      let count = watches.count
      watches.removeAll()
      return [.note(count == 0 ? "nothing was watched" : "stopped watching \(count) selector\(count == 1 ? "" : "s")")]
    }
    let before = watches.count
    watches.removeAll { $0.call.name == name || $0.call.text == name }
    guard watches.count < before else {
      let watched = watches.isEmpty ? "none" : watches.map(\.call.text).joined(separator: ", ")
      throw CommandError("`\(name.truncatedForMessage)` is not watched; watched: \(watched)")
    }
    return [.note("stopped watching \(name)")]
  }

  /// Re-evaluates every watch whose filter accepts `action` and emits those whose output changed,
  /// with why each was skipped or recomputed when `debug selectors` is on; with no action (time
  /// travel) every watch is re-evaluated.
  mutating func update(state: State, action: Action?, events: SessionEventStream) {
    // Most dispatches watch nothing: spare them the walk, which is generic code over the state.
    guard !watches.isEmpty else { return }
    for index in watches.indices {
      let watch = watches[index]
      if let action, let filter = watch.selector.filter, !filter(state, action) {
        events.log(.selectors, "\(watch.call.text): skipped, the filter rejects this action")
        continue
      }
      events.log(.selectors, "\(watch.call.text): recomputed")
      let value: Value
      do {
        value = try watch.selector.evaluate(state).value
      } catch {
        events.emit(.watch(WatchEvent(selector: watch.call.text, value: "", lines: [], error: error.message)))
        continue
      }
      if value != watch.lastValue {
        watches[index].lastValue = value
        var lines: [String] = []
        ValuePrinter.appendPretty(value, prefix: "watch \(watch.call.text) → ", suffix: "", indent: 0, to: &lines)
        events.emit(.watch(WatchEvent(selector: watch.call.text, value: ValuePrinter.singleLine(value), lines: lines, json: JSONForm(value))))
      }
    }
  }
}

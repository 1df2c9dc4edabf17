import ImmutableData

/// Reads `events` (a test's own stream of a store) until `count` actions that `match` maps to a
/// value have arrived, and returns those values: a test acts only once a listener's side effects
/// have dispatched their outcomes. Returns fewer when the store goes away first.
@MainActor package func waitForActions<State, Action, Value>(
  _ count: Int,
  from events: inout StoreStream<State, Action>.Iterator,
  matching match: (Action) -> Value?
) async -> [Value] {
  var values: [Value] = []
  while values.count < count, let (_, action) = await events.next(isolation: #isolation) {
    if let value = match(action) {
      values.append(value)
    }
  }
  return values
}

/// Reads `events` until an action that `matches` arrives.
@MainActor package func waitForAction<State, Action>(
  from events: inout StoreStream<State, Action>.Iterator,
  where matches: (Action) -> Bool
) async {
  _ = await waitForActions(1, from: &events) { matches($0) ? () : nil }
}

/// An iterator over a store's `(oldState, action)` elements that also knows the state the store's
/// reducer returned for the action it returned last.
///
/// A listener compares `oldState` with the store's state to decide which side effect to start.
/// One that awaits its side effects reads an action after later actions have moved the store on;
/// from such an iterator it reads the state right after that action instead, as the store had it,
/// without running the reducer a second time. `StoreStream`'s iterator is one; a stream that is not
/// (another store, a test's double) leaves a listener reading `store.state`, as the guide's do.
public protocol ReducedStateIterator<State>: AsyncIteratorProtocol {
  /// The state the elements carry.
  associatedtype State
  /// The state the reducer returned for the action of the element returned last; nil before the first.
  var newState: State? { get }
}

extension AsyncIteratorProtocol {
  /// The state right after the action of the element this iterator returned last: the one the
  /// store reported with it (`ReducedStateIterator`), or else `current`, the store's state now.
  ///
  /// It asks whether the iterator is a `ReducedStateIterator` at all, then whether its state is
  /// a `State`: the runtime caches both answers, about 40 ns an element. Asked in one cast,
  /// `as? any ReducedStateIterator<State>`, the runtime checked the associated type anew every
  /// time: about 800 ns an element from a `StoreStream` (`Benchmarks/`, StoreDispatch's
  /// "newState read per element").
  @inlinable
  public func state<State>(afterLastElementOr current: @autoclosure () -> State) -> State {
    guard let reduced = self as? any ReducedStateIterator else { return current() }
    return reduced.newState(as: State.self) ?? current()
  }
}

extension ReducedStateIterator {
  /// `newState` when it is a `State`; nil before the first element, or when it is of another type.
  @inlinable
  func newState<T>(as type: T.Type) -> T? {
    newState.flatMap { $0 as? T }
  }
}

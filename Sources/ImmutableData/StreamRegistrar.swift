/// Keeps the buffers of the live streams a `Store` hands out, and yields to each of them.
///
/// A stream whose consumer is cancelled, or that is released, is removed; every stream finishes
/// when the registrar (and so its store) goes away. Streams and the tap, when one is installed,
/// get the same `Reduction`: the old state, the action, and the state the reducer returned.
@MainActor @usableFromInline final class StreamRegistrar<State, Action>: Sendable where State: Sendable, Action: Sendable {
  @usableFromInline typealias Reduction = StoreStream<State, Action>.Reduction
  private var nextID = 0
  @usableFromInline var buffers: [StreamBuffer<Reduction>] = []
  /// The ring a debugging attachment reads, written after the streams; nil (one check per
  /// dispatch) unless a shell follows the app. Only the main actor touches it: no dynamic
  /// exclusivity check, which would cost more than the check.
  @exclusivity(unchecked) @usableFromInline var tap: DispatchTap<Reduction>?
  /// The id of each stream in `buffers`, at the same index.
  private var ids: [Int] = []
  /// Where the streams report the elements their consumers have not finished with; nil when nobody counts.
  private let activity: StreamActivity?

  @usableFromInline init(activity: StreamActivity? = nil) {
    self.activity = activity
  }

  deinit {
    for buffer in self.buffers {
      buffer.finish()
    }
    tap?.finish()
  }
}

extension StreamRegistrar {
  /// The number of streams still registered. Read from `ids`, which has one per stream in the
  /// same order: an array of `Int`, its count is read without looking up the generic type of
  /// `buffers` (in unspecialized code, three type metadata lookups on every read).
  var count: Int {
    self.ids.count
  }

  /// Registers a new unbounded stream and returns it.
  func makeStream() -> StoreStream<State, Action> {
    self.nextID += 1
    let id = self.nextID
    let buffer = StreamBuffer<Reduction>(activity: activity.map { ($0, id) }) { [weak self] in
      Task { @MainActor in
        self?.removeStream(id: id)
      }
    }
    self.buffers.append(buffer)
    self.ids.append(id)
    return StoreStream(buffer: buffer)
  }

  /// Passes `reduction` to every registered stream, in registration order, then to the tap.
  /// Always inlined into the dispatch (see `Store.dispatch(action:)`).
  @inlinable @inline(__always)
  func yield(_ reduction: Reduction) {
    for buffer in self.buffers {
      buffer.yield(reduction)
    }
    if let tap = self.tap {
      DispatchTap.record(reduction, into: Unmanaged.passUnretained(tap))
    }
  }
}

extension StreamRegistrar {
  /// Has every element from now on also written into `tap`, or into none when nil.
  func setTap(_ tap: DispatchTap<Reduction>?) {
    self.tap = tap
  }

  /// Ends every stream: each consumer gets what is buffered, then nil.
  func finishAll() {
    for buffer in self.buffers {
      buffer.finish()
    }
    self.buffers.removeAll()
    self.ids.removeAll()
  }

  private func removeStream(id: Int) {
    guard let index = self.ids.firstIndex(of: id) else { return }
    self.ids.remove(at: index)
    self.buffers.remove(at: index)
  }
}

import Foundation
import ReplShellDomain
import ReplShellFoundation
import SessionProtocol
import StateValues

/// A session read back from its `--format json` events (a transcript of `--format json`, or an
/// app's flight-recorder log): the domain it ran, where it started, and every action that went to
/// its store, in order, with the history entry each made. What `--replay` reduces again.
struct RecordedSession: Sendable {
  /// One recorded dispatch, and the line of the file it was on.
  struct Dispatch: Sendable {
    let line: Int
    let event: DispatchEvent
  }

  /// What moved the recorded store, in order: an action, or time travel that succeeded.
  enum Step: Sendable {
    /// An action went to the store.
    case dispatch(Dispatch)
    /// `undo`, `redo` or `jump N`, as typed, on line `line`.
    case travel(String, line: Int)
  }

  /// The domain the session ran.
  var domain: String
  /// The options of its `use` line, when the file has one.
  var options: [String: String] = [:]
  /// The state it started from, when the file gives one (a flight recorder's log).
  var start: SnapshotEvent?
  /// What moved the store, in order: actions typed, scripted, the listeners' and the app's, and time travel.
  var steps: [Step] = []

  /// The recorded actions, in order.
  var dispatches: [Dispatch] {
    steps.compactMap { step in
      if case .dispatch(let dispatch) = step { return dispatch }
      return nil
    }
  }
  /// The sessions the file held before this one (`use` and `reset` start one): only the last is replayed.
  var earlierSessions = 0
  /// Events of kinds this shell does not know, passed over.
  var unknownEvents = 0

  /// The entry of the last recorded action, or of the snapshot it started from.
  var lastEntry: Int? {
    dispatches.last { $0.event.entry != nil }?.event.entry ?? start?.entry
  }

  /// The last session of the file at `url`, which `name` names in errors.
  static func read(contentsOf url: URL, name: String, budget: Budget = .current) throws(CommandError) -> RecordedSession {
    let data: [UInt8]
    do {
      data = try FileReach.anywhere.read(url.path, shownAs: name, budget: budget)
    } catch {
      throw CommandError(error.description)
    }
    guard let text = String(validating: data, as: UTF8.self) else {
      throw CommandError("\(name) is not UTF-8 text: --replay reads what `--format json` writes")
    }
    return try read(text, name: name)
  }

  /// The last session of `text`, the JSON events of a session one per line.
  static func read(_ text: String, name: String) throws(CommandError) -> RecordedSession {
    var reader = Reader()
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() where !line.allSatisfy(\.isWhitespace) {
      let number = index + 1
      let line = String(line)
      guard let event = SessionEventJSON.event(from: line) else {
        // A kind of event a newer shell writes is passed over; what is not an event at all is refused.
        guard let object = try? JSONDecoder().decode(JSONForm.self, from: Data(line.utf8)), case .object(let members) = object,
          let kind = members.first(where: { $0.0 == "event" })?.1
        else {
          throw CommandError("\(name):\(number): not a session event: --replay reads what `--format json` writes, one JSON object per line")
        }
        // A kind this shell writes must read back whole: a broken one is not passed over in silence.
        if case .string(let known) = kind, SessionEvent.kinds.contains(known) {
          let reason: String
          do {
            _ = try JSONDecoder().decode(SessionEvent.self, from: Data(line.utf8))
            reason = "unreadable"
          } catch let DecodingError.keyNotFound(key, _) {
            reason = "it has no `\(key.stringValue)`"
          } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context), let DecodingError.dataCorrupted(context) {
            reason = "`\(context.codingPath.map(\.stringValue).joined(separator: "."))`: \(context.debugDescription)"
          } catch {
            reason = String(describing: error)
          }
          throw CommandError("\(name):\(number): a `\(known)` event that cannot be read: \(reason)")
        }
        reader.session?.unknownEvents += 1
        continue
      }
      reader.read(event, line: number)
    }
    guard let session = reader.finished else {
      throw CommandError(
        "\(name) names no domain: it has no `use` line, no command and no snapshot; record it with `--format json` (`replshell --format json --script s.txt > s.jsonl`)")
    }
    return session
  }

  /// Follows the events of a file: a `use` or `reset` that succeeded starts a new session.
  private struct Reader {
    var session: RecordedSession?
    /// A `use`, `reset` or time travel whose outcome is not known yet: an error right after it means it failed.
    var pending: Pending?
    var earlier = 0

    enum Pending {
      case session(RecordedSession)
      case travel(Step)
    }

    var finished: RecordedSession? {
      mutating get {
        commitPending()
        return session
      }
    }

    mutating func read(_ event: SessionEvent, line: Int) {
      if case .error = event, pending != nil {
        pending = nil
        return
      }
      commitPending()
      switch event {
      case .command(let command):
        let words = command.line.split(whereSeparator: \.isWhitespace).map(String.init)
        switch words.first {
        case "use" where words.count > 1:
          do {
            let options = try DomainOption.values(parsing: Array(words.dropFirst(2)), column: 1)
            pending = .session(RecordedSession(domain: words[1], options: options))
          } catch {
            // Options that do not parse started nothing where the line was typed (its error
            // followed it), so the session it replaces goes on here too.
            pending = nil
          }
        case "reset":
          if let session { pending = .session(RecordedSession(domain: session.domain, options: session.options)) }
        case "undo", "redo", "jump":
          if session != nil { pending = .travel(.travel(words.joined(separator: " "), line: line)) }
        default:
          // A session started from the command line has no `use` line: its commands name its domain.
          if session == nil, let domain = command.domain { session = RecordedSession(domain: domain) }
        }
      case .snapshot(let snapshot):
        // A flight recorder's next file (`cat log.1 log`) goes on from the entry the previous one ended with.
        if let session, session.domain == snapshot.domain, session.lastEntry == snapshot.entry, session.start != nil || !session.steps.isEmpty {
          return
        }
        if session?.steps.isEmpty == false || session?.domain != snapshot.domain || session?.start != nil {
          if session != nil { earlier += 1 }
          session = RecordedSession(domain: snapshot.domain, start: snapshot)
        } else {
          session?.start = snapshot
        }
        session?.earlierSessions = earlier
      case .dispatched(let dispatch):
        session?.steps.append(.dispatch(Dispatch(line: line, event: dispatch)))
      default:
        break
      }
    }

    private mutating func commitPending() {
      guard let committed = pending else { return }
      pending = nil
      guard case .session(var started) = committed else {
        if case .travel(let step) = committed { session?.steps.append(step) }
        return
      }
      if session != nil { earlier += 1 }
      started.earlierSessions = earlier
      started.unknownEvents = session?.unknownEvents ?? 0
      session = started
    }
  }
}

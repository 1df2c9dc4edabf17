import Foundation
import ReplShellFoundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The URL session every domain's remote store loads through: a private `URLSession` with no
/// cache, whose exchanges are held to one `TransportLimits` (silence, a deadline on the whole
/// exchange, a cap on the body) and which follows no redirect. It also answers `file://` URLs
/// from disk (swift-corelibs-foundation's `URLSession` has no file protocol) as a server would:
/// status 200, `application/json`. Its failures are `TransportError`s that name no URL, port or path.
public final class URLSessionTransport: NetworkSessionURLSession {
  private let limits: TransportLimits
  private let session: URLSession
  private let exchanges: TransportExchanges

  /// Creates a session whose exchanges are bounded by `limits`.
  public init(limits: TransportLimits = TransportLimits()) {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = limits.idleTimeout
    configuration.timeoutIntervalForResource = limits.deadline
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    configuration.urlCache = nil
    let exchanges = TransportExchanges(maxBodyBytes: limits.maxBodyBytes)
    self.session = URLSession(configuration: configuration, delegate: exchanges, delegateQueue: nil)
    self.exchanges = exchanges
    self.limits = limits
  }

  /// Creates a session whose requests fail with `timedOut` when the server sends nothing for
  /// `timeout` seconds, or with `deadlineExceeded` when a whole exchange takes longer than
  /// `resourceTimeout` (at least `timeout`; `timeout` when nil), with the default cap on bodies.
  public convenience init(timeout: TimeInterval, resourceTimeout: TimeInterval? = nil) {
    self.init(limits: TransportLimits(timeout: timeout, resourceTimeout: resourceTimeout))
  }

  deinit {
    // The session holds its delegate until it is invalidated.
    self.session.invalidateAndCancel()
  }
}

extension URLSessionTransport {
  /// The body and response of `request`, within the limits; a `file://` URL is read from disk.
  public func data(for request: URLRequest) async throws -> (Data, URLResponse) {
    if let url = request.url, url.isFileURL {
      return try Self.contentsOfFile(url: url, limits: limits)
    }
    var request = request
    request.timeoutInterval = limits.idleTimeout
    let task = session.dataTask(with: request)
    let deadline = ContinuousClock.now + .seconds(limits.deadline)
    do {
      return try await withThrowingTaskGroup(of: (Data, URLResponse)?.self) { group in
        group.addTask { try await self.exchange(task) }
        group.addTask {
          await self.endAtDeadline(task, deadline: deadline)
          return nil
        }
        while let answer = try await group.next() {
          if let answer {
            group.cancelAll()
            return answer
          }
        }
        throw TransportError(code: .cancelled)
      }
    } catch let error as TransportError {
      throw error
    } catch let error as URLError {
      throw TransportError(error)
    } catch is CancellationError {
      throw TransportError(code: .cancelled)
    } catch let error as NSError where error.domain == NSURLErrorDomain {
      throw URLError.Code(rawValue: error.code).map { TransportError(URLError($0)) }
        ?? TransportError(code: .network(code: error.code))
    } catch {
      throw TransportError(code: .network(code: nil))
    }
  }

  /// Runs `task` and returns its answer; cancelling the caller cancels the task.
  private func exchange(_ task: URLSessionDataTask) async throws -> (Data, URLResponse) {
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        exchanges.begin(task, continuation: continuation)
        task.resume()
      }
    } onCancel: {
      exchanges.end(task, with: TransportError(code: .cancelled))
    }
  }

  /// Ends `task`'s exchange at `deadline`, unless the caller stops waiting first (the exchange
  /// ended). The session's own timeout for a whole exchange is not enforced by
  /// swift-corelibs-foundation, and its idle timeout restarts with every byte: a body that keeps
  /// coming would never end.
  private func endAtDeadline(_ task: URLSessionDataTask, deadline: ContinuousClock.Instant) async {
    do {
      try await Task.sleep(until: deadline)
    } catch {
      return
    }
    // With no response's head after at least the idle timeout, the server has most likely been
    // silent all along: it timed out, as the older initializers' equal limits always said.
    let silent = limits.deadline >= limits.idleTimeout && !exchanges.hasResponse(task)
    exchanges.end(task, with: TransportError(code: silent ? .timedOut : .deadlineExceeded(seconds: limits.deadline)))
  }

  /// The file at `url` with the response a server would give for it, read through the one file
  /// reach within the body cap and the exchange's deadline: a file past the cap is not read, a
  /// FIFO or a device is refused (a feed is a file), and cancelling the load stops it. A link is
  /// followed to its file first: a feed's URL is one the user gave (`--feed`), never a name found
  /// in a shared folder, and a folder of links to downloaded feeds is a way to name them.
  private static func contentsOfFile(url: URL, limits: TransportLimits) throws(TransportError) -> (Data, URLResponse) {
    let path = url.resolvingSymlinksInPath().path(percentEncoded: false)
    let budget = Budget(maximumBytes: limits.maxBodyBytes, deadline: .now + .seconds(limits.deadline))
    let data: Data
    do {
      data = Data(try FileReach.anywhere.read(path, budget: budget))
    } catch {
      switch error.shortfall {
      case .bytes?: throw TransportError(code: .bodyTooLarge(limit: limits.maxBodyBytes))
      case .deadline?: throw TransportError(code: .deadlineExceeded(seconds: limits.deadline))
      case .cancelled?: throw TransportError(code: .cancelled)
      default:
        var status = stat()
        throw TransportError(code: lstat(path, &status) != 0 && errno == ENOENT ? .fileNotFound : .fileUnreadable)
      }
    }
    let headers = ["Content-Type": NetworkJSONHandler.jsonMIMEType, "Content-Length": "\(data.count)"]
    guard let response = HTTPURLResponse(url: url, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: headers) else {
      throw TransportError(code: .fileUnreadable)
    }
    return (data, response)
  }
}

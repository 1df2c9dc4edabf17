import Foundation
import ReplShellFoundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension HTTPTransport {
  /// The file at `url` with the response a server would give for it, read through the one file
  /// reach within the body cap and the exchange's deadline: a file past the cap is not read, a
  /// FIFO or a device is refused (a feed is a file), and cancelling the load stops it. A link is
  /// followed to its file first: a feed's URL is one the user gave (`--feed`), never a name found
  /// in a shared folder, and a folder of links to downloaded feeds is a way to name them.
  static func contentsOfFile(url: URL, limits: TransportLimits) throws(TransportError) -> (Data, URLResponse) {
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

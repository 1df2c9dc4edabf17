import AnimalsData
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite struct URLSessionNetworkSessionTests {
  private static let url = URL(string: "http://127.0.0.1:8080/animals/api")

  private func decode(_ body: String, status: Int) throws -> RemoteResponse {
    let url = try #require(Self.url)
    let response = try #require(HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: nil))
    return try URLSessionNetworkSession.decode(data: Data(body.utf8), response: response, decoder: JSONDecoder())
  }

  private func description(of body: String, status: Int) -> String? {
    do {
      _ = try decode(body, status: status)
      return nil
    } catch {
      return String(describing: error)
    }
  }

  @Test func aSuccessfulBodyDecodes() throws {
    #expect(try decode(#"{"query":[{"animals":{"animals":[]}}]}"#, status: 200) == RemoteResponse(query: [.animals(animals: [])]))
  }

  @Test func anHTTPErrorSaysItsStatusAndTheServersMessage() {
    #expect(description(of: #"{"error":{"message":"Unknown operation"}}"#, status: 400) == "HTTP status 400: Unknown operation")
    #expect(description(of: #"{"error":"boom"}"#, status: 500) == "HTTP status 500: boom")
    #expect(description(of: #"{"error":true,"reason":"Not Found"}"#, status: 404) == "HTTP status 404: Not Found")
    #expect(description(of: "<html>Bad Gateway</html>", status: 502) == "HTTP status 502")
    #expect(description(of: "", status: 500) == "HTTP status 500")
  }

  @Test func aMalformedBodySaysWhatIsWrong() {
    #expect(description(of: "{", status: 200) == "malformed response: not valid JSON")
    #expect(
      description(of: #"{"query":[{"animals":{}}]}"#, status: 200)
        == #"malformed response: missing key "animals" at $.query[0].animals"#)
    #expect(
      description(of: #"{"query":[{"animals":{"animals":[{"animalId":1}]}}]}"#, status: 200)
        == "malformed response: expected a string at $.query[0].animals.animals[0].animalId")
  }

  @Test func transportFailuresHaveShortDescriptions() throws {
    let failures: [(URLError.Code, String)] = [
      (.cannotConnectToHost, "connection refused"),
      (.timedOut, "timed out"),
      (.cannotFindHost, "cannot find host"),
      (.networkConnectionLost, "connection lost"),
      (.cancelled, "cancelled"),
      (.badServerResponse, "network error \(URLError.Code.badServerResponse.rawValue)"),
    ]
    for (code, description) in failures {
      let error = URLError(code, userInfo: [NSURLErrorFailingURLErrorKey: try #require(Self.url)])
      #expect(String(describing: URLSessionNetworkSession.Error(error)) == description)
    }
  }

  /// Sends a real request to a loopback port nothing listens on.
  @Test func aRealRequestToAClosedPortIsConnectionRefused() async throws {
    let port = try Self.unusedLoopbackPort()
    let url = try #require(URL(string: "http://127.0.0.1:\(port)/animals/api"))
    let store = RemoteStore(url: url, timeout: 5)
    do {
      _ = try await store.fetchCategoriesQuery()
      Issue.record("expected an error")
    } catch {
      #expect(String(describing: error) == "connection refused")
    }
  }

  /// Sends a real request to a loopback socket that accepts connections but never answers.
  @Test func aRealRequestThatGetsNoAnswerTimesOut() async throws {
    let (descriptor, port) = try Self.boundLoopbackSocket()
    defer { close(descriptor) }
    try #require(listen(descriptor, 4) == 0)
    let url = try #require(URL(string: "http://127.0.0.1:\(port)/animals/api"))
    let store = RemoteStore(url: url, timeout: 1)
    do {
      _ = try await store.fetchAnimalsQuery()
      Issue.record("expected an error")
    } catch {
      #expect(String(describing: error) == "timed out")
    }
  }

  /// A loopback TCP port that was free a moment ago: bound to port 0, read back, then closed.
  private static func unusedLoopbackPort() throws -> UInt16 {
    let (descriptor, port) = try Self.boundLoopbackSocket()
    close(descriptor)
    return port
  }

  /// A TCP socket bound to a free loopback port, and that port.
  private static func boundLoopbackSocket() throws -> (Int32, UInt16) {
    #if canImport(Glibc)
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
    let descriptor = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    try #require(descriptor >= 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
        bind(descriptor, socketAddress, length) == 0 && getsockname(descriptor, socketAddress, &length) == 0
      }
    }
    guard bound else {
      close(descriptor)
      throw POSIXError(.EADDRINUSE)
    }
    return (descriptor, UInt16(bigEndian: address.sin_port))
  }
}

import AnimalsData
import Foundation
import Services
import TestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif


@Suite(.timeLimit(.minutes(10))) struct URLSessionNetworkSessionTests {
  private static let url = URL(string: "http://127.0.0.1:8080/animals/api")

  /// Hands a response to the shared session's JSON step, as `NetworkSession` does after loading it.
  private func decode(_ body: String, status: Int, contentType: String? = "application/json; charset=utf-8") throws -> RemoteResponse {
    let url = try #require(Self.url)
    let headers = contentType.map { ["Content-Type": $0] }
    let response = try #require(HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers))
    return try NetworkJSONHandler.handle(Data(body.utf8), with: response, dataHandler: NetworkDataHandler.self, from: JSONDecoder())
  }

  private func description(of body: String, status: Int, contentType: String? = "application/json; charset=utf-8") -> String? {
    do {
      _ = try decode(body, status: status, contentType: contentType)
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
    #expect(description(of: "<html>Bad Gateway</html>", status: 502, contentType: "text/html") == "HTTP status 502 (text/html, not JSON)")
  }

  @Test func aStatusOutsideTwoHundredsIsRefusedEvenWithAJSONBody() {
    let body = #"{"query":[{"animals":{"animals":[]}}]}"#
    #expect(description(of: body, status: 304) == "HTTP status 304")
    #expect(description(of: body, status: 101) == "HTTP status 101")
    #expect(description(of: body, status: 302) == "HTTP status 302")
  }

  @Test func aBodyThatIsNotJSONIsRefusedBeforeDecoding() {
    let body = #"{"query":[{"animals":{"animals":[]}}]}"#
    #expect(description(of: body, status: 200, contentType: "text/plain") == "not JSON: content type text/plain")
    #expect(description(of: body, status: 200, contentType: nil) == "not JSON: content type none")
  }

  @Test func aMalformedBodySaysWhatIsWrong() {
    #expect(description(of: "{", status: 200) == "malformed response: not valid JSON")
    #expect(description(of: "", status: 200) == "malformed response: not valid JSON")
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
      #expect(String(describing: TransportError(error)) == description)
    }
  }

  /// Sends a real request to a loopback port nothing listens on. The port stays bound, not
  /// listening, while the request is made: a port merely freed could be taken by another test's
  /// server in between (a parallel run once got an inspector's 403 there).
  @Test func aRealRequestToAClosedPortIsConnectionRefused() async throws {
    let socket = try LoopbackSocket()
    defer { socket.close() }
    let url = try #require(URL(string: "http://127.0.0.1:\(socket.port)/animals/api"))
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
    let socket = try LoopbackSocket()
    defer { socket.close() }
    try socket.listen()
    let url = try #require(URL(string: "http://127.0.0.1:\(socket.port)/animals/api"))
    let store = RemoteStore(url: url, timeout: 1)
    do {
      _ = try await store.fetchAnimalsQuery()
      Issue.record("expected an error")
    } catch {
      #expect(String(describing: error) == "timed out")
    }
  }
}

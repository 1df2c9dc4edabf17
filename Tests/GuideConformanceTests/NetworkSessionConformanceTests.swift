import Foundation
import Services
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `NetworkSession`: loads through the injected URL session, hands the answer to the JSON
/// handler, and wraps a failure of either step with its code and its error.
@Suite(.serialized, .timeLimit(.minutes(10))) struct NetworkSessionConformanceTests {
  @Test func aFailedLoadIsASessionErrorKeepingTheSessionsError() async {
    HandlerRecord.reset(decoded: DecodedValue())
    let urlSession = URLSessionDouble()
    let session = NetworkSession(urlSession: urlSession)
    do {
      let _: DecodedValue = try await session.json(
        for: Fixture.request(), jsonHandler: JSONHandlerDouble.self, dataHandler: NetworkDataHandler.self, from: JSONDecoder())
      Issue.record("expected a session error")
    } catch {
      let error = error as? NetworkSession<URLSessionDouble>.Error
      #expect(error?.code == .sessionError)
      #expect((error?.underlying as? MarkerError) === urlSession.error)
    }
    #expect(urlSession.request.current == Fixture.request())
    #expect(HandlerRecord.data.current == nil)
  }

  @Test func aRefusedAnswerIsAJSONHandlerErrorKeepingTheHandlersError() async {
    HandlerRecord.reset()
    let response = Fixture.plainResponse()
    let urlSession = URLSessionDouble(answer: (Fixture.body, response))
    let session = NetworkSession(urlSession: urlSession)
    do {
      let _: DecodedValue = try await session.json(
        for: Fixture.request(), jsonHandler: JSONHandlerDouble.self, dataHandler: NetworkDataHandler.self, from: JSONDecoder())
      Issue.record("expected a JSON handler error")
    } catch {
      let error = error as? NetworkSession<URLSessionDouble>.Error
      #expect(error?.code == .jsonHandlerError)
      #expect((error?.underlying as? MarkerError) === HandlerRecord.error)
    }
    #expect(HandlerRecord.data.current == Fixture.body)
    #expect(HandlerRecord.response.current === response)
  }

  @Test func anAcceptedAnswerIsWhatTheHandlerDecoded() async throws {
    let decoded = DecodedValue()
    HandlerRecord.reset(decoded: decoded)
    let urlSession = URLSessionDouble(answer: (Fixture.body, Fixture.plainResponse()))
    let value: DecodedValue = try await NetworkSession(urlSession: urlSession).json(
      for: Fixture.request(), jsonHandler: JSONHandlerDouble.self, dataHandler: NetworkDataHandler.self, from: JSONDecoder())
    #expect(value === decoded)
    #expect(urlSession.request.current == Fixture.request())
  }

  @Test func theDefaultStepsDecodeAJSONAnswer() async throws {
    let urlSession = URLSessionDouble(answer: (Data(#"{"value":7}"#.utf8), Fixture.jsonResponse()))
    let value: [String: Int] = try await NetworkSession(urlSession: urlSession).json(for: Fixture.request(), from: JSONDecoder())
    #expect(value == ["value": 7])
  }

  @Test func theDefaultStepsRefuseARedirectAndAnAnswerThatIsNotJSON() async {
    for (status, mimeType, code) in [
      (302, "application/json", NetworkJSONHandler.Error.Code.dataHandlerError),
      (200, "text/plain", .mimeTypeError),
    ] {
      let response = Fixture.httpResponse(status: status, headers: ["Content-Type": mimeType])
      let session = NetworkSession(urlSession: URLSessionDouble(answer: (Data(#"{"value":7}"#.utf8), response)))
      do {
        let _: [String: Int] = try await session.json(for: Fixture.request(), from: JSONDecoder())
        Issue.record("decoded an answer with status \(status) and type \(mimeType)")
      } catch {
        let error = error as? NetworkSession<URLSessionDouble>.Error
        #expect(error?.code == .jsonHandlerError)
        #expect((error?.underlying as? NetworkJSONHandler.Error)?.code == code)
      }
    }
  }

  @Test func foundationsURLSessionLoadsForTheSessionAndItsFailureIsASessionError() async throws {
    let session = NetworkSession(urlSession: URLSession.shared)
    let closedPort = try #require(URL(string: "http://127.0.0.1:9/animals/api"))
    do {
      let _: [String: Int] = try await session.json(for: URLRequest(url: closedPort), from: JSONDecoder())
      Issue.record("expected nothing to answer on the discard port")
    } catch {
      let error = error as? NetworkSession<URLSession>.Error
      #expect(error?.code == .sessionError)
      #expect(error?.underlying != nil)
    }
  }
}

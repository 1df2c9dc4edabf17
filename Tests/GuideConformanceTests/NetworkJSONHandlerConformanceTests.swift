import Foundation
import Services
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `NetworkJSONHandler`: the MIME type first, then the data handler, then the decoder, each
/// failure with its own code and the failing step's error kept as `underlying`.
@Suite(.serialized) struct NetworkJSONHandlerConformanceTests {
  @Test(arguments: ["image/png", "text/html", "application/geo+json"])
  func aMIMETypeOtherThanJSONIsRefusedBeforeAnythingElseRuns(mimeType: String) {
    HandlerRecord.reset(returning: Fixture.body)
    let decoder = DecoderDouble(value: DecodedValue())
    let response = Fixture.httpResponse(headers: ["Content-Type": mimeType])
    let error = thrownError {
      let _: DecodedValue = try NetworkJSONHandler.handle(Fixture.body, with: response, dataHandler: DataHandlerDouble.self, from: decoder)
    } as? NetworkJSONHandler.Error
    #expect(error?.code == .mimeTypeError)
    #expect(error != nil && error?.underlying == nil)
    #expect(HandlerRecord.data.current == nil)
    #expect(HandlerRecord.response.current == nil)
    #expect(decoder.decodedData.current == nil)
  }

  @Test func aResponseWithoutAMIMETypeIsRefused() {
    HandlerRecord.reset(returning: Fixture.body)
    let error = thrownError {
      let _: DecodedValue = try NetworkJSONHandler.handle(
        Fixture.body, with: Fixture.plainResponse(), dataHandler: DataHandlerDouble.self, from: DecoderDouble())
    }
    #expect((error as? NetworkJSONHandler.Error)?.code == .mimeTypeError)
  }

  @Test func theMIMETypeIsComparedWithoutCaseOrParameters() throws {
    HandlerRecord.reset(returning: Fixture.body)
    let decoded = DecodedValue()
    let response = Fixture.httpResponse(headers: ["Content-Type": "Application/JSON; charset=utf-8"])
    let value: DecodedValue = try NetworkJSONHandler.handle(
      Fixture.body, with: response, dataHandler: DataHandlerDouble.self, from: DecoderDouble(value: decoded))
    #expect(value === decoded)
  }

  @Test func aRefusedResponseIsADataHandlerErrorKeepingTheRefusal() {
    HandlerRecord.reset()
    let decoder = DecoderDouble(value: DecodedValue())
    let response = Fixture.jsonResponse()
    let error = thrownError {
      let _: DecodedValue = try NetworkJSONHandler.handle(Fixture.body, with: response, dataHandler: DataHandlerDouble.self, from: decoder)
    } as? NetworkJSONHandler.Error
    #expect(error?.code == .dataHandlerError)
    #expect((error?.underlying as? MarkerError) === HandlerRecord.error)
    #expect(HandlerRecord.data.current == Fixture.body)
    #expect(HandlerRecord.response.current === response)
    #expect(decoder.decodedData.current == nil)
  }

  @Test func anUndecodableBodyIsAJSONDecoderErrorKeepingTheDecodersError() {
    let handled = Data("handled".utf8)
    HandlerRecord.reset(returning: handled)
    let decoder = DecoderDouble()
    let error = thrownError {
      let _: DecodedValue = try NetworkJSONHandler.handle(
        Fixture.body, with: Fixture.jsonResponse(), dataHandler: DataHandlerDouble.self, from: decoder)
    } as? NetworkJSONHandler.Error
    #expect(error?.code == .jsonDecoderError)
    #expect((error?.underlying as? MarkerError) === decoder.error)
    #expect(decoder.decodedType.current == DecodedValue.self)
    #expect(decoder.decodedData.current == handled)
  }

  @Test func theDecoderReadsWhatTheDataHandlerReturned() throws {
    let handled = Data("handled".utf8)
    HandlerRecord.reset(returning: handled)
    let decoded = DecodedValue()
    let decoder = DecoderDouble(value: decoded)
    let value: DecodedValue = try NetworkJSONHandler.handle(
      Fixture.body, with: Fixture.jsonResponse(), dataHandler: DataHandlerDouble.self, from: decoder)
    #expect(value === decoded)
    #expect(decoder.decodedData.current == handled)
    #expect(HandlerRecord.data.current == Fixture.body)
  }

  @Test func theRealStepsTogetherRefuseAStatusErrorAndKeepItsCode() {
    let error = thrownError {
      let _: [String: Int] = try NetworkJSONHandler.handle(
        Data(#"{"a":1}"#.utf8), with: Fixture.jsonResponse(status: 503), dataHandler: NetworkDataHandler.self, from: JSONDecoder())
    } as? NetworkJSONHandler.Error
    let refusal = error?.underlying as? NetworkDataHandler.Error
    #expect(error?.code == .dataHandlerError)
    #expect(refusal?.code == .statusCodeError)
    #expect(refusal?.statusCode == 503)
  }

  @Test func theRealStepsTogetherKeepTheDecodingError() {
    let error = thrownError {
      let _: [String: Int] = try NetworkJSONHandler.handle(
        Data("{".utf8), with: Fixture.jsonResponse(), dataHandler: NetworkDataHandler.self, from: JSONDecoder())
    } as? NetworkJSONHandler.Error
    #expect(error?.code == .jsonDecoderError)
    #expect(error?.underlying is DecodingError)
  }
}

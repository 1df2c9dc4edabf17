import Foundation
import Services
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `NetworkDataHandler`: only an HTTP response with a 2xx status hands its body on.
@Suite struct NetworkDataHandlerConformanceTests {
  static let refusedStatuses = Array(100...199) + Array(300...599)

  @Test func aResponseThatIsNotHTTPIsAResponseError() {
    let error = thrownError { _ = try NetworkDataHandler.handle(Fixture.body, with: Fixture.plainResponse()) }
    #expect((error as? NetworkDataHandler.Error)?.code == .responseError)
  }

  @Test(arguments: Self.refusedStatuses)
  func everyStatusOutsideTheTwoHundredsIsAStatusCodeError(status: Int) {
    let error = thrownError { _ = try NetworkDataHandler.handle(Fixture.body, with: Fixture.jsonResponse(status: status)) }
    let refusal = error as? NetworkDataHandler.Error
    #expect(refusal?.code == .statusCodeError)
    #expect(refusal?.statusCode == status)
  }

  @Test(arguments: 200...299)
  func everyTwoHundredStatusReturnsTheBodyUnchanged(status: Int) throws {
    #expect(try NetworkDataHandler.handle(Fixture.body, with: Fixture.jsonResponse(status: status)) == Fixture.body)
  }

  @Test func aNotModifiedAnswerIsNotReadAsAnEmptyBody() {
    #expect(throws: NetworkDataHandler.Error(code: .statusCodeError, statusCode: 304)) {
      try NetworkDataHandler.handle(Data(), with: Fixture.jsonResponse(status: 304))
    }
  }
}

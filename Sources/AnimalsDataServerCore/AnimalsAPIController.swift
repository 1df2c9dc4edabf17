import AnimalsData
import Foundation
import Hummingbird

/// The `/animals/api` endpoint: `POST` a `RemoteRequest`, get its `RemoteResponse`; any other
/// method is a 405.
struct AnimalsAPIController: Sendable {
  /// The methods answered with 405 rather than 404, so a client learns the path is right.
  private static let refusedMethods: [HTTPRequest.Method] = [.get, .head, .put, .delete, .patch, .options]

  let handler: RemoteRequestHandler
  let maxRequestBodySize: Int

  /// Registers the endpoint's routes on `router` at `path`.
  func addRoutes<Context: RequestContext>(to router: Router<Context>, at path: String) {
    router.post(RouterPath(path)) { request, context in
      try await self.answer(request, context: context)
    }
    for method in Self.refusedMethods {
      router.on(RouterPath(path), method: method) { request, _ -> Response in
        throw APIError.methodNotAllowed(request.method, path: path, allowed: .post)
      }
    }
  }
}

extension AnimalsAPIController {
  private func answer(_ request: Request, context: some RequestContext) async throws -> Response {
    // Refuse a declared oversized body before reading any of it.
    if let length = request.headers[.contentLength].flatMap(Int.init), length > self.maxRequestBodySize {
      throw APIError.bodyTooLarge(limit: self.maxRequestBodySize)
    }
    let body = try await request.body.collect(upTo: self.maxRequestBodySize)
    let remoteRequest = try RemoteRequestDecoder().decode(Data(body.readableBytesView))
    let remoteResponse = try await self.handler.response(to: remoteRequest, logger: context.logger)
    return Response.json(encoding: remoteResponse)
  }
}

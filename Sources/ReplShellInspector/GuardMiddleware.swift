import Hummingbird

/// Refuses, with 403 and the reason, every request the `RequestGuard` refuses.
struct GuardMiddleware<Context: RequestContext>: RouterMiddleware {
  let requestGuard: RequestGuard

  func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
    if let refusal = requestGuard.refusal(target: request.uri.description, authority: request.head.authority, origin: request.headers[.origin]) {
      return Response(status: .forbidden, body: ResponseBody(byteBuffer: ByteBuffer(string: refusal + "\n")))
    }
    return try await next(request, context)
  }
}

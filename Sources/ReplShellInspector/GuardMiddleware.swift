import Hummingbird

/// Refuses, with 403 and the reason, every request the `RequestGuard` refuses, whatever its
/// method; a refused HEAD gets the headers of the refusal without its body.
struct GuardMiddleware<Context: RequestContext>: RouterMiddleware {
  let requestGuard: RequestGuard

  func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
    if let refusal = requestGuard.refusal(target: request.uri.description, authority: request.head.authority, origin: request.headers[.origin]) {
      let refused = Response(status: .forbidden, body: ResponseBody(byteBuffer: ByteBuffer(string: refusal + "\n")))
      return request.method == .head ? refused.createHeadResponse() : refused
    }
    return try await next(request, context)
  }
}

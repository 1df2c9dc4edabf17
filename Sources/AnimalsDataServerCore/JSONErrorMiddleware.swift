import Hummingbird
import Logging

/// Turns every error thrown below it into a JSON answer `{"error": "…"}` with a 4xx or 5xx status,
/// so no failure reaches the client as an empty body or closes the connection.
struct JSONErrorMiddleware<Context: RequestContext>: RouterMiddleware {
  /// The body limit, named in the 413 message.
  let maxRequestBodySize: Int

  func handle(
    _ request: Request,
    context: Context,
    next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    do {
      return try await next(request, context)
    } catch {
      let refusal = APIError(error, request: request, maxRequestBodySize: self.maxRequestBodySize)
      if refusal.status.kind == .serverError {
        context.logger.error("\(request.method.rawValue) \(request.uri.path) failed: \(String(reflecting: error))")
      }
      return refusal.response()
    }
  }
}

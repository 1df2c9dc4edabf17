import Hummingbird
import Logging

/// Logs one line per request once it is answered: method, path and status, e.g. `POST /animals/api → 200`.
struct RequestLogMiddleware<Context: RequestContext>: RouterMiddleware {
  func handle(
    _ request: Request,
    context: Context,
    next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    let line = "\(request.method.rawValue) \(request.uri.path)"
    do {
      let response = try await next(request, context)
      context.logger.info("\(line) → \(response.status.code)")
      return response
    } catch {
      context.logger.info("\(line) → failure: \(error)")
      throw error
    }
  }
}

import Foundation
import NIOCore
import NIOHTTP1

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The end of one exchange's pipeline, on its event loop: sends the request once connected, keeps
/// the response's body as each read arrives — refused at the cap, so nothing is read ahead of what
/// is kept — and gives the exchange's answer: the response at its end, or the failure that ended
/// the connection first. Nothing of the exchange waits for the cooperative pool but the caller's
/// own resumption.
final class HTTPResponseCollector: ChannelInboundHandler {
  typealias InboundIn = HTTPClientResponsePart
  typealias OutboundOut = HTTPClientRequestPart

  private let exchange: HTTPWireExchange
  private let answer: HTTPExchangeAnswer
  private var head: HTTPResponseHead?
  private var body = Data()

  /// A collector for `exchange`, which gives `answer`.
  init(exchange: HTTPWireExchange, answer: HTTPExchangeAnswer) {
    self.exchange = exchange
    self.answer = answer
  }

  func channelActive(context: ChannelHandlerContext) {
    context.write(wrapOutboundOut(.head(exchange.head)), promise: nil)
    if let body = exchange.body, !body.isEmpty {
      context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: body)))), promise: nil)
    }
    context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
    context.fireChannelActive()
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    let cap = exchange.limits.maxBodyBytes
    switch unwrapInboundIn(data) {
    case .head(let head):
      if let declared = head.headers.first(name: "Content-Length").flatMap(Int.init), declared > cap {
        end(context, with: .failure(TransportError(code: .bodyTooLarge(limit: cap))))
        return
      }
      exchange.progress.sawResponseHead()
      self.head = head
    case .body(let buffer):
      guard body.count + buffer.readableBytes <= cap else {
        end(context, with: .failure(TransportError(code: .bodyTooLarge(limit: cap))))
        return
      }
      body.append(contentsOf: buffer.readableBytesView)
    case .end:
      guard let head else { return }
      end(context, with: Result { () throws(TransportError) in (body, try exchange.response(for: head)) })
    }
  }

  func errorCaught(context: ChannelHandlerContext, error: any Error) {
    // A failure after the idle timeout closed the connection (a write on it) is the silence.
    let failure = exchange.progress.fellSilent ? TransportError(code: .timedOut) : TransportError(wireError: error)
    end(context, with: .failure(failure))
  }

  func channelInactive(context: ChannelHandlerContext) {
    // The server closed the connection before the response's end.
    let code: TransportError.Code = head == nil ? .network(code: URLError.Code.badServerResponse.rawValue) : .connectionLost
    answer.give(.failure(exchange.progress.fellSilent ? TransportError(code: .timedOut) : TransportError(code: code)))
    context.fireChannelInactive()
  }

  /// Gives `result` as the answer (unless one was given) and closes the connection.
  private func end(_ context: ChannelHandlerContext, with result: Result<(Data, URLResponse), TransportError>) {
    answer.give(result)
    body = Data()
    context.close(promise: nil)
  }
}

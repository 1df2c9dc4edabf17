import NIOCore

/// Ends a connection the server has left silent for the idle timeout: `IdleStateHandler`'s read
/// event becomes the error `Silence` for whoever reads the channel, the exchange's progress notes
/// it, and the channel is closed.
final class SilenceAlarm: ChannelInboundHandler {
  typealias InboundIn = NIOAny

  private let progress: HTTPExchangeProgress

  /// An alarm that notes the silence in `progress`.
  init(progress: HTTPExchangeProgress) {
    self.progress = progress
  }

  /// The server sent nothing for the idle timeout.
  struct Silence: Error {}

  func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
    guard let idle = event as? IdleStateHandler.IdleStateEvent, idle == .read else {
      context.fireUserInboundEventTriggered(event)
      return
    }
    progress.noteSilence()
    context.fireErrorCaught(Silence())
    context.close(promise: nil)
  }
}

import NIOCore

/// Ends a connection the server has left silent for the idle timeout: `IdleStateHandler`'s read
/// event becomes the error `Silence` for whoever reads the channel, and the channel is closed.
final class SilenceAlarm: ChannelInboundHandler {
  typealias InboundIn = NIOAny

  /// The server sent nothing for the idle timeout.
  struct Silence: Error {}

  func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
    guard let idle = event as? IdleStateHandler.IdleStateEvent, idle == .read else {
      context.fireUserInboundEventTriggered(event)
      return
    }
    context.fireErrorCaught(Silence())
    context.close(promise: nil)
  }
}

import HummingbirdWebSocket
import NIOWebSocket

/// RFC 6455 (5.1): a client masks every frame it sends, and a server closes the connection when
/// one is not masked. The WebSocket library does not check it; this extension, applied to every
/// connection without negotiation, does, for the data frames a page sends.
struct ClientFramesMasked: WebSocketExtension {
  let name = "replshell-client-frames-masked"

  func processReceivedFrame(_ frame: WebSocketFrame, context: WebSocketExtensionContext) async throws -> WebSocketFrame {
    // The library closes with 1002 (protocol error) for NIO's frame errors and with 1011 for any
    // other: NIO's error is how an extension asks for 1002.
    guard frame.maskKey != nil else { throw NIOWebSocketError.fragmentedControlFrame }
    return frame
  }

  func processFrameToSend(_ frame: WebSocketFrame, context: WebSocketExtensionContext) async throws -> WebSocketFrame {
    frame
  }

  func shutdown() async {}
}

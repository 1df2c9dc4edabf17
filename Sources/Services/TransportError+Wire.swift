import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension TransportError {
  /// The failure an error of the HTTP connection stands for; its host and port are dropped.
  init(wireError error: any Error) {
    switch error {
    case let error as NIOConnectionError:
      self.init(connectionError: error)
    case is SilenceAlarm.Silence:
      self.init(code: .timedOut)
    case let error as ChannelError:
      if case .connectTimeout = error {
        self.init(code: .timedOut)
      } else {
        self.init(code: .connectionLost)
      }
    case let error as IOError where [ECONNRESET, EPIPE, ECONNABORTED].contains(error.errnoCode):
      self.init(code: .connectionLost)
    case let error as IOError where error.errnoCode == ECONNREFUSED:
      self.init(code: .connectionRefused)
    case is HTTPParserError:
      self.init(code: .network(code: URLError.Code.badServerResponse.rawValue))
    case is NIOSSLError, is NIOSSLExtraError, is BoringSSLError:
      self.init(code: .network(code: URLError.Code.secureConnectionFailed.rawValue))
    default:
      self.init(code: .network(code: nil))
    }
  }

  /// The failure of a connection attempt: no address for the host, every address refusing, or
  /// none answering in time.
  private init(connectionError error: NIOConnectionError) {
    let causes = error.connectionErrors.map(\.error)
    if causes.isEmpty {
      self.init(code: error.dnsAError != nil || error.dnsAAAAError != nil ? .cannotFindHost : .connectionRefused)
    } else if causes.allSatisfy({ ($0 as? IOError)?.errnoCode == ECONNREFUSED }) {
      self.init(code: .connectionRefused)
    } else if causes.contains(where: Self.isConnectTimeout) {
      self.init(code: .timedOut)
    } else {
      self.init(code: .network(code: URLError.Code.cannotConnectToHost.rawValue))
    }
  }

  /// Whether `error` is a connection attempt that timed out.
  private static func isConnectTimeout(_ error: any Error) -> Bool {
    guard case .connectTimeout? = error as? ChannelError else { return false }
    return true
  }
}

import Services

/// The real network session of `RemoteStore`: the shared `JSONNetworkSession`, whose failures
/// are short descriptions that name no URL or port (`connection refused`, `HTTP status 404: …`).
public typealias URLSessionNetworkSession = JSONNetworkSession

extension JSONNetworkSession: RemoteStoreNetworkSession {}

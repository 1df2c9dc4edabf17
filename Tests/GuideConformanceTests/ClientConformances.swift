import AnimalsData
import QuakesData
import Services

// What the guide's client executables and apps write to hand a `NetworkSession` to a remote
// store. That it compiles here shows the domains do not conform `NetworkSession` themselves
// (a second conformance would be an error in every such client).
extension NetworkSession: AnimalsData.RemoteStoreNetworkSession {}
extension NetworkSession: QuakesData.RemoteStoreNetworkSession {}

import Hummingbird
import NIOCore

/// Hummingbird's basic context plus the client's address, which the failed-login limits count
/// by (`Accounts`, decision 0046).
struct AlbumRequestContext: RequestContext, RemoteAddressRequestContext {
    var coreContext: CoreRequestContextStorage
    let remoteAddress: SocketAddress?

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }

    /// The client's IP address as text ("unknown" when the channel has none).
    var clientAddress: String { remoteAddress?.ipAddress ?? "unknown" }
}

import Foundation
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTPTypes

/// The limits every connection is held to before a request reaches `AlbumAPI`.
public struct ConnectionLimits: Sendable {
    /// The request line (`GET /path?query HTTP/1.1`): longer is 414 URI Too Long.
    public var maxRequestLine = 8 * 1024
    /// The header fields after the request line: more is 431 Request Header Fields Too Large.
    public var maxHeaderBytes = 16 * 1024
    /// From a request's first byte to its last (head and body): a slower client is cut off,
    /// except that a body arriving steadily earns more time (`minBodyRate`).
    public var requestTime: TimeAmount = .seconds(10)
    /// Bytes a second: each this many body bytes received add a second to `requestTime`, so an
    /// upload at least this fast is never cut off, whatever its size under the cap, while a body
    /// that stalls is (decision 0093).
    public var minBodyRate = 16 * 1024
    /// A kept-alive connection with no request for this long is closed.
    public var idleTime: TimeAmount = .seconds(30)

    public init() {}
}

/// The HTTP/1.1 connection of `album serve`: Hummingbird's HTTP1 channel with `RequestHeadLimits`
/// in front of NIO's parser, so an oversized or slow request head costs one pass over its bytes
/// and is answered (414, 431) or cut off without reaching the parser or the handler.
struct LimitedHTTP1Channel: ServerChildChannel {
    typealias Value = HTTP1Channel.Value
    let responder: HTTPChannelHandler.Responder
    let limits: ConnectionLimits

    private func base(_ extra: @escaping @Sendable () -> [any RemovableChannelHandler]) -> HTTP1Channel {
        // NIO's own limits stay as a backstop (a pipelined request the head check did not see).
        let decoder = HTTP1Channel.Configuration.DecoderConfiguration(
            maxHeaderFieldSize: limits.maxHeaderBytes + limits.maxRequestLine, maxHeaderListSize: limits.maxHeaderBytes + limits.maxRequestLine,
            maxHeaderFieldCount: 200)
        return HTTP1Channel(
            responder: responder,
            configuration: .init(additionalChannelHandlers: extra(), idleTimeout: limits.idleTime, httpDecoderConfiguration: decoder))
    }

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        let limits = self.limits
        let head = RequestHeadLimits(limits: limits)
        let bound = NIOLoopBound(head, eventLoop: channel.eventLoop)
        return channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHandler(head, position: .first)
        }.flatMap {
            base({ [RequestEndWatch(head: bound.value)] }).setup(channel: channel, logger: logger)
        }
    }

    func handle(value: Value, logger: Logger) async {
        await base({ [] }).handle(value: value, logger: logger)
    }
}

/// Reads a request's head as bytes arrive, before the HTTP parser: the request line and the
/// header block are counted (one pass, no copy) and a request head past either limit is answered
/// 414 or 431 at once and the connection closed; a request not whole within `requestTime` of its
/// first byte (slow loris) is cut off. Between the head's end and the request's end
/// (`RequestEndWatch`) bytes pass uncounted.
final class RequestHeadLimits: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    enum State {
        /// Reading a head: bytes so far, whether the request line ended, the last bytes seen.
        case head(bytes: Int, lineEnded: Bool, lineBytes: Int, tail: UInt32)
        /// The head passed; the body (if any) is read by the parser: bytes of it so far.
        case body(bytes: Int)
        /// Refused: everything further is dropped.
        case refused
    }

    let limits: ConnectionLimits
    private var state = State.head(bytes: 0, lineEnded: false, lineBytes: 0, tail: 0)
    private var deadline: Scheduled<Void>?
    /// When the request's first byte came.
    private var started = NIODeadline.now()
    /// When the scheduled deadline falls.
    private var due = NIODeadline.now()

    init(limits: ConnectionLimits) { self.limits = limits }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let buffer = unwrapInboundIn(data)
        guard case .head(var bytes, var lineEnded, var lineBytes, var tail) = state else {
            if case .body(let received) = state {
                state = .body(bytes: received + buffer.readableBytes)
                extendDeadline(context, bodyBytes: received + buffer.readableBytes)
                context.fireChannelRead(data)
            }
            return
        }
        if bytes == 0, buffer.readableBytes > 0, deadline == nil { startDeadline(context) }
        var headEnd = false
        var refusal: (Int, String, String)?
        buffer.withUnsafeReadableBytes { raw in
            for byte in raw {
                bytes += 1
                tail = (tail << 8) | UInt32(byte)
                if !lineEnded {
                    if byte == 0x0A {
                        lineEnded = true
                    } else {
                        lineBytes += 1
                        if lineBytes > limits.maxRequestLine {
                            refusal = (414, "URI Too Long", "the request line is longer than \(limits.maxRequestLine) bytes")
                            return
                        }
                    }
                    continue
                }
                if tail == 0x0D0A_0D0A || tail & 0xFFFF == 0x0A0A {
                    headEnd = true
                    return
                }
                if bytes - lineBytes > limits.maxHeaderBytes {
                    refusal = (431, "Request Header Fields Too Large", "the request headers are larger than \(limits.maxHeaderBytes) bytes")
                    return
                }
            }
        }
        if let (status, phrase, message) = refusal {
            refuse(context, status: status, phrase: phrase, message: message)
            return
        }
        state = headEnd ? .body(bytes: 0) : .head(bytes: bytes, lineEnded: lineEnded, lineBytes: lineBytes, tail: tail)
        context.fireChannelRead(data)
    }

    /// The parser saw the request's end: the next bytes start a new head.
    func requestEnded() {
        deadline?.cancel()
        deadline = nil
        if case .refused = state { return }
        state = .head(bytes: 0, lineEnded: false, lineBytes: 0, tail: 0)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        deadline?.cancel()
        deadline = nil
    }

    private func startDeadline(_ context: ChannelHandlerContext) {
        started = .now()
        schedule(context, at: started + limits.requestTime)
    }

    /// The body goes on arriving: its deadline moves a second for each `minBodyRate` bytes
    /// received (at most once a quarter second's worth, so a fast upload does not reschedule
    /// for every read).
    private func extendDeadline(_ context: ChannelHandlerContext, bodyBytes: Int) {
        guard deadline != nil, limits.minBodyRate > 0 else { return }
        let earned = Int64(bodyBytes) * 1_000_000_000 / Int64(limits.minBodyRate)
        let later = started + limits.requestTime + .nanoseconds(earned)
        guard later - due >= .milliseconds(250) else { return }
        deadline?.cancel()
        schedule(context, at: later)
    }

    private func schedule(_ context: ChannelHandlerContext, at due: NIODeadline) {
        let loopContext = NIOLoopBound(context, eventLoop: context.eventLoop)
        let handler = NIOLoopBound(self, eventLoop: context.eventLoop)
        self.due = due
        deadline = context.eventLoop.scheduleTask(deadline: due) {
            handler.value.deadline = nil
            handler.value.state = .refused
            loopContext.value.close(promise: nil)
        }
    }

    /// Answers `status` with a JSON error and closes: output first, then input after a second
    /// of discarding what the client still sends (closing with unread bytes would reset the
    /// connection and could lose the answer).
    private func refuse(_ context: ChannelHandlerContext, status: Int, phrase: String, message: String) {
        state = .refused
        deadline?.cancel()
        deadline = nil
        let body = APIError(status: status, code: status == 414 ? "uri_too_long" : "headers_too_large", message: message).body
        var head = "HTTP/1.1 \(status) \(phrase)\r\nContent-Type: application/json; charset=utf-8\r\n"
        head += "Content-Length: \(body.count)\r\nConnection: close\r\nX-Content-Type-Options: nosniff\r\nCache-Control: no-store\r\n\r\n"
        var buffer = context.channel.allocator.buffer(capacity: head.utf8.count + body.count)
        buffer.writeString(head)
        buffer.writeBytes(body)
        let loopContext = NIOLoopBound(context, eventLoop: context.eventLoop)
        context.writeAndFlush(NIOAny(buffer)).whenComplete { _ in
            let context = loopContext.value
            context.close(mode: .output, promise: nil)
            context.eventLoop.scheduleTask(in: .seconds(1)) { loopContext.value.close(promise: nil) }
        }
    }
}

/// After the parser: tells `RequestHeadLimits` where each request ends.
final class RequestEndWatch: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    let head: RequestHeadLimits

    init(head: RequestHeadLimits) { self.head = head }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .end = unwrapInboundIn(data) { head.requestEnded() }
        context.fireChannelRead(data)
    }
}

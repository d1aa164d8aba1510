import NIOCore
import NIOHTTP1

/// HTTP/1.0 closes the connection after each reply unless the request asks to keep it
/// (`Connection: keep-alive`). Hummingbird sees requests after their conversion to
/// HTTPTypes, which carry no version, so such a connection stayed open until the idle
/// timeout (30 s). This marks the request `Connection: close`, which Hummingbird honours;
/// it sits right after NIO's HTTP/1 decoder, where the version is still known.
final class HTTP10Close: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .head(var head) = unwrapInboundIn(data), !head.isKeepAlive,
              !head.headers[canonicalForm: "connection"].contains("close") else {
            context.fireChannelRead(data)
            return
        }
        head.headers.replaceOrAdd(name: "connection", value: "close")
        context.fireChannelRead(wrapInboundOut(.head(head)))
    }

    /// Hummingbird adds its extra handlers after the conversion to HTTPTypes; this one,
    /// added there, puts `HTTP10Close` after the decoder instead and steps aside.
    final class Installer: ChannelInboundHandler, RemovableChannelHandler {
        typealias InboundIn = NIOAny

        func handlerAdded(context: ChannelHandlerContext) {
            let pipeline = context.pipeline.syncOperations
            if let decoder = try? pipeline.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self) {
                try? pipeline.addHandler(HTTP10Close(), position: .after(decoder))
            }
            context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
        }
    }
}

/// The sink of a route whose work goes elsewhere once the body is in (a photo worker, the bulk
/// queue): it gathers the whole body (at most the route's limit, which the loop holds it to),
/// then hands it to `whole` with `respond`, to answer now or later from any thread.
public final class GatheredBody: RequestBodySink {
    private let whole: ([UInt8], @escaping @Sendable (SendableResponse) -> Void) throws -> Void
    private var body: [UInt8] = []

    public init(_ whole: @escaping ([UInt8], @escaping @Sendable (SendableResponse) -> Void) throws -> Void) {
        self.whole = whole
    }

    public func write(_ chunk: UnsafeRawBufferPointer) throws -> Bool {
        body.append(contentsOf: chunk)
        return true
    }

    public func finish(_ respond: @escaping @Sendable (SendableResponse) -> Void) throws {
        let bytes = body
        body = []
        try whole(bytes, respond)
    }

    public func cancel() { body = [] }
}

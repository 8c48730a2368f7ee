import Hummingbird
import NIOCore

extension Request {
    /// Collects the body (at most `maxSize` bytes, else `NIOTooManyBytesError`) within `seconds`
    /// of being asked: a body trickled in slower than that is cut with a 408 that closes the
    /// connection. The idle timeout alone cannot do this, as each trickled byte resets it.
    mutating func collectBody(upTo maxSize: Int, within seconds: Double) async throws -> ByteBuffer {
        let body = self.body
        let buffer: ByteBuffer
        do {
            buffer = try await withTimeLimit(seconds) { try await body.collect(upTo: maxSize) }
        } catch is TimeLimitExceeded {
            throw APIError.bodyTimeout(seconds)
        }
        self.body = .init(buffer: buffer)
        return buffer
    }
}

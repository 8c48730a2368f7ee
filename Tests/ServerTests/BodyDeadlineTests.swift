import Evaluation
import Foundation
import Hummingbird
import HTTPTypes
import Logging
import Server
import Testing

/// A body trickled in slower than the deadline is cut with 408, on the real server (NIO),
/// with a client that sends part of a declared body and then nothing.
@Suite("408 body deadline", .serialized)
struct BodyDeadlineTests {
    @Test(arguments: ["/process-serial", "/scan", "/permit"])
    func aBodyThatStopsArrivingIsCutWith408(path: String) async throws {
        let sandbox = try ServerSandbox()
        var config = try sandbox.config()
        config.bodyTimeout = 0.3
        try await LiveServer.run(config) { port in
            let head = "POST \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; boundary=b\r\nContent-Length: 65536\r\n\r\n"
            let reply = try await LiveServer.blocking { try RawHTTP.exchange(port: port, send: head + "--b\r\nContent-Disposition: form-data; name=\"image\"\r\n\r\n") }
            #expect(reply.text.hasPrefix("HTTP/1.1 408"), "\(reply.text)")
            #expect(reply.text.lowercased().contains("connection: close"), "\(reply.text)")
            let body = try JSONValue.parse(String(reply.text.split(separator: "\r\n\r\n", maxSplits: 1).last ?? ""))
            #expect(Array(body.keys.prefix(3)) == ["detail", "error_code", "status_code"], "\(reply.text)")
            #expect(body["error_code"]?.string == "REQUEST_BODY_TIMEOUT" && body["status_code"]?.number == 408, "\(reply.text)")
            #expect(reply.closedByServer, "the server closes the connection instead of reading the rest")
        }
    }

    @Test func aWholeBodyWithinTheDeadlineIsRead() async throws {
        let sandbox = try ServerSandbox()
        var config = try sandbox.config()
        config.bodyTimeout = 5
        try await LiveServer.run(config) { port in
            let (body, type) = TinyImages.multipart(TinyImages.png)
            let head = "POST /process-serial HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: \(type)\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n"
            let reply = try await LiveServer.blocking { try RawHTTP.exchange(port: port, send: head, then: body) }
            #expect(reply.text.hasPrefix("HTTP/1.1 200"), "\(reply.text)")
        }
    }
}

/// The real server (NIO on loopback, a free port) over a test configuration.
enum LiveServer {
    static func run(_ config: ServerConfiguration, _ body: (Int) async throws -> Void) async throws {
        var config = config
        config.host = "127.0.0.1"
        config.port = 0
        let server = ScanServer(config: config)
        defer { server.shutdown() }
        let port = BoundPort()
        var logger = Logger(label: "live")
        logger.logLevel = .warning
        let app = server.application(logger: logger) { port.set($0) }
        let running = Task { try await app.run() }
        defer { running.cancel() }
        for _ in 0..<500 where port.value == 0 { try await Task.sleep(nanoseconds: 10_000_000) }
        try #require(port.value > 0, "the server did not start")
        try await body(port.value)
    }

    /// Runs blocking `work` on a thread of its own, off the cooperative pool the server needs.
    static func blocking<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { c in Thread { c.resume(with: Result { try work() }) }.start() }
    }
}

final class BoundPort: @unchecked Sendable {
    private let lock = NSLock()
    private var port = 0
    func set(_ p: Int) { lock.lock(); port = p; lock.unlock() }
    var value: Int { lock.lock(); defer { lock.unlock() }; return port }
}

/// A bare HTTP/1.1 exchange over a socket: sends exactly what it is given (so a body can stop
/// short of its Content-Length), then reads until the server closes or 10 s pass.
enum RawHTTP {
    struct Reply: Sendable { var text: String; var closedByServer: Bool }
    struct Failed: Error, CustomStringConvertible { var description: String }

    static func exchange(port: Int, send head: String, then body: Data = Data()) throws -> Reply {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failed(description: "socket: errno \(errno)") }
        defer { close(fd) }
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_port = in_port_t(UInt16(port).bigEndian)
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw Failed(description: "connect: errno \(errno)") }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let bytes = Array(head.utf8) + Array(body)
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard n > 0 else { throw Failed(description: "send: errno \(errno)") }
            sent += n
        }
        var received = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        var closed = false
        while true {
            let n = recv(fd, &buffer, buffer.count, 0)
            if n > 0 { received += buffer[0..<n]; continue }
            closed = n == 0 || errno == ECONNRESET
            break
        }
        return Reply(text: String(decoding: received, as: UTF8.self), closedByServer: closed)
    }
}

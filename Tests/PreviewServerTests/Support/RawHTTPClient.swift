import Foundation
import Glibc

/// A response as it came off the wire.
struct RawResponse {
  var status: Int
  var headers: [(name: String, value: String)]
  var body: [UInt8]

  /// The first header named `name`, ignoring case.
  func header(_ name: String) -> String? {
    headers.first { $0.name.lowercased() == name.lowercased() }?.value
  }

  /// The body as UTF-8 text.
  var text: String { String(decoding: body, as: UTF8.self) }
}

/// Errors from the raw client.
struct RawHTTPError: Error, CustomStringConvertible {
  var description: String
}

/// HTTP/1.1 over a plain POSIX socket, so that request targets reach the server byte for byte,
/// never normalised by a client library.
enum RawHTTPClient {
  /// Sends `GET target` (or another method) and reads the whole response.
  static func request(
    _ target: String, method: String = "GET", port: Int, headers: [String] = []
  ) throws -> RawResponse {
    var lines = ["\(method) \(target) HTTP/1.1", "Host: 127.0.0.1:\(port)", "Connection: close"]
    lines += headers
    return try send(
      Array((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8), port: port, isHead: method == "HEAD")
  }

  /// Sends raw bytes and reads until the server closes the connection.
  static func send(_ bytes: [UInt8], port: Int, isHead: Bool = false) throws -> RawResponse {
    let socket = try TestSocket(port: port)
    try socket.write(bytes)
    var received: [UInt8] = []
    while let chunk = try socket.read() { received += chunk }
    return try parse(received, isHead: isHead)
  }

  /// Parses a complete response, decoding a chunked body.
  static func parse(_ bytes: [UInt8], isHead: Bool) throws -> RawResponse {
    guard let end = bytes.firstRange(of: Array("\r\n\r\n".utf8)) else {
      throw RawHTTPError(description: "no header end in \(String(decoding: bytes, as: UTF8.self))")
    }
    var response = try parseHead(Array(bytes[..<end.lowerBound]))
    let body = Array(bytes[end.upperBound...])
    if isHead || response.status == 304 || response.status == 204 {
      response.body = body
    } else if response.header("Transfer-Encoding")?.lowercased() == "chunked" {
      var decoder = ChunkedDecoder()
      decoder.feed(body)
      response.body = decoder.decoded
    } else {
      response.body = body
    }
    return response
  }

  /// Parses the status line and header fields.
  static func parseHead(_ bytes: [UInt8]) throws -> RawResponse {
    let lines = String(decoding: bytes, as: UTF8.self).components(separatedBy: "\r\n")
    let statusParts = lines[0].split(separator: " ")
    guard statusParts.count >= 2, let status = Int(statusParts[1]) else {
      throw RawHTTPError(description: "bad status line \(lines[0])")
    }
    var headers: [(name: String, value: String)] = []
    for line in lines.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      headers.append(
        (
          name: String(line[..<colon]),
          value: line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        ))
    }
    return RawResponse(status: status, headers: headers, body: [])
  }
}

/// Decodes `Transfer-Encoding: chunked` incrementally.
struct ChunkedDecoder {
  private var buffer: [UInt8] = []
  /// Everything decoded so far.
  var decoded: [UInt8] = []
  /// Whether the last chunk arrived.
  var isFinished = false

  mutating func feed(_ bytes: [UInt8]) {
    buffer += bytes
    while !isFinished, let lineEnd = buffer.firstRange(of: Array("\r\n".utf8)) {
      let sizeText = String(decoding: buffer[..<lineEnd.lowerBound], as: UTF8.self)
      guard let size = Int(sizeText.split(separator: ";").first ?? "", radix: 16) else {
        isFinished = true
        return
      }
      let start = lineEnd.upperBound
      if size == 0 {
        isFinished = true
        return
      }
      guard buffer.count >= start + size + 2 else { return }
      decoded += buffer[start..<(start + size)]
      buffer.removeFirst(start + size + 2)
    }
  }
}

/// A connected TCP socket with a receive timeout, so a broken server fails a test instead of
/// hanging it.
final class TestSocket {
  let descriptor: Int32

  init(port: Int, host: String = "127.0.0.1", timeout: Int = 5) throws {
    // The descriptor is only stored once connected: if init threw after storing it, deinit
    // would close it a second time, and by then the number may belong to the server.
    let isIPv6 = host.contains(":")
    let descriptor = socket(isIPv6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { throw RawHTTPError(description: "socket failed") }
    var time = timeval(tv_sec: timeout, tv_usec: 0)
    setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
    let result: Int32
    if isIPv6 {
      var address = sockaddr_in6()
      address.sin6_family = sa_family_t(AF_INET6)
      address.sin6_port = UInt16(port).bigEndian
      inet_pton(AF_INET6, host, &address.sin6_addr)
      result = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
        }
      }
    } else {
      var address = sockaddr_in()
      address.sin_family = sa_family_t(AF_INET)
      address.sin_port = UInt16(port).bigEndian
      inet_pton(AF_INET, host, &address.sin_addr)
      result = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
      }
    }
    guard result == 0 else {
      let code = errno
      close(descriptor)
      throw RawHTTPError(description: "connect to \(host):\(port) failed: errno \(code)")
    }
    self.descriptor = descriptor
  }

  deinit {
    close(descriptor)
  }

  func write(_ bytes: [UInt8]) throws {
    var offset = 0
    while offset < bytes.count {
      let count = bytes[offset...].withUnsafeBytes {
        Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
      }
      guard count > 0 else { throw RawHTTPError(description: "send failed: errno \(errno)") }
      offset += count
    }
  }

  /// The next bytes, or nil at end of stream. Throws on timeout.
  func read() throws -> [UInt8]? {
    var buffer = [UInt8](repeating: 0, count: 65_536)
    let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
    if count == 0 { return nil }
    guard count > 0 else { throw RawHTTPError(description: "recv failed: errno \(errno)") }
    return Array(buffer[..<count])
  }
}

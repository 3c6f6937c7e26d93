import Foundation
import Glibc

/// A live-reload client over a raw socket: sends the request, checks the headers, then hands
/// out each Server-Sent Events message as it arrives.
final class EventStreamReader {
  private let socket: TestSocket
  private var decoder = ChunkedDecoder()
  private var consumed = 0
  /// The response head.
  let response: RawResponse

  /// Connects to `/_folio/events` on `port`.
  init(port: Int, host: String = "127.0.0.1") throws {
    socket = try TestSocket(port: port, host: host)
    try socket.write(
      Array("GET /_folio/events HTTP/1.1\r\nHost: localhost\r\nAccept: text/event-stream\r\n\r\n".utf8))
    var received: [UInt8] = []
    while true {
      guard let chunk = try socket.read() else { throw RawHTTPError(description: "closed before headers") }
      received += chunk
      if let end = received.firstRange(of: Array("\r\n\r\n".utf8)) {
        response = try RawHTTPClient.parseHead(Array(received[..<end.lowerBound]))
        decoder.feed(Array(received[end.upperBound...]))
        break
      }
    }
  }

  /// The next message's text (its lines joined, comments included), or nil when the stream ended.
  func nextMessage() throws -> String? {
    while true {
      let text = String(decoding: decoder.decoded[consumed...], as: UTF8.self)
      if let range = text.range(of: "\n\n") {
        let message = String(text[..<range.lowerBound])
        consumed += text[..<range.upperBound].utf8.count
        return message
      }
      if decoder.isFinished { return nil }
      guard let chunk = try socket.read() else { return nil }
      decoder.feed(chunk)
    }
  }

  /// The next message that is not a comment, decoded from its `data:` line.
  func nextEvent() throws -> [String: Any]? {
    while let message = try nextMessage() {
      guard let data = message.split(separator: "\n").first(where: { $0.hasPrefix("data: ") }) else {
        continue
      }
      let json = try JSONSerialization.jsonObject(with: Data(data.dropFirst(6).utf8))
      return json as? [String: Any]
    }
    return nil
  }
}

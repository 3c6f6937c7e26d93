/// What the server does with a request: answer it at once, or open a live-reload stream.
enum Reply: Sendable {
  /// Send this response.
  case response(HTTPResponse)
  /// Keep the connection open as a Server-Sent Events stream.
  case eventStream
}

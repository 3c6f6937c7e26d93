/// A complete response, before it is handed to libmicrohttpd.
struct HTTPResponse: Sendable {
  /// The status code.
  var status: Int
  /// Header fields in the order they are sent. libmicrohttpd adds `Date`, `Content-Length` and
  /// `Connection` itself.
  var headers: [(name: String, value: String)]
  /// The body. For `HEAD`, libmicrohttpd sends its length but not the bytes.
  var body: [UInt8]

  /// A short plain-text response, used for errors.
  static func plain(_ status: Int, _ text: String, headers: [(name: String, value: String)] = [])
    -> HTTPResponse
  {
    HTTPResponse(
      status: status,
      headers: [(name: "Content-Type", value: "text/plain; charset=utf-8")] + headers,
      body: Array((text + "\n").utf8))
  }
}

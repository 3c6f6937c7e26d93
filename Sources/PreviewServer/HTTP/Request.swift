/// The parts of a request that the responder looks at.
struct Request: Sendable {
  /// The method, as sent (`GET`, `HEAD`, …).
  var method: String
  /// The request target exactly as it appeared in the request line.
  var rawTarget: [UInt8]
  /// The `Host` header, when present.
  var host: String?
  /// The `If-None-Match` header, when present.
  var ifNoneMatch: String?
}

/// The parts of a request that the responder looks at.
struct Request: Sendable {
  /// The method, as sent (`GET`, `HEAD`, …).
  var method: String
  /// The request target exactly as it appeared in the request line.
  var rawTarget: [UInt8]
  /// The `If-None-Match` header, when present.
  var ifNoneMatch: String?
}

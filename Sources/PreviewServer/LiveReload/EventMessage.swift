import Foundation

/// The Server-Sent Events framing of live-reload messages: JSON in one `data:` line.
enum EventMessage {
  /// The first bytes of every stream: the reconnect delay and the server's build id.
  static func greeting(buildID: String, retry: Duration) -> [UInt8] {
    Array("retry: \(retry.milliseconds)\n".utf8) + frame(Wire(type: "hello", build: buildID))
  }

  /// The frame for `event`.
  static func frame(for event: ReloadEvent) -> [UInt8] {
    switch event {
    case .reload(let paths): frame(Wire(type: "reload", paths: paths))
    case .css(let paths): frame(Wire(type: "css", paths: paths))
    case .error(let overlay): frame(Wire(type: "error", error: overlay))
    case .clear: frame(Wire(type: "clear"))
    }
  }

  /// A comment line that keeps idle connections (and proxies) from timing out; EventSource
  /// ignores it.
  static let heartbeat = Array(": heartbeat\n\n".utf8)

  private struct Wire: Encodable {
    var type: String
    var build: String?
    var paths: [String]?
    var error: ErrorOverlay?
  }

  private static func frame(_ wire: Wire) -> [UInt8] {
    let encoder = JSONEncoder()
    // Sorted keys make frames byte-for-byte stable for tests; JSONEncoder never emits a raw
    // line break, which would end the `data:` line early.
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let json = (try? encoder.encode(wire)) ?? Data(#"{"type":"clear"}"#.utf8)
    return Array("data: ".utf8) + Array(json) + Array("\n\n".utf8)
  }
}

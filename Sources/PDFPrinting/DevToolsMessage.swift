import Foundation

/// One message Chromium wrote on the DevTools pipe.
enum DevToolsMessage {
  /// The answer to the call with `id`.
  case result(id: Int, [String: Any])
  /// The error answering the call with `id`.
  case failure(id: Int, message: String)
  /// An event, with the session it belongs to (nil for the browser's own).
  case event(method: String, parameters: [String: Any], sessionID: String?)
  /// Anything else, which is ignored.
  case other

  /// Reads one message's JSON text.
  init(_ bytes: [UInt8]) {
    guard let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] else {
      self = .other
      return
    }
    if let id = object["id"] as? Int {
      if let error = object["error"] as? [String: Any] {
        let message = error["message"] as? String ?? "unknown error"
        let data = error["data"] as? String
        self = .failure(id: id, message: data.map { "\(message) (\($0))" } ?? message)
      } else {
        self = .result(id: id, object["result"] as? [String: Any] ?? [:])
      }
    } else if let method = object["method"] as? String {
      self = .event(
        method: method, parameters: object["params"] as? [String: Any] ?? [:],
        sessionID: object["sessionId"] as? String)
    } else {
      self = .other
    }
  }
}

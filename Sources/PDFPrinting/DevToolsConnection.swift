import Foundation

/// DevTools calls over a ``ChromiumProcess``: each call gets the next id, and its answer is
/// found among the events that come before it.
final class DevToolsConnection {
  private let process: ChromiumProcess
  private var nextID = 0
  /// Handles each event read while waiting for an answer or a condition.
  var onEvent: (_ method: String, _ parameters: [String: Any], _ sessionID: String?) throws -> Void = {
    _, _, _ in
  }

  /// A connection over a started Chromium.
  init(_ process: ChromiumProcess) {
    self.process = process
  }

  /// Sends a call without waiting for its answer; returns its id.
  @discardableResult
  func send(_ method: String, _ parameters: [String: Any] = [:], session: String? = nil) throws -> Int {
    nextID += 1
    var message: [String: Any] = ["id": nextID, "method": method, "params": parameters]
    if let session { message["sessionId"] = session }
    let data = try JSONSerialization.data(withJSONObject: message)
    try process.send(Array(data))
    return nextID
  }

  /// Sends a call and returns its result, handling the events that come first.
  func call(_ method: String, _ parameters: [String: Any] = [:], session: String? = nil) throws
    -> [String: Any]
  {
    let id = try send(method, parameters, session: session)
    while true {
      switch DevToolsMessage(try process.receive()) {
      case .result(id, let result): return result
      case .failure(id, let message): throw PDFPrintingProblem.protocolError(method: method, message: message)
      case .event(let method, let parameters, let sessionID): try onEvent(method, parameters, sessionID)
      // Answers to calls sent without waiting (fulfilled and failed requests) need nothing.
      case .result, .failure, .other: continue
      }
    }
  }

  /// Handles events until `done` holds.
  func wait(until done: () -> Bool) throws {
    while !done() {
      if case .event(let method, let parameters, let sessionID) = DevToolsMessage(try process.receive()) {
        try onEvent(method, parameters, sessionID)
      }
    }
  }
}

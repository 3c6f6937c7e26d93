import Foundation

/// The DevTools steps that print one page: a new tab whose every request is answered from
/// ``MemoryFiles`` or refused, with the page's scripts off, loaded, its fonts ready, then printed.
final class PrintSession {
  private let connection: DevToolsConnection
  private let files: MemoryFiles
  /// The tab's session, once attached.
  private var session: String?
  private var loaded = false
  private var crashed = false
  /// URLs refused so far, each once, in the order first asked.
  private(set) var refusedURLs: [String] = []

  /// A session over a started Chromium, serving `files`.
  init(_ connection: DevToolsConnection, files: MemoryFiles) {
    self.connection = connection
    self.files = files
    connection.onEvent = { [unowned self] method, parameters, sessionID in
      try self.handle(method, parameters, sessionID)
    }
  }

  /// Loads the page at `sitePath` (such as `/book/print/`) and returns Chromium's PDF.
  func print(sitePath: String) throws -> [UInt8] {
    let target = try connection.call("Target.createTarget", ["url": "about:blank"])
    guard let targetID = target["targetId"] as? String else {
      throw PDFPrintingProblem.protocolError(method: "Target.createTarget", message: "no targetId")
    }
    let attached = try connection.call("Target.attachToTarget", ["targetId": targetID, "flatten": true])
    guard let session = attached["sessionId"] as? String else {
      throw PDFPrintingProblem.protocolError(method: "Target.attachToTarget", message: "no sessionId")
    }
    self.session = session
    // Every request is paused here, before any connection, DNS lookup or cache.
    _ = try connection.call("Fetch.enable", ["patterns": [["urlPattern": "*"]]], session: session)
    // A book's print page needs no script, and the site's scripts must not run while printing.
    _ = try connection.call("Emulation.setScriptExecutionDisabled", ["value": true], session: session)
    _ = try connection.call("Page.enable", session: session)

    let encoded = sitePath.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? sitePath
    let navigation = try connection.call(
      "Page.navigate", ["url": MemoryFiles.origin + encoded], session: session)
    if let error = navigation["errorText"] as? String, !error.isEmpty {
      throw PDFPrintingProblem.pageFailedToLoad(path: sitePath, reason: error)
    }
    try connection.wait { loaded || crashed }
    if crashed { throw PDFPrintingProblem.pageFailedToLoad(path: sitePath, reason: "its renderer crashed") }

    // Web fonts may still be loading after the load event; DevTools' own evaluation runs even
    // with the page's scripts off.
    let fonts = try connection.call(
      "Runtime.evaluate",
      ["expression": "document.fonts.ready.then(() => 1)", "awaitPromise": true, "returnByValue": true],
      session: session)
    if let exception = fonts["exceptionDetails"] as? [String: Any] {
      let text = exception["text"] as? String ?? "an exception"
      throw PDFPrintingProblem.protocolError(method: "Runtime.evaluate", message: text)
    }
    // Chromium 156 does evaluate it with scripts off; were that to change, fonts would not be
    // known to be ready, so the print stops rather than risk a PDF in fallback fonts.
    guard ((fonts["result"] as? [String: Any])?["value"] as? Int) == 1 else {
      throw PDFPrintingProblem.protocolError(
        method: "Runtime.evaluate", message: "document.fonts.ready gave no answer: \(fonts)")
    }

    let printed = try connection.call(
      "Page.printToPDF",
      [
        "printBackground": true, "preferCSSPageSize": true, "generateDocumentOutline": true,
        "generateTaggedPDF": true, "displayHeaderFooter": false, "transferMode": "ReturnAsBase64",
      ], session: session)
    guard let base64 = printed["data"] as? String, let data = Data(base64Encoded: base64) else {
      throw PDFPrintingProblem.protocolError(method: "Page.printToPDF", message: "no PDF data in the answer")
    }
    return Array(data)
  }

  /// Answers paused requests and notes the load and crashes; other events are not needed.
  private func handle(_ method: String, _ parameters: [String: Any], _ sessionID: String?) throws {
    guard sessionID == session else { return }
    switch method {
    case "Fetch.requestPaused":
      guard let requestID = parameters["requestId"] as? String else { return }
      let url = (parameters["request"] as? [String: Any])?["url"] as? String ?? ""
      if let response = files.response(for: url) {
        try connection.send(
          "Fetch.fulfillRequest",
          [
            "requestId": requestID, "responseCode": 200,
            "responseHeaders": [
              ["name": "Content-Type", "value": response.contentType],
              ["name": "Content-Length", "value": String(response.body.count)],
            ],
            "body": Data(response.body).base64EncodedString(),
          ], session: session)
      } else {
        // Chromium asks for the site's icon by itself; only what the page asks for is reported.
        if url != MemoryFiles.origin + "/favicon.ico", !refusedURLs.contains(url) { refusedURLs.append(url) }
        try connection.send(
          "Fetch.failRequest", ["requestId": requestID, "errorReason": "BlockedByClient"], session: session)
      }
    case "Page.loadEventFired":
      loaded = true
    case "Inspector.targetCrashed":
      crashed = true
    default:
      break
    }
  }
}

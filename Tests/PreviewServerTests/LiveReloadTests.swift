import Diagnostics
import Foundation
import PreviewServer
import Testing

@Suite struct LiveReloadTests {
  private let site = textStore([
    "index.html": "<!doctype html><html><head><title>x</title></head><body>x</body></html>",
    "bare.html": "<p>no head, no body</p>",
    "body-only.html": "<body><p>body only</p></body>",
  ])

  @Test func helloCarriesTheBuildIDAndRetryHint() throws {
    let configuration = testConfiguration { $0.buildID = "build-42" }
    try withServer(site, configuration: configuration) { server in
      let reader = try EventStreamReader(port: server.port)
      #expect(reader.response.status == 200)
      #expect(reader.response.header("Content-Type") == "text/event-stream; charset=utf-8")
      #expect(reader.response.header("Cache-Control") == "no-cache")
      let first = try #require(try reader.nextMessage())
      #expect(first.hasPrefix("retry: 1000\n"))
      #expect(first.contains(#"data: {"build":"build-42","type":"hello"}"#))
    }
  }

  // How fast a save reaches the browser is measured by Benchmarks/serve-reload.py, not here.
  @Test func everyBroadcastReachesTheBrowserAsOneEvent() throws {
    try withServer(site) { server in
      let reader = try EventStreamReader(port: server.port)
      _ = try reader.nextEvent()
      for _ in 0..<5 {
        server.broadcast(.reload(paths: ["/posts/hello/"]))
        let event = try #require(try reader.nextEvent())
        #expect(event["type"] as? String == "reload")
        #expect(event["paths"] as? [String] == ["/posts/hello/"])
      }
    }
  }

  @Test func everyEventKindIsEncodedAsJSON() throws {
    try withServer(site) { server in
      let reader = try EventStreamReader(port: server.port)
      _ = try reader.nextEvent()
      server.broadcast(.reloadAll)
      #expect(try reader.nextEvent()?["paths"] as? [String] == [])
      server.broadcast(.css(paths: ["/css/site.css"]))
      let css = try #require(try reader.nextEvent())
      #expect(css["type"] as? String == "css")
      #expect(css["paths"] as? [String] == ["/css/site.css"])

      let overlay = ErrorOverlay(
        path: "Content/posts/a.md", line: 3, column: 7, message: "unclosed <tag> & \"quote\"\nsecond line",
        excerpt: [.init(number: 2, text: "before"), .init(number: 3, text: "{{ broken", isHighlighted: true)])
      server.broadcast(.error(overlay))
      let error = try #require(try reader.nextEvent())
      #expect(error["type"] as? String == "error")
      let payload = try #require(error["error"] as? [String: Any])
      #expect(payload["path"] as? String == "Content/posts/a.md")
      #expect(payload["line"] as? Int == 3)
      #expect(payload["column"] as? Int == 7)
      #expect(payload["message"] as? String == "unclosed <tag> & \"quote\"\nsecond line")
      let lines = try #require(payload["excerpt"] as? [[String: Any]])
      #expect(lines.count == 2)
      #expect(lines[1]["text"] as? String == "{{ broken")
      #expect(lines[1]["isHighlighted"] as? Bool == true)

      server.broadcast(.clear)
      #expect(try reader.nextEvent()?["type"] as? String == "clear")
    }
  }

  @Test func lateJoinersSeeTheCurrentErrorUntilCleared() throws {
    try withServer(site) { server in
      server.broadcast(.error(ErrorOverlay(path: "a.md", line: 1, column: 1, message: "boom")))
      let late = try EventStreamReader(port: server.port)
      #expect(try late.nextEvent()?["type"] as? String == "hello")
      #expect(try late.nextEvent()?["type"] as? String == "error")
      server.broadcast(.clear)
      let later = try EventStreamReader(port: server.port)
      #expect(try later.nextEvent()?["type"] as? String == "hello")
      server.broadcast(.reloadAll)
      #expect(try later.nextEvent()?["type"] as? String == "reload")
    }
  }

  @Test func overlayFromADiagnosticTakesTheSourceExcerpt() {
    let diagnostic = Diagnostic.error(
      "unknown key", at: SourceLocation(path: "folio.yaml", line: 3, column: 5), hint: "did you mean 'title'?"
    )
    let overlay = ErrorOverlay(diagnostic, source: "a: 1\nb: 2\nc: 3\r\nd: 4\ne: 5\nf: 6\n", context: 1)
    #expect(overlay.path == "folio.yaml")
    #expect(overlay.line == 3)
    #expect(overlay.column == 5)
    #expect(overlay.message == "unknown key\nhint: did you mean 'title'?")
    #expect(overlay.excerpt.map(\.number) == [2, 3, 4])
    #expect(overlay.excerpt.map(\.text) == ["b: 2", "c: 3", "d: 4"])
    #expect(overlay.excerpt.map(\.isHighlighted) == [false, true, false])
  }

  @Test func heartbeatsAreComments() throws {
    let configuration = testConfiguration { $0.heartbeatInterval = .milliseconds(50) }
    try withServer(site, configuration: configuration) { server in
      let reader = try EventStreamReader(port: server.port)
      _ = try reader.nextMessage()
      #expect(try reader.nextMessage() == ": heartbeat")
    }
  }

  @Test func manyClientsAllReceiveABroadcast() throws {
    try withServer(site) { server in
      let readers = try (0..<120).map { _ in try EventStreamReader(port: server.port) }
      for reader in readers { _ = try reader.nextEvent() }
      #expect(server.liveReloadClientCount == 120)
      server.broadcast(.css(paths: []))
      for reader in readers {
        #expect(try reader.nextEvent()?["type"] as? String == "css")
      }
    }
  }

  @Test func rapidBroadcastsFromSeveralThreadsAllArrive() async throws {
    let server = try PreviewHTTPServer(serving: site, configuration: testConfiguration())
    defer { server.stop() }
    let readers = try (0..<20).map { _ in try EventStreamReader(port: server.port) }
    for reader in readers { _ = try reader.nextEvent() }
    // Two senders race each other and the readers, exercising suspend and resume under load.
    await withTaskGroup(of: Void.self) { group in
      for sender in 0..<2 {
        group.addTask {
          for index in 0..<150 { server.broadcast(.reload(paths: ["/\(sender)/\(index)"])) }
        }
      }
    }
    for reader in readers {
      var seen: [String: Int] = ["0": -1, "1": -1]
      for _ in 0..<300 {
        let event = try #require(try reader.nextEvent())
        let parts = try #require((event["paths"] as? [String])?.first).split(separator: "/")
        let sender = String(parts[0])
        let index = try #require(Int(parts[1]))
        #expect(index == seen[sender]! + 1, "events from one sender arrive in order")
        seen[sender] = index
      }
    }
  }

  @Test func clientsHangingUpDuringBroadcastsDoNotDisturbOthers() async throws {
    let configuration = testConfiguration { $0.heartbeatInterval = .milliseconds(10) }
    let server = try PreviewHTTPServer(serving: site, configuration: configuration)
    defer { server.stop() }
    let stayer = try EventStreamReader(port: server.port)
    _ = try stayer.nextEvent()
    for _ in 0..<30 {
      let leaver = try EventStreamReader(port: server.port)
      _ = try leaver.nextEvent()
      server.broadcast(.css(paths: []))
      _ = try stayer.nextEvent()
    }
    server.broadcast(.clear)
    #expect(try stayer.nextEvent()?["type"] as? String == "clear")
  }

  @Test func stopEndsOpenStreamsAndClosesThePort() throws {
    let server = try PreviewHTTPServer(serving: site, configuration: testConfiguration())
    let readers = try (0..<10).map { _ in try EventStreamReader(port: server.port) }
    for reader in readers { _ = try reader.nextEvent() }
    server.stop()
    for reader in readers {
      #expect(try reader.nextMessage() == nil)
    }
    #expect(server.liveReloadClientCount == 0)
    #expect(throws: RawHTTPError.self) { try TestSocket(port: server.port) }
    server.stop()
  }

  @Test func clientsThatHangUpAreForgotten() throws {
    let configuration = testConfiguration { $0.heartbeatInterval = .milliseconds(20) }
    try withServer(site, configuration: configuration) { server in
      var reader: EventStreamReader? = try EventStreamReader(port: server.port)
      _ = try reader?.nextEvent()
      #expect(server.liveReloadClientCount == 1)
      reader = nil
      let deadline = ContinuousClock.now + .seconds(3)
      while server.liveReloadClientCount > 0 && ContinuousClock.now < deadline {
        usleep(10_000)
      }
      #expect(server.liveReloadClientCount == 0)
    }
  }

  @Test func scriptAndStylesheetAreServed() throws {
    try withServer(site) { server in
      let script = try RawHTTPClient.request("/_folio/livereload.js", port: server.port)
      #expect(script.status == 200)
      #expect(script.header("Content-Type") == "text/javascript; charset=utf-8")
      #expect(script.text.contains("new EventSource('/_folio/events')"))
      #expect(script.text.contains("textContent"))
      #expect(!script.text.contains("innerHTML"))
      #expect(!script.text.contains(".style"))
      let tag = try #require(script.header("ETag"))
      let cached = try RawHTTPClient.request(
        "/_folio/livereload.js", port: server.port, headers: ["If-None-Match: \(tag)"])
      #expect(cached.status == 304)

      let css = try RawHTTPClient.request("/_folio/overlay.css", port: server.port)
      #expect(css.status == 200)
      #expect(css.header("Content-Type") == "text/css; charset=utf-8")
      #expect(css.text.contains(".folio-overlay"))

      #expect(try RawHTTPClient.request("/_folio/other", port: server.port).status == 404)
      #expect(try RawHTTPClient.request("/_folio/events", method: "HEAD", port: server.port).status == 200)
    }
  }

  @Test(arguments: [
    (
      "/",
      "<title>x</title><link rel=\"stylesheet\" href=\"/_folio/overlay.css\"><script src=\"/_folio/livereload.js\" defer></script></head>"
    ),
    (
      "/bare.html",
      "<link rel=\"stylesheet\" href=\"/_folio/overlay.css\"><script src=\"/_folio/livereload.js\" defer></script><p>no head"
    ),
    (
      "/body-only.html",
      "<body><link rel=\"stylesheet\" href=\"/_folio/overlay.css\"><script src=\"/_folio/livereload.js\" defer></script><p>body only"
    ),
  ])
  func htmlPagesGetTheScript(path: String, expected: String) throws {
    try withServer(site) { server in
      let response = try RawHTTPClient.request(path, port: server.port)
      #expect(response.status == 200)
      #expect(response.text.contains(expected))
      #expect(response.text.components(separatedBy: "livereload.js").count == 2)
      #expect(response.header("Content-Length") == String(response.body.count))
      let stored = try #require(site.file(at: path == "/" ? "index.html" : String(path.dropFirst())))
      #expect(response.header("ETag") != stored.entityTag)
      let tag = try #require(response.header("ETag"))
      let cached = try RawHTTPClient.request(path, port: server.port, headers: ["If-None-Match: \(tag)"])
      #expect(cached.status == 304)
      // Exactly one length header at most: two make browsers drop the response.
      #expect(cached.headers.filter { $0.name.lowercased() == "content-length" }.count <= 1)
    }
  }

  @Test func injectionIsNeverWrittenToTheStore() throws {
    let folder = try TemporaryDirectory()
    try folder.write("index.html", "<html><head></head></html>")
    let served = try withServer(try DirectoryStore(root: folder.path)) { server in
      try RawHTTPClient.request("/", port: server.port).text
    }
    #expect(served.contains("livereload.js"))
    #expect(
      try String(contentsOfFile: folder.url("index.html"), encoding: .utf8) == "<html><head></head></html>")
  }

  @Test func injectionCanBeTurnedOff() throws {
    let configuration = testConfiguration { $0.injectsLiveReload = false }
    try withServer(site, configuration: configuration) { server in
      let response = try RawHTTPClient.request("/", port: server.port)
      #expect(!response.text.contains("livereload.js"))
      #expect(response.header("ETag") == site.file(at: "index.html")?.entityTag)
    }
  }

  @Test func notFoundPageGetsTheScriptToo() throws {
    let store = textStore(["404.html": "<html><head></head><body>gone</body></html>"])
    let response = try withServer(store) { try RawHTTPClient.request("/missing", port: $0.port) }
    #expect(response.status == 404)
    #expect(response.text.contains("livereload.js"))
  }
}

import Foundation
import PreviewServer
import Testing

@Suite struct StaticServingTests {
  private let site = textStore([
    "index.html": "<!doctype html><html><head><title>Home</title></head><body>home</body></html>",
    "posts/hello/index.html": "<html><head></head><body>hello</body></html>",
    "posts/日本語/index.html": "<html><head></head><body>日本語のページ</body></html>",
    "css/site.css": "body { color: black }",
    "js/app.js": "console.log(1)",
    "feed.xml": "<rss/>",
    "data.json": "{}",
    "robots.txt": "User-agent: *",
    "logo.svg": "<svg/>",
    "notes.md": "# Notes",
    "image.png": "\u{89}PNG",
    "photo.JPG": "jpeg",
    "font.woff2": "wOF2",
    "blob.bin": "?",
    "docs/book.epub": "PK",
    "docs/book.pdf": "%PDF-",
    "404.html": "<html><head></head><body>custom not found</body></html>",
  ])

  @Test(
    arguments: [
      ("/", "text/html; charset=utf-8"),
      ("/css/site.css", "text/css; charset=utf-8"),
      ("/js/app.js", "text/javascript; charset=utf-8"),
      ("/feed.xml", "application/xml; charset=utf-8"),
      ("/data.json", "application/json; charset=utf-8"),
      ("/robots.txt", "text/plain; charset=utf-8"),
      ("/logo.svg", "image/svg+xml; charset=utf-8"),
      ("/notes.md", "text/markdown; charset=utf-8"),
      ("/image.png", "image/png"),
      ("/photo.JPG", "image/jpeg"),
      ("/font.woff2", "font/woff2"),
      ("/blob.bin", "application/octet-stream"),
      ("/docs/book.epub", "application/epub+zip"),
      ("/docs/book.pdf", "application/pdf"),
    ])
  func contentTypes(path: String, type: String) throws {
    let response = try withServer(site) { try RawHTTPClient.request(path, port: $0.port) }
    #expect(response.status == 200)
    #expect(response.header("Content-Type") == type)
  }

  @Test func securityHeadersOnEveryResponse() throws {
    try withServer(site) { server in
      for path in ["/", "/css/site.css", "/missing", "/posts/hello", "/%2e%2e/"] {
        let response = try RawHTTPClient.request(path, port: server.port)
        #expect(
          response.header("Content-Security-Policy")?.hasPrefix("default-src 'self'") == true, "\(path)")
        #expect(response.header("Content-Security-Policy")?.contains("connect-src 'self'") == true)
        #expect(response.header("X-Content-Type-Options") == "nosniff", "\(path)")
        #expect(response.header("Cache-Control") == "no-cache", "\(path)")
      }
    }
  }

  @Test func entityTagAndNotModified() throws {
    try withServer(site) { server in
      let first = try RawHTTPClient.request("/css/site.css", port: server.port)
      let tag = try #require(first.header("ETag"))
      #expect(tag.hasPrefix("\"") && tag.hasSuffix("\""))
      #expect(tag == StoredFile(text: "body { color: black }").entityTag)

      let again = try RawHTTPClient.request(
        "/css/site.css", port: server.port, headers: ["If-None-Match: \(tag)"])
      #expect(again.status == 304)
      #expect(again.body.isEmpty)
      #expect(again.header("ETag") == tag)
      // Exactly one length header at most: two make browsers drop the response.
      #expect(again.headers.filter { $0.name.lowercased() == "content-length" }.count <= 1)
      #expect(again.header("Content-Type") == nil)

      let weak = try RawHTTPClient.request(
        "/css/site.css", port: server.port, headers: ["If-None-Match: \"other\", W/\(tag)"])
      #expect(weak.status == 304)

      let stale = try RawHTTPClient.request(
        "/css/site.css", port: server.port, headers: ["If-None-Match: \"stale\""])
      #expect(stale.status == 200)
      #expect(stale.text == "body { color: black }")
    }
  }

  @Test func connectionStaysUsableAfterANotModified() throws {
    try withServer(site) { server in
      let tag = try #require(try RawHTTPClient.request("/robots.txt", port: server.port).header("ETag"))
      let socket = try TestSocket(port: server.port)
      try socket.write(
        Array("GET /robots.txt HTTP/1.1\r\nHost: localhost\r\nIf-None-Match: \(tag)\r\n\r\n".utf8))
      var received = ""
      while !received.hasSuffix("\r\n\r\n"), let chunk = try socket.read() {
        received += String(decoding: chunk, as: UTF8.self)
      }
      #expect(received.hasPrefix("HTTP/1.1 304"))
      try socket.write(Array("GET /robots.txt HTTP/1.1\r\nHost: localhost\r\n\r\n".utf8))
      received = ""
      while !received.hasSuffix("User-agent: *"), let chunk = try socket.read() {
        received += String(decoding: chunk, as: UTF8.self)
      }
      #expect(received.hasPrefix("HTTP/1.1 200"))
    }
  }

  @Test func entityTagFollowsTheStore() throws {
    let store = textStore(["a.txt": "one"])
    try withServer(store) { server in
      let first = try RawHTTPClient.request("/a.txt", port: server.port)
      store.replaceContents(with: ["a.txt": Array("two".utf8)])
      let second = try RawHTTPClient.request(
        "/a.txt", port: server.port, headers: ["If-None-Match: \(first.header("ETag") ?? "")"])
      #expect(second.status == 200)
      #expect(second.text == "two")
      #expect(second.header("ETag") != first.header("ETag"))
    }
  }

  @Test func headSendsHeadersWithoutBody() throws {
    try withServer(site) { server in
      let get = try RawHTTPClient.request("/css/site.css", port: server.port)
      let head = try RawHTTPClient.request("/css/site.css", method: "HEAD", port: server.port)
      #expect(head.status == 200)
      #expect(head.body.isEmpty)
      #expect(head.header("Content-Length") == String(get.body.count))
      #expect(head.header("ETag") == get.header("ETag"))
      #expect(head.header("Content-Type") == "text/css; charset=utf-8")
    }
  }

  @Test(arguments: ["POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE", "CONNECT"])
  func onlyGetAndHeadAreAllowed(method: String) throws {
    let response = try withServer(site) { try RawHTTPClient.request("/", method: method, port: $0.port) }
    #expect(response.status == 405)
    #expect(response.header("Allow") == "GET, HEAD")
  }

  @Test func postWithABodyIsRefused() throws {
    let response = try withServer(site) { server in
      try RawHTTPClient.send(
        Array(
          "POST / HTTP/1.1\r\nHost: localhost\r\nContent-Length: 5\r\nConnection: close\r\n\r\nhello".utf8),
        port: server.port)
    }
    #expect(response.status == 405)
  }

  @Test func prettyURLServesTheFolderIndex() throws {
    let response = try withServer(site) { try RawHTTPClient.request("/posts/hello/", port: $0.port) }
    #expect(response.status == 200)
    #expect(response.text.contains("hello"))
  }

  @Test func folderWithoutSlashRedirectsKeepingTheQuery() throws {
    try withServer(site) { server in
      let plain = try RawHTTPClient.request("/posts/hello", port: server.port)
      #expect(plain.status == 301)
      #expect(plain.header("Location") == "/posts/hello/")
      let query = try RawHTTPClient.request("/posts/hello?utm=a&b=%20c", port: server.port)
      #expect(query.status == 301)
      #expect(query.header("Location") == "/posts/hello/?utm=a&b=%20c")
      let japanese = try RawHTTPClient.request("/posts/日本語", port: server.port)
      #expect(japanese.header("Location") == "/posts/%E6%97%A5%E6%9C%AC%E8%AA%9E/")
    }
  }

  @Test func sitesNotFoundPageComesWithStatus404() throws {
    let response = try withServer(site) { try RawHTTPClient.request("/nowhere/", port: $0.port) }
    #expect(response.status == 404)
    #expect(response.text.contains("custom not found"))
    #expect(response.header("Content-Type") == "text/html; charset=utf-8")
  }

  @Test func plainNotFoundWithoutAPage() throws {
    let response = try withServer(textStore(["index.html": "x"])) {
      try RawHTTPClient.request("/nowhere", port: $0.port)
    }
    #expect(response.status == 404)
    #expect(response.text == "Not Found\n")
  }

  @Test func japanesePathsWorkEncodedAndRaw() throws {
    try withServer(site) { server in
      let encoded = try RawHTTPClient.request("/posts/%E6%97%A5%E6%9C%AC%E8%AA%9E/", port: server.port)
      #expect(encoded.status == 200)
      #expect(encoded.text.contains("日本語のページ"))
      let raw = try RawHTTPClient.request("/posts/日本語/", port: server.port)
      #expect(raw.status == 200)
      #expect(raw.text.contains("日本語のページ"))
    }
  }

  @Test func directoryStoreServesFilesAndPrettyURLs() throws {
    let folder = try TemporaryDirectory()
    try folder.write("index.html", "<html><head></head><body>disk home</body></html>")
    try folder.write("posts/日本語/index.html", "<p>disk page</p>")
    try folder.write("style.css", "p {}")
    let store = try DirectoryStore(root: folder.path)
    try withServer(store) { server in
      #expect(try RawHTTPClient.request("/", port: server.port).text.contains("disk home"))
      #expect(
        try RawHTTPClient.request("/posts/%E6%97%A5%E6%9C%AC%E8%AA%9E/", port: server.port).text.contains(
          "disk page"))
      #expect(try RawHTTPClient.request("/posts", port: server.port).header("Location") == "/posts/")
      #expect(try RawHTTPClient.request("/style.css", port: server.port).text == "p {}")
      try folder.write("style.css", "p { margin: 0 }")
      #expect(try RawHTTPClient.request("/style.css", port: server.port).text == "p { margin: 0 }")
    }
  }

  @Test func directoryStoreNeedsAFolder() throws {
    let folder = try TemporaryDirectory()
    try folder.write("file.txt", "x")
    #expect(throws: StoreError.self) { try DirectoryStore(root: folder.url("file.txt")) }
    #expect(throws: StoreError.self) { try DirectoryStore(root: folder.url("missing")) }
  }

  @Test func keepAliveServesSeveralRequestsOnOneConnection() throws {
    try withServer(site) { server in
      let socket = try TestSocket(port: server.port)
      for _ in 0..<3 {
        try socket.write(Array("GET /robots.txt HTTP/1.1\r\nHost: localhost\r\n\r\n".utf8))
        var received = ""
        while !received.hasSuffix("User-agent: *"), let chunk = try socket.read() {
          received += String(decoding: chunk, as: UTF8.self)
        }
        #expect(received.hasPrefix("HTTP/1.1 200"))
        #expect(received.hasSuffix("User-agent: *"))
      }
    }
  }
}

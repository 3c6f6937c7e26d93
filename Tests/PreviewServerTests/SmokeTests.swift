import PreviewServer
import Testing

@Test func smoke() throws {
  let store = InMemoryStore(files: ["index.html": Array("<html><head></head><body>hi</body></html>".utf8)])
  var configuration = ServerConfiguration(host: "localhost", port: 0)
  configuration.threads = 2
  let server = try PreviewHTTPServer(serving: store, configuration: configuration)
  defer { server.stop() }
  print(server.url, server.listeningAddresses)
  for target in ["/", "/index.html?x=%00", "/%2e%2e/x", "/a%00b", "http://x/../etc", "/..\\..\\", "/日本語/"] {
    let response = try RawHTTPClient.request(target, port: server.port)
    print(target, response.status, response.headers, response.text)
  }
  let head = try RawHTTPClient.request("/", method: "HEAD", port: server.port)
  print("HEAD", head.status, head.headers, head.body.count)
  let etag = head.header("ETag")!
  let notModified = try RawHTTPClient.request("/", port: server.port, headers: ["If-None-Match: \(etag)"])
  print("304", notModified.status, notModified.headers, notModified.body.count)
}

import Foundation
import PreviewServer
import Testing

@Test func smokeSSE() throws {
  let store = InMemoryStore(files: ["index.html": Array("<html><head></head><body>hi</body></html>".utf8)])
  var configuration = ServerConfiguration(host: "localhost", port: 0)
  configuration.threads = 2
  let server = try PreviewHTTPServer(serving: store, configuration: configuration)
  defer { server.stop() }
  let reader = try EventStreamReader(port: server.port)
  print(reader.response)
  print(try reader.nextMessage() as Any)
  let start = ContinuousClock.now
  server.broadcast(.reload(paths: ["/"]))
  print(try reader.nextEvent() as Any, ContinuousClock.now - start)
  server.broadcast(.css(paths: []))
  print(try reader.nextEvent() as Any, ContinuousClock.now - start)
  print(server.liveReloadClientCount)
}

import PreviewServer

/// A configuration for tests: loopback, an ephemeral port, few threads.
func testConfiguration(_ adjust: (inout ServerConfiguration) -> Void = { _ in }) -> ServerConfiguration {
  var configuration = ServerConfiguration(host: "127.0.0.1", port: 0)
  configuration.threads = 2
  adjust(&configuration)
  return configuration
}

/// Runs `body` against a server on `store`, stopping it afterwards.
func withServer<Result>(
  _ store: any OutputStore, configuration: ServerConfiguration = testConfiguration(),
  _ body: (PreviewHTTPServer) throws -> Result
) throws -> Result {
  let server = try PreviewHTTPServer(serving: store, configuration: configuration)
  defer { server.stop() }
  return try body(server)
}

/// An in-memory store from text files.
func textStore(_ files: [String: String]) -> InMemoryStore {
  InMemoryStore(files: files.mapValues { Array($0.utf8) })
}

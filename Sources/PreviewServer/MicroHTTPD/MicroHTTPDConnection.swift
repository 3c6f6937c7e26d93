internal import CMicroHTTPD

/// A libmicrohttpd connection as the live-reload client sees it.
struct MicroHTTPDConnection: SuspendableConnection, @unchecked Sendable {
  // libmicrohttpd documents MHD_resume_connection as callable from any thread, and the client
  // stops using the pointer (under its lock) before libmicrohttpd frees the connection.
  let pointer: OpaquePointer

  func suspend() { MHD_suspend_connection(pointer) }
  func resume() { MHD_resume_connection(pointer) }
}

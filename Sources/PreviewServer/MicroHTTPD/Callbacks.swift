internal import CMicroHTTPD
import Glibc

// The one file that turns libmicrohttpd's `void *` closures back into Swift objects.
//
// Ownership: the daemon's `cls` is the `DaemonContext`, unretained because `HTTPDaemon` keeps it
// alive until the daemon has stopped. Each request's `PendingRequest` is retained in the URI
// callback and released in the completion callback. Each stream's `EventStreamClient` is
// retained (with its hub, as a `StreamBinding`) when its response is created and released in
// the response's free callback.

/// The raw request target, captured before libmicrohttpd decodes and splits it, and how far
/// the access handler has got with the request.
private final class PendingRequest {
  enum Stage {
    case waitingForHeaders
    case waitingForEnd
    case answered
  }

  let rawTarget: [UInt8]
  var stage = Stage.waitingForHeaders

  init(rawTarget: [UInt8]) {
    self.rawTarget = rawTarget
  }
}

/// A stream's client and the hub that lists it, handed to the content reader as its `cls`.
private final class StreamBinding {
  let client: EventStreamClient
  let hub: EventHub

  init(client: EventStreamClient, hub: EventHub) {
    self.client = client
    self.hub = hub
  }
}

/// The callbacks, as C function pointers.
enum Callbacks {
  /// MHD_OPTION_URI_LOG_CALLBACK: keeps the target exactly as sent, `%00` and `%2f` included,
  /// because libmicrohttpd's decoded `url` has already lost the difference.
  static let captureTarget: folio_mhd_uri_log_callback = { _, uri, _ in
    guard let uri else { return nil }
    let bytes = UnsafeRawBufferPointer(start: uri, count: strlen(uri))
    return Unmanaged.passRetained(PendingRequest(rawTarget: Array(bytes))).toOpaque()
  }

  /// MHD_OPTION_NOTIFY_COMPLETED: releases the request.
  static let requestCompleted: MHD_RequestCompletedCallback = { _, _, requestContext, _ in
    guard let requestContext, let pending = requestContext.pointee else { return }
    Unmanaged<PendingRequest>.fromOpaque(pending).release()
    requestContext.pointee = nil
  }

  /// The access handler. libmicrohttpd calls it once when the headers are in, once per piece
  /// of body, and once when the request is complete. Answering GET and HEAD on the last call
  /// keeps the connection alive (an earlier answer makes libmicrohttpd close it); any other
  /// method is refused at once, so its body is never read.
  static let handleRequest: MHD_AccessHandlerCallback = {
    cls, connection, _, method, _, _, uploadDataSize, requestContext in
    guard let cls, let connection, let method else { return .NO }
    let context = Unmanaged<DaemonContext>.fromOpaque(cls).takeUnretainedValue()
    guard
      let pending = requestContext?.pointee.map({
        Unmanaged<PendingRequest>.fromOpaque($0).takeUnretainedValue()
      })
    else { return .NO }
    let methodName = String(cString: method)
    let isReadOnly = methodName == "GET" || methodName == "HEAD"
    switch pending.stage {
    case .answered:
      uploadDataSize?.pointee = 0
      return .YES
    case .waitingForHeaders where isReadOnly:
      pending.stage = .waitingForEnd
      return .YES
    case .waitingForEnd where (uploadDataSize?.pointee ?? 0) > 0:
      // A body on GET or HEAD means nothing here; drop it.
      uploadDataSize?.pointee = 0
      return .YES
    case .waitingForHeaders, .waitingForEnd:
      pending.stage = .answered
    }
    let request = Request(
      method: methodName,
      rawTarget: pending.rawTarget,
      host: MHD_lookup_connection_value(connection, .HEADER_KIND, "Host").map { String(cString: $0) },
      ifNoneMatch: MHD_lookup_connection_value(connection, .HEADER_KIND, "If-None-Match")
        .map { String(cString: $0) })
    switch context.responder.reply(to: request) {
    case .response(let response):
      return queue(response, on: connection)
    case .eventStream:
      return openEventStream(on: connection, context: context)
    }
  }

  private static func queue(_ response: HTTPResponse, on connection: OpaquePointer) -> MHD_Result {
    let handle = response.body.withUnsafeBytes { body in
      MHD_create_response_from_buffer(
        body.count, UnsafeMutableRawPointer(mutating: body.baseAddress),
        MHD_ResponseMemoryMode.RESPMEM_MUST_COPY)
    }
    guard let handle else { return .NO }
    defer { MHD_destroy_response(handle) }
    for header in response.headers {
      MHD_add_response_header(handle, header.name, header.value)
    }
    return MHD_queue_response(connection, UInt32(response.status), handle)
  }

  private static func openEventStream(on connection: OpaquePointer, context: DaemonContext) -> MHD_Result {
    let client = context.hub.openStream(on: MicroHTTPDConnection(pointer: connection))
    let retained = Unmanaged.passRetained(StreamBinding(client: client, hub: context.hub)).toOpaque()
    let handle = MHD_create_response_from_callback(
      UInt64.max, 4096,
      { cls, _, buffer, capacity in
        let binding = Unmanaged<StreamBinding>.fromOpaque(cls!).takeUnretainedValue()
        switch binding.client.read(into: UnsafeMutableRawBufferPointer(start: buffer, count: capacity)) {
        case .bytes(let count): return count
        case .suspended: return 0
        case .finished: return -1  // MHD_CONTENT_READER_END_OF_STREAM
        }
      },
      retained,
      { cls in
        let binding = Unmanaged<StreamBinding>.fromOpaque(cls!).takeRetainedValue()
        binding.client.detach()
        binding.hub.remove(binding.client)
      })
    guard let handle else {
      Unmanaged<StreamBinding>.fromOpaque(retained).release()
      client.detach()
      context.hub.remove(client)
      return .NO
    }
    defer { MHD_destroy_response(handle) }
    for header in context.responder.eventStreamHeaders {
      MHD_add_response_header(handle, header.name, header.value)
    }
    return MHD_queue_response(connection, 200, handle)
  }
}

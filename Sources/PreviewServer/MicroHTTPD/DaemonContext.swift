/// What the libmicrohttpd callbacks need, reached through their `void *cls` argument.
final class DaemonContext: Sendable {
  /// Answers ordinary requests.
  let responder: Responder
  /// Owns the live-reload streams.
  let hub: EventHub

  /// Bundles the responder and the hub.
  init(responder: Responder, hub: EventHub) {
    self.responder = responder
    self.hub = hub
  }
}

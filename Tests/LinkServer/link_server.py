#!/usr/bin/env python3
"""A local HTTP server for the external link tests: fixed answers on 127.0.0.1, and counts.

    python3 Tests/LinkServer/link_server.py [--tls] [--host ADDRESS]   # prints its port, then serves

With --host it listens on ADDRESS instead of 127.0.0.1 (a test that needs a host the checker's
guard allows uses the machine's own public-range address).

With --tls it speaks HTTPS with a self-signed certificate made at start (by the openssl
command), which no client trusts: for testing TLS failures.

Paths (any query string is ignored; a path may carry a suffix after the name, `/ok/3`):
  /ok          200 to HEAD and GET          /missing   404
  /moved       301 to /ok                   /gone      410
  /permanent   308 to /ok                   /error     500
  /found       302 to /ok                   /slow      answers after 40 s
  /see-other   303 to /found                /no-head   405 to HEAD, 200 to GET
  /busy        429 with Retry-After: 1 the first time for each path, then 200
  /loop        302 to itself
  /to/PORT/P   302 to http://127.0.0.1:PORT/P (from an allowed host into loopback)
  /count       200 after 5 ms (for concurrency: many of these overlap)
  /titled      200, a UTF-8 page whose <title> holds markup characters and Japanese
  /titled-sjis 200, a Shift_JIS page (charset in its Content-Type) with a Japanese <title>
  /og          200, a page whose og:title differs from its <title>
  /big         200, 100 KiB of HTML with the <title> after the first 80 KiB (never read)

A line `stats` on standard input prints one line of JSON on standard output:
  {"requests": N, "maxInFlight": N, "paths": {"HEAD /ok": N, ...}, "order": ["HEAD /ok", ...]}
where `maxInFlight` is the most requests the server was answering at once and `order` lists
the requests as they arrived. The end of standard
input stops the server, so it never outlives the test that started it.
"""

from __future__ import annotations

import http.server
import json
import os
import ssl
import subprocess
import sys
import tempfile
import threading
import time

lock = threading.Lock()
requests = 0
in_flight = 0
max_in_flight = 0
paths: dict[str, int] = {}
order: list[str] = []
busy_seen: set[str] = set()

REDIRECTS = {
    "/moved": (301, "/ok"),
    "/permanent": (308, "/ok"),
    "/found": (302, "/ok"),
    "/see-other": (303, "/found"),
    "/loop": (302, "/loop"),
}
STATUSES = {"/missing": 404, "/gone": 410, "/error": 500}
TITLED = {
    "/titled": (
        "<!DOCTYPE html><html><head><meta charset=\"utf-8\">\n<TITLE>\n  A &lt;b&gt; &amp; 記事\n</TITLE>"
        "</head><body>x</body></html>\n".encode("utf-8"),
        "text/html; charset=utf-8",
    ),
    "/titled-sjis": (
        "<html><head><title>日本語のページ</title></head></html>\n".encode("shift_jis"),
        "text/html; charset=Shift_JIS",
    ),
    "/og": (
        b'<html><head><title>Site | Page</title><meta property="og:title" content="The page &quot;itself&quot;">'
        b"</head></html>\n",
        "text/html",
    ),
    "/big": (b"<html><head>" + b"<!-- padding -->" * 5120 + b"<title>Too far</title></head></html>\n", "text/html"),
}


class Handler(http.server.BaseHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:  # quiet
        pass

    def do_HEAD(self) -> None:
        self.answer(head=True)

    def do_GET(self) -> None:
        self.answer(head=False)

    def answer(self, head: bool) -> None:
        global requests, in_flight, max_in_flight
        # http.server reads the request line as Latin-1: these are the UTF-8 bytes that came.
        path = self.path.split("?", 1)[0].encode("latin-1").decode("utf-8", "replace")
        name = "/" + path.strip("/").split("/", 1)[0]
        with lock:
            requests += 1
            in_flight += 1
            max_in_flight = max(max_in_flight, in_flight)
            key = ("HEAD " if head else "GET ") + path
            paths[key] = paths.get(key, 0) + 1
            order.append(key)
        self.counted = True
        try:
            self.route(name, path, head)
        finally:
            self.uncount()

    def uncount(self) -> None:
        """Ends this request's share of `in_flight`: before the response leaves, since the client
        may send its next request as soon as it has read this one."""
        global in_flight
        if getattr(self, "counted", False):
            self.counted = False
            with lock:
                in_flight -= 1

    def route(self, name: str, path: str, head: bool) -> None:
        if name in REDIRECTS:
            status, target = REDIRECTS[name]
            self.send(status, head=head, headers={"Location": target})
        elif name == "/to":
            port, _, rest = path.strip("/").split("/", 1)[1].partition("/")
            self.send(302, head=head, headers={"Location": f"http://127.0.0.1:{int(port)}/{rest}"})
        elif name in STATUSES:
            self.send(STATUSES[name], head=head)
        elif name == "/slow":
            time.sleep(40)
            self.send(200, head=head)
        elif name == "/no-head" and head:
            self.send(405, head=head, headers={"Allow": "GET"})
        elif name == "/busy":
            with lock:
                first = path not in busy_seen
                busy_seen.add(path)
            if first:
                self.send(429, head=head, headers={"Retry-After": "1"})
            else:
                self.send(200, head=head)
        elif name == "/count":
            time.sleep(0.005)
            self.send(200, head=head)
        elif name in TITLED:
            body, content_type = TITLED[name]
            self.send(200, body=body, head=head, content_type=content_type)
        elif name in ("/ok", "/no-head"):
            self.send(200, head=head)
        else:
            self.send(404, head=head)

    def send(
        self,
        status: int,
        body: bytes = b"<!DOCTYPE html><title>page</title><p>A page body that a check never needs.</p>\n",
        head: bool = False,
        content_type: str = "text/html",
        headers: dict[str, str] | None = None,
    ) -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.uncount()
        self.end_headers()
        if not head:
            try:
                self.wfile.write(body)
            except (BrokenPipeError, ConnectionResetError):
                pass


def main() -> None:
    arguments = sys.argv[1:]
    host = arguments[arguments.index("--host") + 1] if "--host" in arguments else "127.0.0.1"
    server = http.server.ThreadingHTTPServer((host, 0), Handler)
    server.daemon_threads = True
    if "--tls" in sys.argv[1:]:
        with tempfile.TemporaryDirectory() as folder:
            key, cert = os.path.join(folder, "key.pem"), os.path.join(folder, "cert.pem")
            subprocess.run(
                ["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
                 "-nodes", "-keyout", key, "-out", cert, "-days", "1", "-subj", "/CN=127.0.0.1"],
                check=True, capture_output=True,
            )
            context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
            context.load_cert_chain(cert, key)
        server.socket = context.wrap_socket(server.socket, server_side=True)
    server.request_queue_size = 128
    print(server.server_address[1], flush=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    for line in sys.stdin:
        if line.strip() == "stats":
            with lock:
                stats = {
                    "requests": requests,
                    "maxInFlight": max_in_flight,
                    "paths": dict(paths),
                    "order": list(order),
                }
            print(json.dumps(stats, sort_keys=True), flush=True)
    server.shutdown()


if __name__ == "__main__":
    main()

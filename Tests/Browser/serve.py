#!/usr/bin/env python3
"""Serves a built site on 127.0.0.1 with `Content-Security-Policy: default-src 'self'`.

Every response carries the header, so the browser tests see what a strict host sends; with
FOLIO_SERVE_CSP=none in the environment no response does, as GitHub Pages sends none, so only
the policy the pages carry in their own <meta> applies (Tests/Browser/run_site.sh's last pass).
Missing paths get the site's /404.html (status 404) when it exists.

    python3 Tests/Browser/serve.py SITE_DIR [--port 0] [--port-file FILE]

With --port 0 the system picks a free port; --port-file receives the chosen port number.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import os
import sys
from pathlib import Path

CSP = "default-src 'self'"


def header_policy() -> str | None:
    """The Content-Security-Policy header every response carries, or None under FOLIO_SERVE_CSP=none."""
    return None if os.environ.get("FOLIO_SERVE_CSP") == "none" else CSP


class Handler(http.server.SimpleHTTPRequestHandler):
    """A quiet static handler that adds the CSP header and serves the site's 404 page."""

    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".js": "text/javascript",
        ".css": "text/css",
        ".svg": "image/svg+xml",
        ".json": "application/json",
        ".xml": "application/xml",
        ".html": "text/html; charset=utf-8",
    }

    def end_headers(self) -> None:
        policy = header_policy()
        if policy is not None:
            self.send_header("Content-Security-Policy", policy)
        self.send_header("Cache-Control", "no-store")
        super().end_headers()

    def send_error(self, code, message=None, explain=None):
        page = Path(self.directory) / "404.html"
        if code == 404 and page.is_file():
            body = page.read_bytes()
            self.send_response(404)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            if self.command != "HEAD":
                self.wfile.write(body)
            return
        super().send_error(code, message, explain)

    def log_message(self, format, *args):  # noqa: A002 - signature fixed by the base class
        if os.environ.get("FOLIO_SERVE_LOG"):
            super().log_message(format, *args)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", help="the folder to serve")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--port-file", help="write the bound port here")
    args = parser.parse_args()
    site = Path(args.site).resolve()
    if not site.is_dir():
        print(f"serve.py: {site} is not a folder", file=sys.stderr)
        return 64
    handler = functools.partial(Handler, directory=str(site))
    with http.server.ThreadingHTTPServer(("127.0.0.1", args.port), handler) as server:
        port = server.server_address[1]
        if args.port_file:
            tmp = Path(args.port_file + ".tmp")
            tmp.write_text(str(port))
            tmp.replace(args.port_file)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            pass
    return 0


if __name__ == "__main__":
    sys.exit(main())

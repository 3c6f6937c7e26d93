#!/usr/bin/env python3
"""Save-to-reload latency of `folio serve` on a large site.

Generates a corpus with ../shared/bench/gen_corpus.py (10,000 pages by default) in /dev/shm,
starts `folio serve` on it, connects to the live-reload stream like a browser, then edits one
page at a time (write to a temporary file and rename, as editors save) and measures the time
from the rename to the `reload` event that names that page. Prints every sample and the median.

    python3 Benchmarks/serve-reload.py --folio .build/release/folio [--pages 10000] [--edits 30] [--search]

--search turns on `search: true` (as `folio new site` does), so every save also updates the
search index. --project DIR serves a copy of an existing project instead (its folio.yaml and
Content/, such as Benchmarks/multilingual.sh's lang-one and lang-half), editing its pages,
translations (`.ja.md`) included.
"""
import argparse
import json
import os
import random
import re
import shutil
import socket
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SHARED = os.path.join(HERE, "..", "..", "shared", "bench")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--folio", required=True)
    parser.add_argument("--pages", type=int, default=10000)
    parser.add_argument("--edits", type=int, default=30)
    parser.add_argument("--work", default="/dev/shm/folio-serve-reload")
    parser.add_argument("--search", action="store_true", help="with `search: true` in folio.yaml")
    parser.add_argument("--project", help="serve a copy of this project instead of the generated one")
    args = parser.parse_args()
    corpus = os.path.join(args.work, f"c{args.pages}")
    if not args.project and not os.path.isdir(os.path.join(corpus, "pages")):
        subprocess.run([sys.executable, os.path.join(SHARED, "gen_corpus.py"), "--src",
                        os.path.join(SHARED, "corpus-a"), "--out", corpus, "--n", str(args.pages)],
                       check=True, stdout=subprocess.DEVNULL)
    site = os.path.join(args.work, "site")
    shutil.rmtree(site, ignore_errors=True)
    os.makedirs(site)
    if args.project:
        shutil.copytree(os.path.join(args.project, "Content"), os.path.join(site, "Content"))
        shutil.copy(os.path.join(args.project, "folio.yaml"), os.path.join(site, "folio.yaml"))
    else:
        shutil.copytree(os.path.join(corpus, "pages"), os.path.join(site, "Content"))
    with open(os.path.join(site, "folio.yaml"), "a" if args.project else "w") as fh:
        # The corpus is Hugo's documentation, whose links point to pages it does not contain.
        if not args.project:
            fh.write("title: Reload benchmark\nbaseURL: https://example.org/\ncheckLinks: warn\n")
        if args.search:
            fh.write("search: true\n")
    log_path = os.path.join(args.work, "serve.log")
    log = open(log_path, "w")
    server = subprocess.Popen([args.folio, "serve", "--source", site, "--port", "0"], stderr=log)
    try:
        port = None
        deadline = time.monotonic() + 120
        while port is None and time.monotonic() < deadline:
            match = re.search(r"at http://localhost:(\d+)/", open(log_path).read())
            port = int(match.group(1)) if match else None
            time.sleep(0.05)
        assert port, open(log_path).read()[-2000:]
        stream = socket.create_connection(("127.0.0.1", port))
        stream.sendall(b"GET /_folio/events HTTP/1.1\r\nHost: localhost\r\nAccept: text/event-stream\r\n\r\n")
        stream.settimeout(10)
        buffer = b""

        def next_event():
            nonlocal buffer
            while b"\n\n" not in buffer:
                buffer += stream.recv(65536)
            event, buffer = buffer.split(b"\n\n", 1)
            data = [line[5:].strip() for line in event.split(b"\n") if line.startswith(b"data:")]
            return json.loads(b"".join(data)) if data else None

        while (event := next_event()) is None or event.get("type") != "hello":
            pass
        pages = sorted(
            os.path.join(folder, name)
            for folder, _, names in os.walk(os.path.join(site, "Content")) for name in names
            if name.endswith(".md") and not name.startswith("_index"))
        rng = random.Random(7)
        samples = []
        for edit in range(args.edits):
            path = rng.choice(pages)
            relative = os.path.relpath(path, os.path.join(site, "Content"))
            url = "/ja/" + relative[:-6] + "/" if relative.endswith(".ja.md") else "/" + relative[:-3] + "/"
            text = open(path).read() + f"\n\nEdit number {edit}.\n"
            temporary = os.path.join(os.path.dirname(path), ".edit.tmp")
            with open(temporary, "w") as fh:
                fh.write(text)
            start = time.perf_counter()
            os.replace(temporary, path)
            while True:
                event = next_event()
                if event and event.get("type") == "reload" and (not event["paths"] or url in event["paths"]):
                    break
            samples.append((time.perf_counter() - start) * 1000)
            time.sleep(0.1)
        for sample in samples:
            print(f"{sample:.1f} ms")
        print(f"pages: {len(pages)}, edits: {len(samples)}, median save-to-reload: "
              f"{statistics.median(samples):.1f} ms, p90: {sorted(samples)[int(len(samples) * 0.9) - 1]:.1f} ms")
    finally:
        server.terminate()
        server.wait(timeout=30)


if __name__ == "__main__":
    main()

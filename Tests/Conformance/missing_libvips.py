#!/usr/bin/env python3
"""A machine without libvips: `folio build` of a site with an image still builds, publishes the
image as it is and says why at the image, with how to install libvips; `--strict` fails on it.

libvips is opened with dlopen when a site first reads an image (Sources/CVips/Vips.c). The
test puts a shared library that is not libvips (Debian's libyaml, which Folio needs anyway)
first on the library path under libvips's name, so the lookup of libvips's functions fails as it
would on a machine with an older or a broken libvips. A build without the stand-in, on the same
site, must give no such warning (so the checks can fail).

Usage: python3 Tests/Conformance/missing_libvips.py --folio .build/release/folio
"""
import argparse
import glob
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib


def png(width, height):
    """A small RGB PNG."""

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    rows = b"".join(b"\0" + b"\x80\x40\x20" * width for _ in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows))
            + chunk(b"IEND", b""))


def build(folio, site, library_path, *options):
    env = dict(os.environ)
    env.pop("LD_LIBRARY_PATH", None)
    if library_path:
        env["LD_LIBRARY_PATH"] = library_path
    shutil.rmtree(os.path.join(site, "public"), ignore_errors=True)
    return subprocess.run([folio, "build", "--no-cache", "--source", site, *options], env=env,
                          capture_output=True, text=True, timeout=120)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--folio", required=True)
    folio = os.path.abspath(parser.parse_args().folio)
    failures = []

    def check(condition, what, run):
        print(("ok      " if condition else "FAILED  ") + what)
        if not condition:
            failures.append(what)
            print("        exit %d, stderr:\n%s" % (run.returncode, run.stderr))

    with tempfile.TemporaryDirectory() as work:
        site = os.path.join(work, "site")
        made = subprocess.run([folio, "new", "site", site], capture_output=True, text=True)
        if made.returncode != 0:
            print(made.stderr)
            return 1
        with open(os.path.join(site, "Content", "dot.png"), "wb") as file:
            file.write(png(40, 30))
        with open(os.path.join(site, "Content", "dot.md"), "w") as file:
            file.write("---\ntitle: Dot\n---\n![A dot](dot.png)\n")

        yaml = (glob.glob("/usr/lib/*-linux-gnu/libyaml-0.so.2") + glob.glob("/usr/lib*/libyaml-0.so.2"))[0]
        standin = os.path.join(work, "standin")
        os.mkdir(standin)
        shutil.copy(yaml, os.path.join(standin, "libvips.so.42"))

        plain = build(folio, site, None)
        check(plain.returncode == 0 and "libvips" not in plain.stderr,
              "with libvips: built, no word of libvips", plain)

        for name, path, reason in [
            ("a library under libvips's name without its functions", standin, "libvips has no '"),
        ]:
            run = build(folio, site, path)
            page = os.path.join(site, "public", "dot", "index.html")
            shown = open(page).read() if os.path.exists(page) else ""
            check(run.returncode == 0, name + ": the build succeeds", run)
            check("Content/dot.md:4:1: warning: image 'dot.png' was published as it is: libvips could not be opened ("
                  in run.stderr and reason in run.stderr and "apt-get install libvips42" in run.stderr,
                  name + ": a warning at the image says why and how to install libvips", run)
            check('src="/dot.png"' in shown, name + ": the page shows the image as it is", run)
            check(os.path.exists(os.path.join(site, "public", "dot.png")), name + ": the image is published", run)
            strict = build(folio, site, path, "--strict")
            check(strict.returncode == 1 and "libvips could not be opened" in strict.stderr,
                  name + ": --strict fails on it", strict)

    print("missing libvips: %d failed" % len(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

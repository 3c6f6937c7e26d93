#!/usr/bin/env python3
"""A machine without a library Folio opens on first use (dlopen) instead of linking: libvips
(images, Sources/CVips/Vips.c), libgit2 (`lastUpdated: git`, Sources/CGit2/Git2.c) and libzip
(books' EPUB files, Sources/CZip/Zip.c). Each is tested with a shared library that is not it
(Debian's libyaml, which Folio needs anyway) first on the library path under its name, so the
lookup of its functions fails as it would on a machine with an older or a broken one:

- images: the build still builds, publishes the image as it is and says why at the image, with
  how to install libvips; `--strict` fails on it;
- Git dates: the build still builds, undated from Git, with a warning at `lastUpdated:` naming
  libgit2 and how to install it;
- books: the build fails at the book, naming libzip and how to install it, and leaves no output.

A build without the stand-ins, on the same sites, must give no such word (so the checks can
fail).

Usage: python3 Tests/Conformance/missing_libraries.py --folio .build/release/folio
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

        # Git dates: the same site, dated from a repository of its own.
        with open(os.path.join(site, "folio.yaml"), "a") as file:
            file.write("lastUpdated: git\n")
        git = ["git", "-C", site, "-c", "user.name=Folio", "-c", "user.email=folio@example.com"]
        for command in (["init", "-q"], ["add", "-A"], ["commit", "-qm", "The site"]):
            subprocess.run(git + command, check=True, capture_output=True)
        shutil.copy(yaml, os.path.join(standin, "libgit2.so.1.5"))
        plain = build(folio, site, None)
        dated = os.path.join(site, "public", "dot", "index.html")
        check(plain.returncode == 0 and "libgit2" not in plain.stderr,
              "with libgit2: built, no word of libgit2", plain)
        run = build(folio, site, standin)
        check(run.returncode == 0, "libgit2 without its functions: the build succeeds", run)
        check("folio.yaml:" in run.stderr and "warning: libgit2 could not be opened (libgit2 has no 'git_"
              in run.stderr and "so pages are not dated from Git" in run.stderr
              and "apt-get install libgit2-1.5" in run.stderr,
              "libgit2 without its functions: a warning at lastUpdated says so and how to install it", run)
        check(os.path.exists(dated), "libgit2 without its functions: the pages are published", run)

        # Books: a section that is a book, whose EPUB libzip archives.
        os.makedirs(os.path.join(site, "Content", "manual"))
        with open(os.path.join(site, "Content", "manual", "_index.md"), "w") as file:
            file.write("---\ntitle: Manual\nbook:\n  title: The Manual\n  author: [Ada]\n---\nRead on.\n")
        with open(os.path.join(site, "Content", "manual", "setup.md"), "w") as file:
            file.write("---\ntitle: Setup\nweight: 1\n---\nSetup text.\n")
        shutil.copy(yaml, os.path.join(standin, "libzip.so.4"))
        plain = build(folio, site, None)
        check(plain.returncode == 0 and "libzip" not in plain.stderr
              and os.path.exists(os.path.join(site, "public", "manual", "book.epub")),
              "with libzip: the book's EPUB is made, no word of libzip", plain)
        run = build(folio, site, standin)
        check(run.returncode == 1 and "Content/manual/_index.md:4:3: error: the book's EPUB could not be made"
              in run.stderr and "libzip could not be opened (libzip has no 'zip_" in run.stderr
              and "apt-get install libzip4" in run.stderr,
              "libzip without its functions: the build fails at the book, naming libzip and how to install it",
              run)
        check(not os.path.exists(os.path.join(site, "public")),
              "libzip without its functions: no output is left", run)

    print("missing libraries: %d failed" % len(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

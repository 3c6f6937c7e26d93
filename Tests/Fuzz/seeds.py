#!/usr/bin/env python3
"""Writes the seed corpus of one fuzz target into a folder, from the test corpora in place.

usage: seeds.py TARGET FOLDER [--shared DIR]

Nothing is copied into the repository: the seeds are made at run time from
../shared/conformance (GFM spec examples, the Mustache spec), ../shared/bench/corpus-a,
Content/ and the string literals of Folio's own tests. Each target's first input bytes choose
options (see the target's source), so the seeds carry option bytes in front.
"""
import argparse
import glob
import hashlib
import json
import os
import re
import struct
import sys
import zlib

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

EXAMPLE = re.compile(r"^`{32} example[^\n]*\n(.*?)^\.\n(.*?)^`{32}$", re.M | re.S)
MULTILINE = re.compile(r'"""\n(.*?)\n\s*"""', re.S)
SINGLE = re.compile(r'"((?:[^"\\\n]|\\.)*)"')


def spec_examples(shared):
    """The Markdown of every example in the GFM spec files, tabs written as → put back."""
    for path in sorted(glob.glob(os.path.join(shared, "conformance/gfm/*.txt"))):
        with open(path, encoding="utf-8") as fh:
            for match in EXAMPLE.finditer(fh.read()):
                yield os.path.basename(path), match.group(1).replace("→", "\t").encode()


def bench_files(shared, limit=None):
    files = sorted(glob.glob(os.path.join(shared, "bench/corpus-a/**/*.md"), recursive=True))
    for path in files[:limit]:
        with open(path, "rb") as fh:
            yield fh.read()


def content_files():
    for path in sorted(glob.glob(os.path.join(ROOT, "Content/**/*.md"), recursive=True)):
        with open(path, "rb") as fh:
            yield fh.read()


def unescape(literal):
    def replace(match):
        text = match.group(0)
        if text.startswith("\\u{"):
            return chr(int(text[3:-1], 16))
        return {"\\n": "\n", "\\t": "\t", "\\r": "\r", '\\"': '"', "\\\\": "\\", "\\0": "\0"}.get(text, text)

    return re.sub(r'\\u\{[0-9a-fA-F]+\}|\\.', replace, literal)


def test_literals(pattern):
    """Every string literal (multi-line and single-line) in the Swift test files matching pattern."""
    for path in sorted(glob.glob(os.path.join(ROOT, "Tests", pattern), recursive=True)):
        with open(path, encoding="utf-8") as fh:
            source = fh.read()
        for match in MULTILINE.finditer(source):
            lines = match.group(1).split("\n")
            indent = min((len(l) - len(l.lstrip(" ")) for l in lines if l.strip()), default=0)
            yield unescape("\n".join(l[indent:] for l in lines) + "\n").encode("utf-8", "surrogatepass")
        for match in SINGLE.finditer(MULTILINE.sub("", source)):
            yield unescape(match.group(1)).encode("utf-8", "surrogatepass")


def markdown(shared):
    # Option bytes (FuzzMarkdown.swift): flags, then extensions and more flags.
    variants = [(0x00, 0x00), (0x08, 0x3F), (0x19, 0x7F), (0x66, 0xBF), (0xA2, 0x3F)]
    for index, (name, text) in enumerate(spec_examples(shared)):
        flags, more = variants[index % len(variants)]
        if name == "extensions.txt":
            more |= 0x3F
        elif name == "smart_punct.txt":
            flags |= 0x01
        yield bytes([flags, more]) + text
    for index, text in enumerate(bench_files(shared, 200)):
        yield bytes(variants[index % len(variants)]) + text[:6000]


def attributes(shared):
    for literal in test_literals("MarkdownParsingTests/ExtendedAttribute*.swift"):
        if b"^" in literal:
            yield b"\x3f" + literal
    # Grammar agreement: the inflection tests' spans (English and Spanish).
    for literal in test_literals("InflectionTests/*.swift"):
        if b"inflect" in literal:
            yield b"\x00" + literal
    with open(os.path.join(ROOT, "docs/RICHTEXT.md"), "rb") as fh:
        for line in fh.read().split(b"\n"):
            if b"^[" in line:
                yield b"\x00" + line.strip(b"` ")
    for _, text in spec_examples(shared):
        if b"[" in text:
            yield b"\x00" + text


def math(shared):
    for literal in test_literals("MarkdownParsingTests/MathTests.swift"):
        if b"$" in literal:
            yield b"\x3f" + literal
    for path in ["Content/ja/zenn.md", "Content/docs/markdown.md"]:
        with open(os.path.join(ROOT, path), "rb") as fh:
            yield b"\x3f" + fh.read()[:4000]
    # `:::` containers, which share the math extension's block hooks: the tests' pages, and pages
    # at and past the nesting limit (32), plain, in a block quote and in a list item.
    for literal in test_literals("MarkdownParsingTests/*.swift"):
        if b":::" in literal:
            yield b"\x3f" + literal
    for prefix in [b"", b"> ", b"- "]:
        yield b"\x3f" + (prefix + b":::message\n") * 34 + b"x\n:::\n"
        yield b"\x3f" + b"".join(prefix + b":" * (40 - depth) + b"details d\n" for depth in range(36)) + b":" * 40 + b"\n"
    for _, text in spec_examples(shared):
        if b"`" in text or b"\\" in text:
            yield b"\x00" + text.replace(b"`", b"$", 1)


def front_matter(shared):
    for index, text in enumerate(bench_files(shared, 300)):
        yield bytes([index % 2]) + text[:3000]
    for text in content_files():
        yield b"\x00" + text
    for path in [os.path.join(ROOT, "folio.yaml"), os.path.join(ROOT, "Content/folio.yaml")]:
        if os.path.exists(path):
            with open(path, "rb") as fh:
                yield b"\x02" + fh.read()
    for literal in test_literals("YAMLTests/**/*.swift"):
        yield b"\x03" + literal
    for literal in test_literals("SiteTests/**/*.swift"):
        for path, text in fixture_files(literal):
            if path.endswith(".md"):
                yield b"\x00" + text
            elif path.endswith("folio.yaml"):
                yield b"\x02" + text


def toml(shared):
    # Mode byte (FuzzTOML.swift): 0 the TOML door, 1 a page's `+++` front matter, 2 a page's JSON
    # front matter after its `{`.
    for literal in test_literals("TOMLTests/**/*.swift"):
        yield b"\x00" + literal
    for literal in test_literals("SiteTests/**/*.swift"):
        for path, text in fixture_files(literal):
            if text.startswith(b"+++\n") and text.count(b"+++\n") >= 2:
                yield b"\x01" + text.split(b"+++\n")[1]
            elif text.startswith(b"{"):
                yield b"\x02" + text[1:]
    yield b"\x00title = \"A\"\ndate = 1979-05-27T07:32:00-08:00\ntags = [\"a\", 'b']\n[params]\nx = { y = [1, 2.5, true] }\n"
    yield b"\x00[[a.b]]\nc = \"\"\"multi\nline\"\"\"\n[[a.b]]\nd = 0x1F\n'e.f' = 1e3\n"
    yield b"\x02\n  \"title\": \"\\u00e9 } {\",\n  \"tags\": [\"a\"]\n}\nBody\n"


def mustache(shared):
    for path in sorted(glob.glob(os.path.join(shared, "conformance/mustache/*.json"))):
        with open(path, encoding="utf-8") as fh:
            spec = json.load(fh)
        for test in spec["tests"]:
            parts = [test["template"], json.dumps(test["data"])]
            for name, source in sorted(test.get("partials", {}).items()):
                parts += [name, source]
            yield "\0".join(parts).encode()
    for path in sorted(glob.glob(os.path.join(ROOT, "Templates/**/*.mustache"), recursive=True)):
        with open(path, "rb") as fh:
            yield fh.read()


MARKER = re.compile("[0-9]\ufe0f\u20e3".encode())
FIXTURE_FILE = re.compile(rb"^-- (\S+) --\n", re.M)


def fixture_files(literal):
    """The files of an inline multi-file site fixture (`-- path --` lines), markers removed."""
    parts = FIXTURE_FILE.split(MARKER.sub(b"", literal))
    return [(parts[i].decode(), parts[i + 1]) for i in range(1, len(parts) - 1, 2)]


def bookmarks(shared):
    # Format byte (FuzzBookmarks.swift): 0 HTML, 1 CSV, 2 YAML, 3 JSON.
    formats = {".html": 0, ".htm": 0, ".csv": 1, ".yaml": 2, ".yml": 2, ".json": 3}
    for literal in test_literals("SiteTests/**/*.swift"):
        for path, text in fixture_files(literal):
            extension = os.path.splitext(path)[1].lower()
            if extension in formats and not path.endswith("folio.yaml"):
                yield bytes([formats[extension]]) + text
        text = MARKER.sub(b"", literal).lstrip()
        if b"<DT>" in text or b"<dt>" in text:
            yield b"\x00" + text
    yield b"\x01title,url,note\nExample,https://example.com/,\"a, \"\"quoted\"\" note\"\n"
    yield b"\x02- title: Example\n  url: https://example.com/\n  note: x\n"
    yield b'\x03[{"title": "Example", "url": "https://example.com/"}]'


def request_target(shared):
    for literal in test_literals("PreviewServerTests/**/*.swift"):
        if literal.startswith(b"/"):
            yield literal
    yield b"/"
    yield b"/posts/hello/?q=1"
    yield b"/a%20b/c%2e%2e/index.html"


def output_path(shared):
    # Mode byte (FuzzOutputPath.swift): even a site URL, odd a relative path.
    for literal in test_literals("SiteTests/**/*.swift"):
        if literal.startswith(b"/") and len(literal) < 200:
            yield b"\x00" + literal
        elif re.match(rb"^[\w.-]+(/[\w.-]+)*$", literal) and len(literal) < 200:
            yield b"\x01" + literal
    for url in [b"/", b"/posts/x/", b"/old.html", b"/a/b/c/", b"/tags/swift/page/2/", b"/feed.xml"]:
        yield b"\x00" + url
    for path in [b"index.html", b"posts/x/index.html", b"css/site.css"]:
        yield b"\x01" + path
    # Version-control names as checkouts on macOS and Windows see them, and encoded dots.
    for name in [".git/config", ".GIT/HEAD", ".g\u200cit/x".encode(), "git~1/config", ".git./x",
                 ".git::$INDEX_ALLOCATION/x", "_DARCS/x", "a/.Hg/b", "%2E%2e/x", "a%2fb", "a?b", "a#b",
                 ".folio-output"]:
        name = name if isinstance(name, bytes) else name.encode()
        yield b"\x01" + name
        yield b"\x00/" + name + b"/"


def image_size(shared):
    # Name byte (FuzzImageSize.swift): even a.svg, odd a.png. The SVG files of the site and
    # the theme, and the smallest header of each binary format, as the unit tests build them.
    for pattern in ["Content/**/*.svg", "Templates/**/*.svg"]:
        for path in sorted(glob.glob(os.path.join(ROOT, pattern), recursive=True)):
            with open(path, "rb") as fh:
                yield b"\x00" + fh.read(4096)
    be16 = lambda n: bytes([n >> 8 & 255, n & 255])
    png = b"\x89PNG\r\n\x1a\n\x00\x00\x00\x0dIHDR" + be16(0) + be16(640) + be16(0) + be16(480) + b"\x08\x06\x00\x00\x00"
    exif = b"Exif\x00\x00MM\x00\x2a\x00\x00\x00\x08\x00\x01\x01\x12\x00\x03\x00\x00\x00\x01\x00\x06\x00\x00\x00\x00\x00\x00"
    jpeg = (b"\xff\xd8\xff\xe1" + be16(len(exif) + 2) + exif + b"\xff\xc0\x00\x11\x08" + be16(768) + be16(1024)
            + b"\x03\x01\x22\x00\x02\x11\x01\x03\x11\x01\xff\xda\x00\x02\xff\xd9")
    gif = b"GIF89a\x20\x03\x58\x02\x00\x00\x00"
    riff = lambda chunk, body: b"RIFF\x00\x00\x00\x00WEBP" + chunk + b"\x00\x00\x00\x00" + body
    webps = [riff(b"VP8 ", b"\x00\x00\x00\x9d\x01\x2a\x90\x01\x2c\x01"),
             riff(b"VP8L", b"\x2f\x8f\xc1\x4a\x00"),
             riff(b"VP8X", b"\x00\x00\x00\x00\x7f\x07\x00\x37\x04\x00")]
    for image in [png, jpeg, gif] + webps:
        yield b"\x01" + image


def images(shared):
    # Choice byte (FuzzImages.swift) 0x05: PNG output, 9 wide. A tiny PNG and GIF made here,
    # and the headers the image-size target starts from, its name byte dropped.
    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
    rows = b"".join(b"\x00" + bytes(v for x in range(8) for v in (x * 32, y * 32, 128)) for y in range(8))
    png = (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 8, 8, 8, 2, 0, 0, 0))
           + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))
    gif = (b"GIF89a\x01\x00\x01\x00\x80\x00\x00\xff\xff\xff\x00\x00\x00"
           b"\x2c\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02\x44\x01\x00\x3b")
    yield b"\x05" + png
    yield b"\x06" + gif
    for seed in image_size(shared):
        if seed[:1] == b"\x01":
            yield b"\x05" + seed[1:]


def image_metadata(shared):
    # Policy byte (FuzzImageMetadata.swift): even .all, odd .location. The photos the unit tests
    # build (PhotoBytes.swift): Exif with a GPS directory in both byte orders, XMP that mentions
    # GPS, ICC chunks, text and time; as JPEG, PNG and WebP.
    import struct, zlib
    def tiff(little):
        o = "<" if little else ">"
        h = lambda n: struct.pack(o + "H", n)
        w = lambda n: struct.pack(o + "I", n)
        t = (b"II" if little else b"MM") + h(42) + w(8) + h(4)
        t += h(0x010F) + h(2) + w(6) + w(62) + h(0x0112) + h(3) + w(1) + h(6) + b"\0\0"
        t += h(0x8825) + h(4) + w(1) + w(68) + h(0x9C9B) + h(1) + w(2) + b"A\0\0\0" + w(0) + b"Apple\0"
        t += h(2) + h(1) + h(2) + w(2) + b"N\0\0\0" + h(2) + h(5) + w(3) + w(98) + w(0)
        return t + w(52) + w(1) + w(31) + w(1) + w(1234) + w(100)
    xmp = (b'<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF><rdf:Description '
           b'xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="52,31.2N"/></rdf:RDF></x:xmpmeta>')
    seg = lambda marker, payload: b"\xff" + bytes([marker]) + struct.pack(">H", len(payload) + 2) + payload
    scan = b"\xff\xda\x00\x08\x01\x01\x00\x00\x3f\x00\x12\xff\x00\x34\xff\xd0\x56\xff\xd9"
    frame = seg(0xDB, b"\0" + b"\1" * 64) + seg(0xC0, b"\x08\x0b\xb8\x0f\xa0\x01\x01\x11\x00")
    chunk = lambda t, d: struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d))
    ihdr = chunk(b"IHDR", b"\0\0\x0f\xa0\0\0\x0b\xb8\x08\x02\0\0\0")
    tail = chunk(b"IDAT", b"\x78\x9c\x01\x02\x03") + chunk(b"IEND", b"")
    def riff(flags, chunks):
        body = b"WEBP" + b"VP8X\x0a\0\0\0" + bytes([flags]) + b"\0\0\0\x9f\x0f\0\xb7\x0b\0"
        for code, data in chunks:
            body += code + struct.pack("<I", len(data)) + data + (b"\0" if len(data) % 2 else b"")
        return b"RIFF" + struct.pack("<I", len(body)) + body
    for little in [False, True]:
        jpeg = (b"\xff\xd8" + seg(0xE0, b"JFIF\0\1\1\0\0\1\0\1\0\0") + seg(0xE1, b"Exif\0\0" + tiff(little))
                + seg(0xE1, b"http://ns.adobe.com/xap/1.0/\0" + xmp) + seg(0xE2, b"ICC_PROFILE\0\1\1icc")
                + seg(0xFE, b"taken on holiday") + seg(0xEE, b"Adobe\0\x64\0\0\0\0\1") + frame + scan)
        png = (b"\x89PNG\r\n\x1a\n" + ihdr + chunk(b"eXIf", tiff(little))
               + chunk(b"iTXt", b"XML:com.adobe.xmp\0\0\0\0\0" + xmp) + chunk(b"tEXt", b"Comment\0hi") + tail)
        webp = riff(0x2C, [(b"ICCP", b"icc"), (b"VP8L", b"\x2f\x9f\xef\xb7\x02"), (b"EXIF", tiff(little) + b"\xaa"),
                           (b"XMP ", xmp)])
        for image in [jpeg, png, webp]:
            yield b"\x00" + image
            yield b"\x01" + image


def html_tree(shared):
    # The whole input is HTML (FuzzHTMLTree.swift): the HTML the GFM spec expects, the tests'
    # HTML literals (the HTML tree's own, the renderer's, KaTeX's MathML), and the theme's
    # templates.
    for path in sorted(glob.glob(os.path.join(shared, "conformance/gfm/*.txt"))):
        with open(path, encoding="utf-8") as fh:
            for match in EXAMPLE.finditer(fh.read()):
                yield match.group(2).replace("→", "\t").encode()
    for pattern in ["HTMLTreeTests/*.swift", "HTMLRenderingTests/**/*.swift", "MathRenderingTests/**/*.swift",
                    "CodeBlocksTests/**/*.swift"]:
        for literal in test_literals(pattern):
            if b"<" in literal:
                yield literal
    for path in sorted(glob.glob(os.path.join(ROOT, "Templates/**/*.mustache"), recursive=True)):
        with open(path, "rb") as fh:
            yield fh.read()[:8000]
    yield b"<div>" * 300 + b"x"
    yield b"<table><tr><td><svg><foreignObject><math><mi><b><p>x</b></p></mi></math></foreignObject></svg>"


TARGETS = {
    "markdown": markdown,
    "attributes": attributes,
    "front-matter": front_matter,
    "mustache": mustache,
    "bookmarks": bookmarks,
    "request-target": request_target,
    "output-path": output_path,
    "math": math,
    "toml": toml,
    "image-size": image_size,
    "images": images,
    "image-metadata": image_metadata,
    "html-tree": html_tree,
}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("target", choices=sorted(TARGETS))
    parser.add_argument("folder")
    parser.add_argument("--shared", default=os.path.join(os.path.dirname(ROOT), "shared"))
    parser.add_argument("--limit", type=int, help="at most this many seeds, spread over all of them")
    args = parser.parse_args()
    os.makedirs(args.folder, exist_ok=True)
    seeds = list(TARGETS[args.target](args.shared))
    if args.limit and len(seeds) > args.limit:
        seeds = seeds[:: -(-len(seeds) // args.limit)]
    count = 0
    for seed in seeds:
        name = hashlib.sha1(seed).hexdigest()
        with open(os.path.join(args.folder, name), "wb") as fh:
            fh.write(seed)
        count += 1
    print(f"{args.target}: {count} seeds")
    return 0 if count else 1


if __name__ == "__main__":
    sys.exit(main())

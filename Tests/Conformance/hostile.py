#!/usr/bin/env python3
"""Hostile inputs: `folio render` must survive them and print exactly what `cmark-gfm` prints.

Generates each input in a temporary folder: 100,000 nested block quotes, 100,000 nested list
items, 100,000 `[` and `*`, deep emphasis and images, thousands of footnotes, huge tables, a
~50 MB file made of the corpus pages, invalid UTF-8, NUL bytes and mixtures of them. Each is
rendered by both programs with the same options (defaults, and `--unsafe` with every
extension), with a timeout per run. folio must exit 0 and its stdout must equal cmark-gfm's
byte for byte. With `--extended-attributes`, hostile attribute syntax must not crash or hang
folio, and input with no valid attribute must still match cmark-gfm. Prints one line per case and ends with `N passed, M failed`; exits 0 only if
every case passed.

Usage: python3 Tests/Conformance/hostile.py --folio .build/release/folio [--corpus DIR]
"""
import argparse
import os
import random
import subprocess
import sys
import tempfile
import time

ALL = ["-e", "table", "-e", "strikethrough", "-e", "autolink", "-e", "tagfilter", "-e", "tasklist", "-e", "footnotes"]
OPTION_SETS = [("default", []), ("unsafe+all", ["--unsafe"] + ALL)]
N = 100_000


def corpus_bytes(folder, at_least):
    """The corpus pages concatenated (in a fixed order) until there are `at_least` bytes."""
    pages = []
    for root, _, names in os.walk(folder):
        pages += [os.path.join(root, n) for n in sorted(names) if n.endswith(".md")]
    pages.sort()
    if not pages:
        raise SystemExit(f"no .md files under {folder}")
    chunk = b"\n\n".join(open(p, "rb").read() for p in pages) + b"\n\n"
    return chunk * (at_least // len(chunk) + 1)


def mixed(seed):
    """Deep containers, emphasis and brackets with invalid UTF-8, NUL and CR bytes between."""
    rng = random.Random(seed)
    pieces = [b"> ", b"- ", b"1. ", b"*", b"_", b"[", b"]", b"(", b")", b"`", b"<", b"&#", b"\x00", b"\xff",
              b"\xc3", b"\xe2\x80", b"\r", b"\n", b"|", b"~", b"![", b"[^", b"]:", b"www.", b"a", b" ", b"\t"]
    return b"".join(rng.choice(pieces) for _ in range(400_000))


def cases(corpus):
    """(name, bytes) for every hostile input."""
    yield "nested block quotes", b">" * N + b" a\n"
    yield "nested list markers", b"- " * N + b"a\n"
    yield "nested ordered markers", b"1. " * N + b"a\n"
    # Indentation grows with depth, so 2,000 levels already make a 4 MB file.
    yield "nested indented list items", b"".join(b"  " * i + b"- a\n" for i in range(2000))
    yield "block quotes in list items", b"> - " * (N // 2) + b"a\n"
    yield "open brackets", b"[" * N + b"\n"
    yield "close brackets", b"]" * N + b"\n"
    yield "stars", b"*" * N + b"\n"
    yield "nested emphasis", b"*" * (N // 2) + b"a" + b"*" * (N // 2) + b"\n"
    yield "alternating delimiters", b"_*" * (N // 2) + b"a\n"
    yield "backticks", b"`" * N + b"\n" + b"`a" * (N // 2) + b"\n"
    yield "unclosed link destinations", b"[a](" * (N // 2) + b"\n"
    yield "nested images", b"![" * 20_000 + b"a" + b"](b)" * 20_000 + b"\n"
    yield "angle brackets", b"<" * N + b"\n" + b"<a " * (N // 3) + b"\n"
    yield "tildes", b"~" * N + b"\n" + b"~~a" * (N // 3) + b"\n"
    yield "autolinks", b"www.example.com/a_b " * 50_000 + b"\n"
    yield "many footnotes", b"".join(b"x[^%d]\n" % i for i in range(20_000)) + b"\n" + b"".join(
        b"[^%d]: note %d\n\n" % (i, i) for i in range(20_000))
    yield "many reference links", b"".join(b"[l%d]\n" % i for i in range(50_000)) + b"\n" + b"".join(
        b"[l%d]: /u%d 'title'\n" % (i, i) for i in range(50_000))
    yield "wide table", b"|" + b"a|" * 5_000 + b"\n|" + b"-|" * 5_000 + b"\n" + (b"|" + b"x|" * 5_000 + b"\n") * 20
    yield "long table", b"| a | b |\n|:-|-:|\n" + b"| x | *y* |\n" * N
    yield "task items", b"- [ ] a\n- [x] b\n" * (N // 2)
    yield "one long line", b"word *em* `c` **s** &amp; " * 400_000
    # cmark-gfm 0.29 is quadratic in the links of one paragraph (20,000 take it minutes), so
    # this stays small enough for the reference to answer.
    yield "links in one line", b"word *em* [l](u) " * 3_000
    yield "CR line endings", b"> a\r- b\r\r    code\r# h\r" * 20_000
    yield "invalid UTF-8", bytes(random.Random(1).randrange(256) for _ in range(1_000_000))
    yield "NUL bytes", b"a\x00b *c\x00* [\x00](\x00)\n\n# h\x00\n\n```\x00\n\x00\n```\n" * 10_000
    yield "mixed hostile bytes", mixed(2)
    if corpus:
        yield "corpus repeated to 50 MB", corpus_bytes(corpus, 50 * 1024 * 1024)


def extended_cases():
    """(name, bytes, literal) for `--extended-attributes`: `literal` inputs hold no valid
    `^[text](attributes)`, so they must still render exactly as cmark-gfm renders them."""
    yield "^[ repeated", b"^[" * N + b"\n", True
    yield "^[a]( repeated", b"^[a](" * (N // 2) + b"\n", True
    yield "unterminated attribute strings", b"^[a](k: '" * (N // 2) + b"\n", True
    yield "attribute array nested 100,000 deep", b"^[x](k: " + b"[" * N + b"\n", True
    yield "50,000 literal attributes", b"^[a](k: 1) " * (N // 2) + b"\n", False
    yield "50,000 link-shaped attributes", b"^[a](lang: 'ja') " * (N // 2) + b"\n", False
    yield "attributes nested 20,000 deep", b"^[" * 20_000 + b"x" + b"](k: [1]) " * 20_000 + b"\n", False


def run(command, timeout):
    started = time.monotonic()
    try:
        result = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, time.monotonic() - started
    return result, time.monotonic() - started


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    default_corpus = os.path.normpath(os.path.join(here, "../../../shared/bench/corpus-a"))
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--folio", required=True, help="path to the folio executable")
    parser.add_argument("--cmark", default="cmark-gfm", help="path to the cmark-gfm executable")
    parser.add_argument("--corpus", default=default_corpus, help="Markdown folder for the 50 MB case")
    parser.add_argument("--timeout", type=float, default=120, help="seconds allowed per run")
    parser.add_argument("--only", default="", help="run only the cases whose name contains this text")
    args = parser.parse_args()
    corpus = args.corpus if os.path.isdir(args.corpus) else None
    if not corpus:
        print(f"note: no corpus at {args.corpus}; the 50 MB case is left out")

    passed = failed = 0
    with tempfile.TemporaryDirectory(prefix="folio-hostile-") as folder:
        for index, (name, data) in enumerate(cases(corpus)):
            if args.only not in name:
                continue
            path = os.path.join(folder, f"case{index}.md")
            with open(path, "wb") as fh:
                fh.write(data)
            for label, options in OPTION_SETS:
                expected, cmark_time = run([args.cmark] + options + [path], args.timeout)
                actual, folio_time = run([args.folio, "render"] + options + [path], args.timeout)
                problem = None
                if expected is None or expected.returncode != 0:
                    problem = "cmark-gfm " + ("timed out" if expected is None else f"exited {expected.returncode}")
                elif actual is None:
                    problem = f"folio timed out after {args.timeout:.0f} s"
                elif actual.returncode != 0:
                    problem = f"folio exited {actual.returncode}: {actual.stderr[-300:]!r}"
                elif actual.stdout != expected.stdout:
                    a, e = actual.stdout, expected.stdout
                    i = next((k for k in range(min(len(a), len(e))) if a[k] != e[k]), min(len(a), len(e)))
                    problem = f"differs at byte {i}: expected {e[max(0, i - 30):i + 30]!r} got {a[max(0, i - 30):i + 30]!r}"
                size = f"{len(data) / 1e6:.1f} MB"
                times = f"folio {folio_time:.2f} s, cmark-gfm {cmark_time:.2f} s"
                if problem:
                    failed += 1
                    print(f"FAIL {name} [{label}] ({size}): {problem}", flush=True)
                else:
                    passed += 1
                    print(f"ok   {name} [{label}] ({size}; {times})", flush=True)
            os.remove(path)
        for index, (name, data, literal) in enumerate(extended_cases()):
            if args.only not in name:
                continue
            path = os.path.join(folder, f"extended{index}.md")
            with open(path, "wb") as fh:
                fh.write(data)
            for label, options in OPTION_SETS:
                actual, folio_time = run([args.folio, "render", "--extended-attributes"] + options + [path], args.timeout)
                expected = run([args.cmark] + options + [path], args.timeout)[0] if literal else None
                problem = None
                if actual is None:
                    problem = f"folio timed out after {args.timeout:.0f} s"
                elif actual.returncode != 0:
                    problem = f"folio exited {actual.returncode}: {actual.stderr[-300:]!r}"
                elif literal and (expected is None or actual.stdout != expected.stdout):
                    problem = "differs from cmark-gfm although nothing in it is an attribute"
                if problem:
                    failed += 1
                    print(f"FAIL extended: {name} [{label}]: {problem}", flush=True)
                else:
                    passed += 1
                    print(f"ok   extended: {name} [{label}] (folio {folio_time:.2f} s)", flush=True)
            os.remove(path)
    print(f"hostile ({passed + failed} runs):")
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Differential test: `folio render` must print byte-identical HTML to the `cmark-gfm` CLI.

Runs every .md file under the given folders through both programs with several option sets
(safe and unsafe, no extensions and all extensions, with and without --sourcepos, and the
other HTML-changing options) and compares the bytes. Prints one line per mismatch and ends
with `N passed, M failed`. Exit status 0 only when nothing differs.
"""
import argparse
import concurrent.futures
import os
import subprocess
import sys

ALL = ["-e", "table", "-e", "strikethrough", "-e", "autolink", "-e", "tagfilter", "-e", "tasklist", "-e", "footnotes"]
OPTION_SETS = [
    [],
    ["--unsafe"],
    ALL,
    ["--unsafe"] + ALL,
    ["--sourcepos"],
    ["--sourcepos", "--unsafe"] + ALL,
    ["--smart", "--hardbreaks", "--github-pre-lang", "--full-info-string"] + ALL,
    ["--nobreaks", "--validate-utf8", "--table-prefer-style-attributes", "--strikethrough-double-tilde"] + ALL,
]


def run(cmd, data):
    return subprocess.run(cmd, input=data, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=120)


def check(folio, path, options):
    with open(path, "rb") as fh:
        data = fh.read()
    expected = run(["cmark-gfm"] + options, data)
    actual = run([folio, "render"] + options, data)
    if actual.returncode != 0:
        return f"{path} {' '.join(options)}: folio exited {actual.returncode}: {actual.stderr[-300:]!r}"
    if actual.stdout != expected.stdout:
        a, e = actual.stdout, expected.stdout
        i = next((k for k in range(min(len(a), len(e))) if a[k] != e[k]), min(len(a), len(e)))
        return f"{path} {' '.join(options)}: differs at byte {i}: expected {e[max(0,i-40):i+40]!r} got {a[max(0,i-40):i+40]!r}"
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--folio", required=True)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    parser.add_argument("paths", nargs="+")
    args = parser.parse_args()
    files = []
    for root in args.paths:
        if os.path.isfile(root):
            files.append(root)
        for folder, _, names in os.walk(root):
            files += [os.path.join(folder, n) for n in sorted(names) if n.endswith(".md")]
    files.sort()
    jobs = [(f, o) for f in files for o in OPTION_SETS]
    failures = []
    with concurrent.futures.ThreadPoolExecutor(args.jobs * 2) as pool:
        for result in pool.map(lambda job: check(args.folio, *job), jobs):
            if result:
                failures.append(result)
    for failure in failures[:50]:
        print(failure)
    print(f"differential ({len(files)} files x {len(OPTION_SETS)} option sets):")
    print(f"{len(jobs) - len(failures)} passed, {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

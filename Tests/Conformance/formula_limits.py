#!/usr/bin/env python3
"""Formula blow-ups: how long `folio build` takes on them, how much memory it and its KaTeX
process reach, and what it says.

Builds two sites made with `folio new site`, each with extra pages under `Content/math/`:

- `eight-pages`: 8 pages, each one `$$…$$` formula of 4.6 KB: a macro of 400 `x^{y_z}` used
  900 times (KaTeX's 1,000 macro expansions allow it: some 2.5 million tokens, 20 MB of MathML).
- `eight-distinct-pages`: the same, but each page's macro has a subscript of its own
  (`x^{y_1}`, …), so KaTeX's results for one page do not serve the others.
- `one-page`: 1 page, one formula of 15.8 KB: the same macro with 2,000 `x^{y_z}`, used 900
  times.
- `heavy-page`: 1 page of 40 formulas, each a macro of 400 `x^{y_N}` used 30 times (84,000
  tokens, under the token limit; some 650 KB of MathML each, 26 MB in all).
- `slow-page`: 1 page of 1,000 formulas, each a macro of 300 `\\relax` used 300 times (90,000
  tokens that make almost no MathML: some 0.04 to 0.2 s of KaTeX each, 40 s or more in all).

Runs each under `/usr/bin/time -v` and prints the wall time, folio's peak RSS, the peak RSS
(VmHWM) seen in its `node` children (sampled every 0.02 s, so a short peak can be missed), the
exit code, the output's size and the first lines of standard error. A measurement, not a test:
it asserts nothing.

Usage: python3 Tests/Conformance/formula_limits.py --folio .build/debug/folio [--timeout 300]
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile
import threading
import time

def formula(copies, uses, subscript="z"):
    """One `$$…$$` formula: a macro of `copies` `x^{y_<subscript>}`, used `uses` times."""
    return "$$\\def\\a{" + ("x^{y_" + subscript + "}") * copies + "}" + "\\a" * uses + "$$\n"


# Each vector: its pages' Markdown (after the front matter), one string a page.
VECTORS = {
    "eight-pages": [formula(400, 900)] * 8,
    "eight-distinct-pages": [formula(400, 900, str(n)) for n in range(1, 9)],
    "one-page": [formula(2000, 900)],
    "heavy-page": ["\n".join(formula(400, 30, str(n)) for n in range(1, 41))],
    "slow-page": ["\n".join(
        "$$\\def\\a{" + "\\relax" * 300 + "}" + "\\a" * 300 + f" x_{{{n}}}$$\n" for n in range(1, 1001))],
}


def children(pid):
    """The ids of `pid`'s child processes, whichever of its threads started them."""
    found = []
    try:
        tasks = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return found
    for task in tasks:
        try:
            with open(f"/proc/{pid}/task/{task}/children") as f:
                found += [int(c) for c in f.read().split()]
        except OSError:
            pass
    return found


def peak_of(pid):
    """VmHWM of `pid` in KiB, or 0."""
    try:
        with open(f"/proc/{pid}/status") as f:
            match = re.search(r"VmHWM:\s+(\d+) kB", f.read())
            return int(match.group(1)) if match else 0
    except OSError:
        return 0


def run(folio, name, pages, timeout):
    with tempfile.TemporaryDirectory(prefix="folio-formulas-") as folder:
        site = os.path.join(folder, "site")
        subprocess.run([folio, "new", "site", site], check=True, capture_output=True)
        os.makedirs(os.path.join(site, "Content", "math"))
        for number, text in enumerate(pages, start=1):
            with open(os.path.join(site, "Content", "math", f"p{number}.md"), "w") as f:
                f.write(f"---\ntitle: P{number}\n---\n{text}")
        timing = os.path.join(folder, "time.txt")
        start = time.monotonic()
        process = subprocess.Popen(
            ["/usr/bin/time", "-v", "-o", timing, folio, "build"], cwd=site,
            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        node_peak = [0]
        done = threading.Event()

        def sample():
            while not done.is_set():
                for timer_child in children(process.pid):
                    for node in children(timer_child):
                        node_peak[0] = max(node_peak[0], peak_of(node))
                time.sleep(0.02)

        sampler = threading.Thread(target=sample)
        sampler.start()
        try:
            out, err = process.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            process.kill()
            out, err = process.communicate()
        done.set()
        sampler.join()
        wall = time.monotonic() - start
        report = open(timing).read() if os.path.exists(timing) else ""
        rss = re.search(r"Maximum resident set size \(kbytes\): (\d+)", report)
        output = os.path.join(site, "public")
        size = sum(
            os.path.getsize(os.path.join(root, f)) for root, _, files in os.walk(output) for f in files)
        lines = err.decode(errors="replace").splitlines()
        print(f"== {name}: {len(pages)} page(s) of {len(pages[0])} bytes")
        print(f"   wall {wall:.1f} s, exit {process.returncode}, "
              f"folio peak RSS {int(rss.group(1)) // 1024 if rss else '?'} MB, "
              f"node peak RSS {node_peak[0] // 1024} MB (sampled), output {size / 1e6:.1f} MB")
        for line in lines[:6]:
            print("   | " + line[:200])
        if len(lines) > 6:
            print(f"   | … {len(lines) - 6} more lines")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--folio", required=True)
    parser.add_argument("--timeout", type=float, default=300)
    parser.add_argument("--only", choices=sorted(VECTORS))
    arguments = parser.parse_args()
    folio = os.path.abspath(arguments.folio)
    for name, pages in VECTORS.items():
        if arguments.only in (None, name):
            run(folio, name, pages, arguments.timeout)
    return 0


if __name__ == "__main__":
    sys.exit(main())

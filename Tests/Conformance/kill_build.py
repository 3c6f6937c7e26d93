#!/usr/bin/env python3
"""Kill test: `folio build` killed with SIGKILL at any moment never leaves a missing or partial
output folder.

Builds a ~2,000-page site (generated with ../shared/bench/gen_corpus.py) in two versions, A
and B, that differ in every page (the site title changes) and in one extra page. Reference
builds of both are made first (twice for A, across two processes, so the test also checks that
builds are byte-identical). Then, RUNS times, it switches the sources to the other version,
starts `folio build`, and kills it with SIGKILL:

  * at a random moment (seeded) between start and a little past a whole build, or
  * in some runs, targeted: the moment the output folder is missing or has just been replaced,
    polled as fast as Python can, which is where a replace made of two renames shows its gap.

After each kill the output folder must be exactly (file list and bytes) the previous build or
the new one. The reference builds are made with `--no-cache`; the killed builds use the build
cache (`.folio/cache/pages`), so a kill can land while it is read or written, and every build
after one must still make exactly its reference. Last, pairs of builds run at once on the same
project and cache (each into its own output): both must make the reference, and the cache they
leave must be read by the next build without a note. Staging folders (`.public.folio-new-PID`,
`-old-PID`) may remain only for builds killed since the last build that finished; a finished
build must have removed them all. A last full build must end with no staging folders at all.
The spare (`.public.folio-spare-PID`: the output a build replaced, which the next one starts
from) is one at most, killed or not.

Prints one line per failure and ends with `N passed, M failed`; exit status 0 only when
nothing failed.

    python3 Tests/Conformance/kill_build.py [--folio .build/debug/folio] [--runs 20] [--seed 1]
"""
import argparse
import hashlib
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
STAGING = re.compile(r"^\.public\.folio-(?:new|old)-(\d+)$")
SPARE = re.compile(r"^\.public\.folio-spare-\d+$")


def snapshot(folder):
    """Relative path -> SHA-256 of every file below folder, or None when it does not exist."""
    if not os.path.isdir(folder):
        return None
    files = {}
    for directory, _, names in os.walk(folder):
        for name in names:
            path = os.path.join(directory, name)
            with open(path, "rb") as handle:
                files[os.path.relpath(path, folder)] = hashlib.sha256(handle.read()).hexdigest()
    return files


def describe(actual, expected):
    if actual is None:
        return "the output folder is missing"
    missing = len(expected.keys() - actual.keys())
    extra = len(actual.keys() - expected.keys())
    changed = sum(1 for key in expected.keys() & actual.keys() if expected[key] != actual[key])
    return f"{missing} files missing, {extra} extra, {changed} with other bytes"


def staging_folders(project):
    """{pid: [names]} of staging folders beside the output."""
    found = {}
    for name in os.listdir(project):
        match = STAGING.match(name)
        if match:
            found.setdefault(int(match.group(1)), []).append(name)
    return found


def generate(project, pages, shared):
    content = os.path.join(project, "Content")
    os.makedirs(content)
    subprocess.run(
        [sys.executable, os.path.join(shared, "bench", "gen_corpus.py"),
         "--src", os.path.join(shared, "bench", "corpus-a"), "--out", content, "--n", str(pages)],
        check=True, stdout=subprocess.DEVNULL)


def set_version(project, version):
    """Version A or B of the sources: B has another title (every page changes) and one more page."""
    with open(os.path.join(project, "folio.yaml"), "w") as handle:
        # The corpus comes from another site (Hugo's documentation): many of its links point at
        # pages this one does not have. The link check reports them; here they are warnings
        # (`--quiet` hides them), since this test is about the output folder, not the links.
        handle.write(
            f"title: Kill test {version}\nbaseURL: https://example.org/\npagination: 20\ncheckLinks: warn\n")
    extra = os.path.join(project, "Content", "extra.md")
    if version == "B":
        with open(extra, "w") as handle:
            handle.write("---\ntitle: Extra\ndate: 2024-01-01\n---\nOnly in version B.\n")
    elif os.path.exists(extra):
        os.remove(extra)


def build(folio, project, output=None, cache=True):
    command = [folio, "build", "--source", project, "--quiet"]
    if output:
        command += ["--output", output]
    if not cache:
        command.append("--no-cache")
    started = time.monotonic()
    result = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if result.returncode != 0:
        sys.exit(f"folio build failed ({result.returncode}):\n{result.stderr.decode()[-2000:]}")
    return time.monotonic() - started


def kill_when_replaced(process, output, deadline):
    """Spins until the output folder is missing or is another folder, then kills at once.

    Returns True when the folder was seen missing: even for a moment, that is a window in which
    a web server serving the folder answers 404, and in which a kill leaves no output at all.
    """
    try:
        before = os.stat(output).st_ino
    except FileNotFoundError:
        before = None
    seen_missing = False
    while process.poll() is None and time.monotonic() < deadline:
        try:
            if os.stat(output).st_ino != before:
                break
        except FileNotFoundError:
            seen_missing = True
            break
    process.send_signal(signal.SIGKILL)
    return seen_missing


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--folio", help="the folio binary (default: build it with swift build)")
    parser.add_argument("--shared", default=os.path.join(os.path.dirname(REPO), "shared"))
    parser.add_argument("--pages", type=int, default=2000)
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--pairs", type=int, default=4, help="pairs of builds run at once")
    parser.add_argument("--targeted", type=float, default=0.5,
                        help="share of runs killed at the moment the output is replaced")
    parser.add_argument("--tmp", default="/dev/shm" if os.access("/dev/shm", os.W_OK) else None,
                        help="where to make the work folder (default: /dev/shm when writable)")
    parser.add_argument("--keep", action="store_true", help="keep the work folder")
    args = parser.parse_args()

    folio = args.folio
    if not folio:
        subprocess.run(["swift", "build", "--product", "folio"], cwd=REPO, check=True,
                       stdout=subprocess.DEVNULL)
        folio = os.path.join(REPO, ".build", "debug", "folio")
    folio = os.path.abspath(folio)

    work = tempfile.mkdtemp(prefix="folio-kill-", dir=args.tmp)
    project = os.path.join(work, "site")
    os.makedirs(project)
    output = os.path.join(project, "public")
    failures = []
    passed = 0
    try:
        generate(project, args.pages, args.shared)
        references = {}
        durations = []
        for version in ["A", "B"]:
            set_version(project, version)
            folder = os.path.join(work, "reference-" + version)
            durations.append(build(folio, project, folder, cache=False))
            references[version] = snapshot(folder)
        # The same sources built by another process: byte-identical, or nothing below can pass.
        set_version(project, "A")
        build(folio, project, os.path.join(work, "reference-A2"), cache=False)
        if snapshot(os.path.join(work, "reference-A2")) != references["A"]:
            failures.append("two builds of version A differ: "
                            + describe(snapshot(os.path.join(work, "reference-A2")), references["A"]))
        for version in ["A", "B", "A2"]:
            shutil.rmtree(os.path.join(work, "reference-" + version))
        whole = max(durations)
        print(f"{len(references['A'])} files per build, {whole:.2f} s per build", flush=True)

        build(folio, project)
        current = "A"
        killed_since_success = set()
        rng = random.Random(args.seed)
        for run in range(1, args.runs + 1):
            target = "B" if current == "A" else "A"
            set_version(project, target)
            targeted = rng.random() < args.targeted
            delay = rng.uniform(0, whole * 1.2)
            process = subprocess.Popen([folio, "build", "--source", project, "--quiet"],
                                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            seen_missing = False
            if targeted:
                seen_missing = kill_when_replaced(process, output, time.monotonic() + whole * 5)
            else:
                time.sleep(delay)
                process.send_signal(signal.SIGKILL)
            status = process.wait()
            finished = status == 0
            how = "targeted" if targeted else f"after {delay:.2f} s"

            problems = []
            if seen_missing:
                problems.append("the output folder was missing for a moment while it was replaced")
            actual = snapshot(output)
            if actual == references[target]:
                landed = target
            elif actual == references[current]:
                landed = current
            else:
                landed = None
                problems.append(f"output is neither build: against the new one, {describe(actual, references[target])}")
            if finished:
                killed_since_success = set()
            else:
                killed_since_success.add(process.pid)
            leaked = {pid: names for pid, names in staging_folders(project).items()
                      if pid not in killed_since_success}
            if leaked:
                problems.append(f"staging folders of builds that are gone: {sorted(sum(leaked.values(), []))}")
            spares = [name for name in os.listdir(project) if SPARE.match(name)]
            if len(spares) > 1:
                problems.append(f"more than one spare beside the output: {sorted(spares)}")

            state = "finished" if finished else f"killed {how}"
            if problems:
                failures.append(f"run {run} ({state}): " + "; ".join(problems))
                print(f"FAIL run {run} ({state}): " + "; ".join(problems), flush=True)
            else:
                passed += 1
                print(f"ok   run {run} ({state}): output is version {landed}", flush=True)
            if landed:
                current = landed
            else:
                # Start the next run from a known state.
                set_version(project, current)
                build(folio, project)
                killed_since_success = set()

        # A build that finishes cleans up after every killed one.
        set_version(project, current)
        build(folio, project)
        left = staging_folders(project)
        if snapshot(output) != references[current]:
            failures.append("the last full build does not match its reference")
        elif left:
            failures.append(f"staging folders left after a full build: {sorted(sum(left.values(), []))}")
        else:
            passed += 1

        # Two builds at once share the cache: each replaces the file whole, so both make the
        # reference, and the file left is whole.
        for pair in range(1, args.pairs + 1):
            version = "B" if pair % 2 else "A"
            set_version(project, version)
            outputs = [os.path.join(work, f"pair-{pair}-{side}") for side in "xy"]
            processes = [subprocess.Popen([folio, "build", "--source", project, "--quiet", "--output", out],
                                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
                         for out in outputs]
            problems = []
            for process, out in zip(processes, outputs):
                if process.wait() != 0:
                    problems.append(f"a build failed: {process.stderr.read().decode()[-500:]}")
                elif snapshot(out) != references[version]:
                    problems.append("a build differs from its reference: "
                                    + describe(snapshot(out), references[version]))
                shutil.rmtree(out, ignore_errors=True)
            report = subprocess.run([folio, "build", "--source", project, "--format", "json", "--output",
                                     os.path.join(work, "after-pair")], stdout=subprocess.PIPE,
                                    stderr=subprocess.DEVNULL)
            shutil.rmtree(os.path.join(work, "after-pair"), ignore_errors=True)
            try:
                parsed = json.loads(report.stdout)
            except ValueError:
                parsed = {}
            notes = [d["message"] for d in parsed.get("diagnostics", []) if d.get("severity") == "note"]
            cache = parsed.get("cache") or {}
            if notes or cache.get("renderedPages", 1) != 0:
                problems.append(f"the cache two builds left was not reused whole: {notes or cache}")
            if problems:
                failures.append(f"pair {pair}: " + "; ".join(problems))
                print(f"FAIL pair {pair}: " + "; ".join(problems), flush=True)
            else:
                passed += 1
                print(f"ok   pair {pair}: both builds made version {version}; the cache was reused whole",
                      flush=True)
    finally:
        if args.keep:
            print(f"work folder kept: {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)

    for failure in failures:
        if not failure.startswith("run "):
            print("FAIL " + failure)
    print(f"{passed} passed, {len(failures)} failed")
    return 0 if not failures else 1


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Runs toml-test's cases (github.com/toml-lang/toml-test, tests/) through Folio's TOML door.

Every valid case must decode to its expected JSON (toml-test's tagged form: values compared by
type and meaning, floats as numbers, date-times as instants); every invalid case must be refused
with exit 1 and a message, never a crash, a hang or a document. When the suite lists the cases
of TOML 1.0.0 (tests/files-toml-1.0.0, in recent toml-test), only those are run, since toml++ 3.3
implements 1.0; an older suite without the list is all TOML 1.0, and every case is run.

Usage: toml_test.py --decoder .build/debug/toml-test-decoder [--suite PATH/TO/toml-test/tests]
Without --suite, the suite comes from PyPI, the one registry CI reaches: the source archive of
tomlkit 0.13.2 carries a copy of toml-test (96 valid and 185 invalid cases), fetched with
`pip download` into a temporary folder; nothing is kept in the repository.
Exit 0 when every case passes or is an expected failure listed below with its reason.
"""
import argparse
import datetime
import json
import math
import os
import subprocess
import sys
import tarfile
import tempfile

# toml++ 3.3.0's known deviations from TOML 1.0.0, each with the reason; a case listed here
# that passes is reported so the list can shrink.
EXPECTED_FAILURES = {}


def normalise_datetime(kind, text):
    text = text.replace(" ", "T").replace("t", "T").replace("z", "Z")
    if kind == "datetime":
        value = datetime.datetime.fromisoformat(text.replace("Z", "+00:00"))
        return value.astimezone(datetime.timezone.utc).isoformat()
    if kind == "datetime-local":
        return datetime.datetime.fromisoformat(text).isoformat()
    if kind == "date-local":
        return datetime.date.fromisoformat(text).isoformat()
    return datetime.time.fromisoformat(text).isoformat()


def same(expected, actual):
    """Whether two tagged JSON values mean the same document."""
    if isinstance(expected, dict) and set(expected) == {"type", "value"} and isinstance(expected["value"], str):
        if not (isinstance(actual, dict) and actual.get("type") == expected["type"]):
            return False
        kind, want, got = expected["type"], expected["value"], actual.get("value")
        if kind == "float":
            want_f, got_f = float(want), float(got)
            if math.isnan(want_f):
                return math.isnan(got_f)
            return want_f == got_f
        if kind == "integer":
            return int(want) == int(got)
        if kind in ("datetime", "datetime-local", "date-local", "time-local"):
            try:
                return normalise_datetime(kind, want) == normalise_datetime(kind, got)
            except ValueError:
                return want == got
        return want == got
    if isinstance(expected, dict):
        return isinstance(actual, dict) and set(expected) == set(actual) and all(
            same(expected[key], actual[key]) for key in expected)
    if isinstance(expected, list):
        return isinstance(actual, list) and len(expected) == len(actual) and all(
            same(e, a) for e, a in zip(expected, actual))
    return expected == actual


PYPI_SOURCE = ("tomlkit", "0.13.2", "tests/toml-test/tests")


def suite_from_pypi(scratch):
    """toml-test's tests/ folder from the tomlkit source archive on PyPI."""
    name, version, inside = PYPI_SOURCE
    subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--no-binary", ":all:",
                    f"{name}=={version}", "-d", scratch], check=True)
    with tarfile.open(os.path.join(scratch, f"{name}-{version}.tar.gz")) as archive:
        # Python 3.12's safe extraction where it exists (3.11.4 on); the archive is PyPI's.
        if hasattr(tarfile, "data_filter"):
            archive.extractall(scratch, filter="data")
        else:
            archive.extractall(scratch)
    return os.path.join(scratch, f"{name}-{version}", inside)


def listed_cases(suite):
    listing = os.path.join(suite, "files-toml-1.0.0")
    if os.path.exists(listing):
        with open(listing) as file:
            return [line.strip() for line in file if line.strip().endswith(".toml")]
    cases = []
    for kind in ("valid", "invalid"):
        for folder, _, files in os.walk(os.path.join(suite, kind)):
            cases += [os.path.relpath(os.path.join(folder, name), suite) for name in files if name.endswith(".toml")]
    return sorted(cases)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--decoder", required=True)
    parser.add_argument("--suite", help="toml-test's tests/ folder (default: from PyPI)")
    args = parser.parse_args()
    if args.suite is None:
        with tempfile.TemporaryDirectory() as scratch:
            return run(args.decoder, suite_from_pypi(scratch))
    return run(args.decoder, args.suite)


def run(decoder, suite):
    cases = listed_cases(suite)
    counts = {"valid": [0, 0], "invalid": [0, 0]}
    failures, unexpected_passes = [], []
    for case in cases:
        kind = case.split("/")[0]
        with open(os.path.join(suite, case), "rb") as file:
            data = file.read()
        try:
            result = subprocess.run([decoder], input=data, capture_output=True, timeout=20)
            code, out, err = result.returncode, result.stdout, result.stderr
        except subprocess.TimeoutExpired:
            code, out, err = "timeout", b"", b""
        if kind == "valid":
            with open(os.path.join(suite, case[:-5] + ".json")) as file:
                expected = json.load(file)
            ok = code == 0 and same(expected, json.loads(out))
            why = "" if ok else f"exit {code}: {err.decode(errors='replace').strip()[:200] or out.decode()[:200]}"
        else:
            ok = code == 1 and err.strip() != b""
            why = "" if ok else f"exit {code}, accepted: {out.decode(errors='replace')[:200]}"
        counts[kind][0 if ok else 1] += 1
        if not ok and case not in EXPECTED_FAILURES:
            failures.append((case, why))
        if ok and case in EXPECTED_FAILURES:
            unexpected_passes.append(case)
    for kind, (passed, failed) in counts.items():
        print(f"{kind}: {passed} passed, {failed} failed")
    expected_count = sum(1 for case in EXPECTED_FAILURES if case not in unexpected_passes)
    print(f"expected failures (toml++ 3.3 deviations, listed with reasons): {expected_count}")
    for case in unexpected_passes:
        print(f"now passes, remove from EXPECTED_FAILURES: {case}")
    for case, why in failures:
        print(f"FAIL {case}: {why}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

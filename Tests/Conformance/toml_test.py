#!/usr/bin/env python3
"""Runs toml-test's cases (github.com/toml-lang/toml-test, tests/) through Folio's TOML door.

Every valid case must decode to its expected JSON (toml-test's tagged form: values compared by
type and meaning, floats as numbers, date-times as instants); every invalid case must be refused
with exit 1 and a message, never a crash, a hang or a document. Only the cases the suite lists
for TOML 1.0.0 (tests/files-toml-1.0.0) are run, since toml++ 3.3 implements 1.0.

Usage: toml_test.py --decoder .build/debug/toml-test-decoder --suite PATH/TO/toml-test/tests
Exit 0 when every case passes or is an expected failure listed below with its reason.
"""
import argparse
import datetime
import json
import math
import os
import subprocess
import sys

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


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--decoder", required=True)
    parser.add_argument("--suite", required=True, help="toml-test's tests/ folder")
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()
    with open(os.path.join(args.suite, "files-toml-1.0.0")) as listing:
        cases = [line.strip() for line in listing if line.strip().endswith(".toml")]
    counts = {"valid": [0, 0], "invalid": [0, 0]}
    failures, unexpected_passes = [], []
    for case in cases:
        kind = case.split("/")[0]
        with open(os.path.join(args.suite, case), "rb") as file:
            data = file.read()
        try:
            run = subprocess.run([args.decoder], input=data, capture_output=True, timeout=20)
            code, out, err = run.returncode, run.stdout, run.stderr
        except subprocess.TimeoutExpired:
            code, out, err = "timeout", b"", b""
        if kind == "valid":
            with open(os.path.join(args.suite, case[:-5] + ".json")) as file:
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

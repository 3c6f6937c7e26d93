#!/usr/bin/env python3
"""Runs two or more commands in turn (A B A B …), so that whatever else the machine does falls
on each about equally, and prints each one's user and system CPU per run (from getrusage,
microseconds) with the median, the spread (min–max) and the wall time.

Usage: Benchmarks/ab.py [--runs N] [--prepare CMD] NAME=CMD NAME=CMD …
"""
import argparse, resource, shlex, statistics, subprocess, time

parser = argparse.ArgumentParser()
parser.add_argument("--runs", type=int, default=20)
parser.add_argument("--warmup", type=int, default=2)
parser.add_argument("--prepare", default="")
parser.add_argument("commands", nargs="+")
args = parser.parse_args()
named = [c.split("=", 1) for c in args.commands]
results = {name: [] for name, _ in named}


def run(command):
    if args.prepare:
        subprocess.run(args.prepare, shell=True, check=True)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(shlex.split(command), check=True, stdout=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime - before.ru_utime, after.ru_stime - before.ru_stime, wall


for round_ in range(args.warmup + args.runs):
    for name, command in named:
        measured = run(command)
        if round_ >= args.warmup:
            results[name].append(measured)

print("| command | user ms median (min–max) | sys ms median | wall ms median (min–max) |")
print("| --- | ---: | ---: | ---: |")
for name, _ in named:
    user = [r[0] * 1000 for r in results[name]]
    system = [r[1] * 1000 for r in results[name]]
    wall = [r[2] * 1000 for r in results[name]]
    print(f"| {name} | {statistics.median(user):.1f} ({min(user):.1f}–{max(user):.1f}) "
          f"| {statistics.median(system):.1f} | {statistics.median(wall):.1f} ({min(wall):.1f}–{max(wall):.1f}) |")

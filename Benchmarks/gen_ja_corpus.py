#!/usr/bin/env python3
"""N Japanese pages for the search benchmark, deterministic for a given --seed.

    python3 Benchmarks/gen_ja_corpus.py --out DIR --n 10000

There is no Japanese corpus of the size of ../shared/bench here, so the pages are made from the
sentences of Folio's own Japanese pages (Content/ja/*.md and the Japanese lines of the docs):
each page takes a title from the headings and 8-40 sentences drawn at random, in paragraphs
under headings. The vocabulary is small, so nearly every bigram is on a great many pages: a
harder case for the shard sizes than real Japanese text, where most bigrams are rare.
Layout: pages/sNN/pIIIIII.md, 20 sections.
"""
import argparse
import os
import random
import re
from datetime import datetime, timedelta

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def sentences_and_headings():
    sentences, headings = set(), set()
    for folder, _, files in os.walk(os.path.join(ROOT, "Content")):
        for name in sorted(files):
            if not name.endswith(".md"):
                continue
            with open(os.path.join(folder, name), encoding="utf-8") as handle:
                text = handle.read()
            in_code = False
            for line in text.splitlines():
                if line.startswith("```") or line.startswith("~~~"):
                    in_code = not in_code
                    continue
                if in_code or not JAPANESE.search(line) or line.startswith(("title:", "summary:", "tags:", "|")):
                    continue
                if line.startswith("#"):
                    headings.add(line.lstrip("# ").strip())
                    continue
                for sentence in re.split(r"(?<=[。！？])", line.strip("-*> ").strip()):
                    sentence = sentence.strip()
                    # Japanese prose only: no markup, mostly Japanese characters.
                    if any(mark in sentence for mark in "[]()`:<>{}|*_") or len(sentence) < 6:
                        continue
                    if len(JAPANESE.findall(sentence)) * 2 >= len(sentence.replace(" ", "")):
                        sentences.add(sentence)
    return sorted(sentences), sorted(headings)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", required=True)
    parser.add_argument("--n", type=int, required=True)
    parser.add_argument("--seed", type=int, default=20261202)
    args = parser.parse_args()
    sentences, headings = sentences_and_headings()
    rng = random.Random(args.seed)
    base = datetime(2015, 1, 1)
    total = 0
    for i in range(args.n):
        parts = []
        for _ in range(rng.randint(1, 4)):
            parts.append("## " + rng.choice(headings))
            parts.append("".join(rng.choice(sentences) for _ in range(rng.randint(4, 10))))
        title = "%s %d" % (rng.choice(headings), i)
        when = base + timedelta(minutes=rng.randrange(0, 10 * 365 * 24 * 60))
        text = '---\ntitle: "%s"\ndate: %s\n---\n\n%s\n' % (
            title.replace('"', "'"), when.strftime("%Y-%m-%dT%H:%M:%SZ"), "\n\n".join(parts))
        path = os.path.join(args.out, "pages", "s%02d" % (i % 20), "p%06d.md" % i)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(text)
        total += len(text.encode("utf-8"))
    print("generated %d pages, %d bytes, from %d sentences and %d headings"
          % (args.n, total, len(sentences), len(headings)))


if __name__ == "__main__":
    main()

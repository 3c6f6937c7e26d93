#!/usr/bin/env bash
# folio build of a generated Zenn-style repository of N articles with F formulas each, with
# formulas read (the default: KaTeX's MathML from one Node process for the build) and with
# `markdown: {math: false}` (the same files: then the dollars are plain text), to show what
# formulas cost.
#
# Usage: Benchmarks/zenn-math.sh [N] [F]     (default: 1000 articles, 10 formulas each)
#
# Each article (deterministic, from its number) has Zenn front matter, a few paragraphs of
# Japanese text with F - 2 formulas within the text (`$…$`), one `$$` block and one ```math
# fence. Two in three formulas differ from article to article (they carry its number), so the
# per-formula cache does not make the measurement trivial; the rest repeat, as real articles
# repeat `$n$` and `$x$`. The two projects share Content/ (hard links).
#
# Environment: RUNS (10 timed runs per project), WARMUP (2), BENCH_DIR (/dev/shm/folio-math),
# SKIP_BUILD=1 (use the existing release binary), FOLIO (another folio binary), CHECK=1 (build
# each project once, untimed, and check the output: for trying the script on a small N).
set -euo pipefail

N=${1:-1000}
F=${2:-10}
RUNS=${RUNS:-10}
WARMUP=${WARMUP:-2}
BENCH_DIR=${BENCH_DIR:-/dev/shm/folio-math}
cd "$(dirname "$0")/.."
repo=$(pwd)

if [[ -z "${SKIP_BUILD:-}${FOLIO:-}" ]]; then swift build -c release --static-swift-stdlib >&2; fi
folio=${FOLIO:-"$repo/.build/release/folio"}
[[ -n "${CHECK:-}" ]] || command -v hyperfine >/dev/null || { echo "zenn-math.sh: hyperfine is not installed" >&2; exit 69; }

corpus="$BENCH_DIR/corpus-$N-$F"
if [[ ! -f "$corpus/.done" ]]; then
  rm -rf "$corpus"
  python3 - "$corpus" "$N" "$F" <<'PY'
import os, sys
root, n, f = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
os.makedirs(f"{root}/articles", exist_ok=True)
words = ["静的サイト", "ジェネレーター", "Markdown", "リポジトリ", "記事", "Swift", "ビルド", "テンプレート"]
shapes = [r"x_{%d}^2 + y_{%d}^2", r"\frac{a_{%d}}{b_{%d}}", r"\sum_{k=1}^{%d} k^{%d}"]
for i in range(n):
    w = lambda k: words[(i + k) % len(words)]
    inline = []
    for j in range(max(f - 2, 0)):
        if j % 3 == 2:
            inline.append("$n$" if j % 2 else "$x$")
        else:
            shape = shapes[j % len(shapes)]
            inline.append("$" + shape % (i, j) + "$")
    sentences = [f"{w(j)}では{formula}を使います。" for j, formula in enumerate(inline)]
    paragraphs = ["".join(sentences[k:k + 3]) for k in range(0, len(sentences), 3)]
    body = f"""---
title: "記事 {i}: {w(0)}と{w(1)}"
emoji: "📝"
type: "tech"
topics: ["{w(2)}", "zenn"]
published: true
---

{w(4)}について書きます。{w(5)}を使うと{w(6)}が簡単になります。

""" + "\n\n".join(paragraphs) + f"""

## 式

$$
\\int_0^{{{i}}} e^{{-x^2}}\\,dx
$$

```math
\\begin{{pmatrix}} {i} & 1 \\\\ 0 & {i} \\end{{pmatrix}}
```

長い段落が続きます。{w(0)}の話と{w(1)}の話をします。
"""
    open(f"{root}/articles/article-{i:05d}.md", "w").write(body)
open(f"{root}/.done", "w").write("")
PY
fi

make_project() { # name, markdown settings
  local project="$BENCH_DIR/$1-$N-$F"
  rm -rf "$project"
  mkdir -p "$project/Content"
  cp -al "$corpus/articles" "$project/Content/articles"
  printf -- '---\ntitle: Articles\n---\n' >"$project/Content/articles/_index.md"
  printf -- '---\ntitle: Zenn\n---\n' >"$project/Content/_index.md"
  printf 'title: Zenn\nlanguage: ja\nbaseURL: https://example.org/\nmarkdown: %s\n' "$2" >"$project/folio.yaml"
  echo "$project"
}
with=$(make_project with '{}')
without=$(make_project without '{math: false}')

if [[ -n "${CHECK:-}" ]]; then
  for project in "$with" "$without"; do
    "$folio" build --source "$project" --output "$BENCH_DIR/out-$(basename "$project")" --quiet
  done
  # A glob, not `ls | grep | head`: with pipefail, head closing the pipe early fails the script.
  page=$(cd "$BENCH_DIR/out-with-$N-$F/articles" && set -- article-* && echo "$1")
  formulas=$(grep -o '<math ' "$BENCH_DIR/out-with-$N-$F/articles/$page/index.html" | wc -l)
  [[ $formulas -eq $F ]] || { echo "zenn-math.sh: $formulas formulas in $page, expected $F" >&2; exit 1; }
  ! grep -q '<math ' "$BENCH_DIR/out-without-$N-$F/articles/$page/index.html"
  echo "zenn-math.sh: both projects build ($N articles, $F formulas each as MathML in one, text in the other)"
  exit 0
fi

hyperfine --warmup "$WARMUP" --runs "$RUNS" \
  --prepare "rm -rf $BENCH_DIR/out-with $BENCH_DIR/out-without" \
  -n "with formulas" "$folio build --source $with --output $BENCH_DIR/out-with --quiet" \
  -n "math: false" "$folio build --source $without --output $BENCH_DIR/out-without --quiet"

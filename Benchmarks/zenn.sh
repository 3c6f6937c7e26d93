#!/usr/bin/env bash
# folio build of a generated Zenn-style repository of N articles, with the Zenn, Qiita and GitHub
# constructs read (the default) and with every one of them turned off in folio.yaml (the same
# files: then `:::message` and the rest are plain paragraphs), to show what reading them costs.
#
# Usage: Benchmarks/zenn.sh [N]        (default: 1000)
#
# Each article (deterministic, from its number) has Zenn front matter (title, emoji, type,
# topics, published; one in three `published: false`), a few paragraphs of Japanese text, two
# `:::message` blocks (one `alert`), a `::::details` around a `:::message`, a Qiita
# `:::note warn`, a GitHub `> [!NOTE]`, two link cards (a URL alone and `@[card](…)`), two inline
# footnotes and one `[^1]`, a sized image with a caption, a list and a code block. The two
# projects share Content/ (hard links) and Templates/.
#
# Environment: RUNS (10 timed runs per project), WARMUP (2), BENCH_DIR (/dev/shm/folio-zenn),
# SKIP_BUILD=1 (use the existing release binary), FOLIO (another folio binary), CHECK=1 (build
# each project once, untimed, and check the output: for trying the script on a small N), AB=1
# (the projects in turn through Benchmarks/ab.py instead of hyperfine; BEFORE=folio-site adds
# another binary's builds to each round). PADDED=1 adds a third project, the articles without the
# constructs padded with plain paragraphs to the same page sizes.
set -euo pipefail

N=${1:-1000}
RUNS=${RUNS:-10}
WARMUP=${WARMUP:-2}
BENCH_DIR=${BENCH_DIR:-/dev/shm/folio-zenn}
cd "$(dirname "$0")/.."
repo=$(pwd)

if [[ -z "${SKIP_BUILD:-}${FOLIO:-}" ]]; then swift build -c release --static-swift-stdlib >&2; fi
folio=${FOLIO:-"$repo/.build/release/folio"}
[[ -n "${CHECK:-}" ]] || command -v hyperfine >/dev/null || { echo "zenn.sh: hyperfine is not installed" >&2; exit 69; }

corpus="$BENCH_DIR/corpus-$N"
if [[ ! -f "$corpus/.done" ]]; then
  rm -rf "$corpus"
  python3 - "$corpus" "$N" <<'PY'
import os, sys
root, n = sys.argv[1], int(sys.argv[2])
os.makedirs(f"{root}/articles", exist_ok=True)
os.makedirs(f"{root}/images", exist_ok=True)
open(f"{root}/images/figure.png", "wb").write(b"\x89PNG\r\n\x1a\n")
words = ["静的サイト", "ジェネレーター", "Markdown", "リポジトリ", "記事", "Swift", "ビルド", "テンプレート"]
for i in range(n):
    w = lambda k: words[(i + k) % len(words)]
    body = f"""---
title: "記事 {i}: {w(0)}と{w(1)}"
emoji: "{['📝', '🐧', '🚀', '🔧'][i % 4]}"
type: "{'tech' if i % 2 else 'idea'}"
topics: ["{w(2)}", "{w(3)}", "zenn"]
published: {'false' if i % 3 == 0 else 'true'}
---

{w(4)}について書きます。{w(5)}を使うと{w(6)}が簡単になります。^[{w(7)}の補足です。]
長い段落が続きます。{w(0)}の話と{w(1)}の話をします。[^1]

## 使い方

:::message
{w(2)}を先に用意してください。**大事**な点です。
:::

:::message alert
{w(3)}を消すと元に戻せません。
:::

::::details {w(4)}の詳細
中身です。^[折りたたみの中の脚注。]

:::message
入れ子のメッセージ。
:::
::::

:::note warn
Qiitaのノートです。
:::

> [!NOTE]
> GitHubのアラートです。

https://zenn.dev/zenn/articles/markdown-guide-{i}

@[card](https://example.com/cards/{i})

![図](/images/figure.png =250x)
*図{i}のキャプション*

- {w(5)}
- {w(6)}
  - {w(7)}

```swift
let value = {i}
print(value)
```

[^1]: ふつうの脚注です。
"""
    open(f"{root}/articles/article-{i:05d}.md", "w").write(body)
open(f"{root}/.done", "w").write("")
PY
fi

make_project() { # name, markdown settings
  local project="$BENCH_DIR/$1-$N"
  rm -rf "$project"
  mkdir -p "$project/Content"
  cp -al "$corpus/articles" "$project/Content/articles"
  cp -al "$corpus/images" "$project/Content/images"
  printf -- '---\ntitle: Articles\n---\n' >"$project/Content/articles/_index.md"
  printf -- '---\ntitle: Zenn\n---\n' >"$project/Content/_index.md"
  printf 'title: Zenn\nlanguage: ja\nbaseURL: https://example.org/\ntaxonomies: [{name: tags, from: [topics]}]\nmarkdown: %s\n' \
    "$2" >"$project/folio.yaml"
  echo "$project"
}
with=$(make_project with '{}')
without=$(make_project without \
  '{alerts: false, messages: false, notes: false, details: false, inlineFootnotes: false, imageSizes: false, figures: false, linkCards: false, math: false}')

if [[ -n "${PADDED:-}" ]]; then
  # A third project, "padded": the articles with every construct off, each followed by plain
  # paragraphs that make its page as large as the page the constructs give. Against it, the
  # constructs' cost is what reading and rendering them costs beyond writing as many bytes.
  for project in "$with" "$without"; do
    rm -rf "$BENCH_DIR/size-$(basename "$project")"
    "$(dirname "$folio")/folio-site" build --source "$project" --output "$BENCH_DIR/size-$(basename "$project")" --quiet
  done
  rm -rf "$BENCH_DIR/padded-$N"
  cp -r "$without" "$BENCH_DIR/padded-$N"
  python3 - "$BENCH_DIR" "$N" <<'PY'
import os, sys
root, n = sys.argv[1], sys.argv[2]
sentence = "これは出力を同じ大きさにするための普通の段落です。"
for name in sorted(os.listdir(f"{root}/size-with-{n}/articles")):
    page = lambda side: f"{root}/size-{side}-{n}/articles/{name}/index.html"
    if not os.path.exists(page("without")):
        continue
    missing = os.path.getsize(page("with")) - os.path.getsize(page("without"))
    paragraphs = []
    while missing > 8:  # each paragraph is <p>, its text, </p> and a newline: 8 bytes more
        text = (sentence * 20).encode()[: min(300, missing - 8)].decode(errors="ignore")
        paragraphs.append(text)
        missing -= len(text.encode()) + 8
    source = f"{root}/padded-{n}/Content/articles/{name}.md"
    body = open(source).read()
    head, notes = body.rsplit("[^1]:", 1)
    open(source, "w").write(head + "\n\n".join(paragraphs) + "\n\n[^1]:" + notes)
PY
  padded="$BENCH_DIR/padded-$N"
fi

if [[ -n "${CHECK:-}" ]]; then
  for project in "$with" "$without"; do
    "$folio" build --source "$project" --output "$BENCH_DIR/out-$(basename "$project")" --quiet
  done
  # (A glob, not `ls | head`: head closing the pipe fails the pipeline under pipefail.)
  pages=("$BENCH_DIR/out-with-$N/articles"/article-*)
  page=$(basename "${pages[0]}")
  grep -q 'folio-callout' "$BENCH_DIR/out-with-$N/articles/$page/index.html"
  grep -q 'folio-details' "$BENCH_DIR/out-with-$N/articles/$page/index.html"
  ! grep -q 'folio-callout' "$BENCH_DIR/out-without-$N/articles/$page/index.html"
  echo "zenn.sh: both projects build ($N articles; constructs read in one, plain text in the other)"
  exit 0
fi

if [[ -n "${AB:-}" ]]; then
  # In turn (with, without, with, …), user and system CPU from getrusage: on a machine other
  # builds share, each project gets the same share of the noise. BEFORE=OTHER_FOLIO_SITE adds
  # that binary's two builds to the rounds.
  site=$(dirname "$folio")/folio-site
  runs=("with=$site build --source $with --output $BENCH_DIR/out-ab --quiet"
    "without=$site build --source $without --output $BENCH_DIR/out-ab --quiet")
  if [[ -n "${padded:-}" ]]; then
    runs+=("padded=$site build --source $padded --output $BENCH_DIR/out-ab --quiet")
  fi
  if [[ -n "${BEFORE:-}" ]]; then
    runs+=("before-with=$BEFORE build --source $with --output $BENCH_DIR/out-ab --quiet"
      "before-without=$BEFORE build --source $without --output $BENCH_DIR/out-ab --quiet")
  fi
  exec python3 Benchmarks/ab.py --runs "$RUNS" --warmup "$WARMUP" --prepare "rm -rf $BENCH_DIR/out-ab" "${runs[@]}"
fi

extra=()
if [[ -n "${padded:-}" ]]; then
  extra=(-n "padded" "$folio build --source $padded --output $BENCH_DIR/out-padded --quiet")
fi
hyperfine --warmup "$WARMUP" --runs "$RUNS" \
  --prepare "rm -rf $BENCH_DIR/out-with $BENCH_DIR/out-without $BENCH_DIR/out-padded" \
  -n "with constructs" "$folio build --source $with --output $BENCH_DIR/out-with --quiet" \
  -n "without" "$folio build --source $without --output $BENCH_DIR/out-without --quiet" "${extra[@]}"

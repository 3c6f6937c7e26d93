# Sourced by the benchmark scripts: the generated corpus they share.
#
# bench_corpus BENCH_DIR SHARED N prints the folder of N pages made by SHARED/gen_corpus.py
# from SHARED/corpus-a (deterministic), generating it first when it is not there yet
# (BENCH_DIR/cN, marked complete by a `generated` file, so an interrupted run starts again).
bench_corpus() {
  local corpus="$1/c$3"
  if [[ ! -f "$corpus/generated" ]]; then
    rm -rf "$corpus"
    python3 "$2/gen_corpus.py" --src "$2/corpus-a" --out "$corpus" --n "$3" >&2
    touch "$corpus/generated"
  fi
  echo "$corpus"
}

# bench_project CORPUS CONFIG REFERENCE makes CORPUS/folio-CONFIG afresh and prints it: REFERENCE's
# CONFIG.yaml as folio.yaml, its minimal layouts (REFERENCE/Templates), and Content/ as a
# hard-linked copy of the generated pages plus a title-only _index.md per top-level folder, so
# Folio renders the section lists Hugo makes on its own.
bench_project() {
  local project="$1/folio-$2"
  rm -rf "$project"
  mkdir -p "$project"
  cp "$3/$2.yaml" "$project/folio.yaml"
  cp -r "$3/Templates" "$project/Templates"
  cp -al "$1/pages" "$project/Content"
  local section
  for section in "$project"/Content/*/; do
    printf -- '---\ntitle: "%s"\n---\n' "$(basename "$section")" >"$section/_index.md"
  done
  echo "$project"
}

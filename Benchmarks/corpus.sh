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

#!/usr/bin/env bash
# Sets dnrad beside GHC on the benchmark programs of this folder: each program at its large
# size (the arguments of its first line, `-- bench: ARGS`) is compiled with `ghc -O2` into a
# temporary folder (never into the repository), then run REPS times (default 3), interleaved:
# the GHC binary, `runghc`, and `dnrad run` (the VM, from a release build). Prints a markdown
# table of the median wall-clock times with the ratios dnrad/ghc-O2 and runghc/dnrad and their
# geometric means, and says when dnrad's output differs from GHC's. A measurement tool only:
# GHC is optional for the project, and no test calls this script.
#
# Usage: benches/programs/compare.sh [-n REPS] [PROGRAM...]   (names without .hs; default all)
# The dnrad binary is $DNRAD, or else target/release/dnrad (run `cargo build --release` first).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
reps=3
if [[ "${1:-}" == "-n" ]]; then
  reps="$2"
  shift 2
fi

for tool in ghc runghc; do
  if ! command -v "$tool" >/dev/null; then
    echo "compare.sh: \`$tool\` is not installed; this comparison needs GHC (e.g. apt-get install ghc)." >&2
    exit 2
  fi
done
dnrad="${DNRAD:-$root/target/release/dnrad}"
if [[ ! -x "$dnrad" ]]; then
  echo "compare.sh: no dnrad binary at $dnrad; run \`cargo build --release\` first (or set DNRAD)." >&2
  exit 2
fi

if [[ $# -gt 0 ]]; then
  names=("$@")
else
  names=()
  for f in "$here"/*.hs; do names+=("$(basename "$f" .hs)"); done
fi

tmp="$(mktemp -d "${TMPDIR:-/tmp}/dnrad-compare.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT

# Seconds (3 decimals) that a command takes, its standard output into the file $1.
elapsed() {
  local out="$1"
  shift
  local start end
  start=$(date +%s%N)
  "$@" >"$out"
  end=$(date +%s%N)
  awk -v ns=$((end - start)) 'BEGIN { printf "%.3f", ns / 1e9 }'
}

median() {
  printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

echo "| program | arguments | ghc -O2 (s) | runghc (s) | dnrad VM (s) | dnrad / ghc -O2 | runghc / dnrad |"
echo "|---|---|---:|---:|---:|---:|---:|"
rows="$tmp/rows"
: >"$rows"
differs=()
for name in "${names[@]}"; do
  src="$here/$name.hs"
  read -r -a args <<<"$(head -n 1 "$src" | sed -n 's/^-- bench://p')"
  mkdir -p "$tmp/$name"
  ghc -O2 -outputdir "$tmp/$name" -o "$tmp/$name/bin" "$src" >"$tmp/$name/ghc.log" 2>&1 || {
    echo "compare.sh: ghc -O2 could not compile $name.hs:" >&2
    cat "$tmp/$name/ghc.log" >&2
    exit 1
  }
  g=() r=() d=()
  for ((i = 0; i < reps; i++)); do
    g+=("$(elapsed "$tmp/$name/ghc.out" "$tmp/$name/bin" "${args[@]}")")
    r+=("$(elapsed "$tmp/$name/runghc.out" runghc "$src" "${args[@]}")")
    d+=("$(elapsed "$tmp/$name/dnrad.out" "$dnrad" run "$src" -- "${args[@]}")")
  done
  if ! cmp -s "$tmp/$name/ghc.out" "$tmp/$name/dnrad.out" || ! cmp -s "$tmp/$name/ghc.out" "$tmp/$name/runghc.out"; then
    differs+=("$name")
  fi
  mg=$(median "${g[@]}") mr=$(median "${r[@]}") md=$(median "${d[@]}")
  # A millisecond at least, so that the ratios stay finite.
  mg=$(awk -v t="$mg" 'BEGIN { print (t < 0.001) ? 0.001 : t }')
  echo "$mg $mr $md" >>"$rows"
  awk -v n="$name" -v a="${args[*]}" -v g="$mg" -v r="$mr" -v d="$md" \
    'BEGIN { printf "| %s | %s | %.3f | %.3f | %.3f | %.1f | %.2f |\n", n, a, g, r, d, d / g, r / d }'
done
awk '{ lg += log($3 / $1); lr += log($2 / $3); n++ }
  END { if (n) printf "| **geometric mean** | | | | | **%.1f** | **%.2f** |\n", exp(lg / n), exp(lr / n) }' "$rows"
echo
echo "Medians of $reps interleaved runs, wall-clock, compile time included for runghc and dnrad."
if [[ ${#differs[@]} -gt 0 ]]; then
  echo "compare.sh: the outputs differ from GHC -O2's for: ${differs[*]}" >&2
  exit 1
fi

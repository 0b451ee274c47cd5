#!/bin/sh
# Seed the fuzz targets' corpora from the repository's programs: copies every .hs/.lhs file of
# tests/corpus, tests/programs, tests/library, tests/array_programs, benches/programs and
# examples into fuzz/corpus/TARGET/ (named by its path) for each target. The seeds are not
# committed (fuzz/.gitignore); run it again after programs are added. It only copies files.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
for target in parse typecheck check run; do
    mkdir -p "$here/corpus/$target"
done
count=0
for dir in tests/corpus tests/programs tests/library tests/array_programs benches/programs examples; do
    for file in $(cd "$root" && find "$dir" -name '*.hs' -o -name '*.lhs' | sort); do
        name=$(printf '%s' "$file" | tr '/' '_')
        for target in parse typecheck check run; do
            cp "$root/$file" "$here/corpus/$target/seed_$name"
        done
        count=$((count + 1))
    done
done
echo "seeded $count programs into $here/corpus/{parse,typecheck,check,run}"

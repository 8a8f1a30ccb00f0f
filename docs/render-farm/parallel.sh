#!/usr/bin/env bash
# Renders a scene in N parts with GNU parallel, one process a part, then puts them together.
#
#   parallel.sh N OUT SCENE [render options…]
#     N      how many parts (processes); parallel runs as many at once as there are cores
#     OUT    a folder (PNG sequence: the parts write into it, no join needed) or a .mp4, .webm
#            or .mov file (the parts go to OUT.parts/ and `snowglobe join` makes OUT)
#     SCENE  the script, then any `snowglobe render` options (--duration 30 --fps 30 --size …)
#
# Environment: SNOWGLOBE (the program, default snowglobe), JOBS (parts at once, default one a
# core), SSHLOGIN (e.g. "4/alice@farm1,4/farm2": run the parts on those machines through ssh;
# each needs snowglobe, and OUT and SCENE at the same path, e.g. on a shared file system).
set -euo pipefail

if [ $# -lt 3 ]; then
  echo "usage: $0 N OUT SCENE [render options…]" >&2
  exit 64
fi
parts=$1 out=$2 scene=$3
shift 3
snowglobe=${SNOWGLOBE:-snowglobe}

options=(--halt now,fail=1 --jobs "${JOBS:-100%}")
if [ -n "${SSHLOGIN:-}" ]; then
  options+=(--sshlogin "$SSHLOGIN" --workdir "$PWD")
fi

case "$out" in
  *.mp4|*.webm|*.mov)
    extension=${out##*.}
    folder="$out.parts"
    mkdir -p "$folder"
    # Each part is a self-contained segment, named by its place so the join takes them in order.
    parallel "${options[@]}" -q "$snowglobe" render "$scene" "$@" --chunk "{}/$parts" \
      --out "$folder/part-{=\$_=sprintf('%04d',\$_)=}.$extension" ::: $(seq 1 "$parts")
    list=()
    for k in $(seq 1 "$parts"); do list+=("$(printf '%s/part-%04d.%s' "$folder" "$k" "$extension")"); done
    "$snowglobe" join "${list[@]}" --out "$out"
    rm -r "$folder"
    ;;
  *)
    # A PNG sequence: every part writes its frames, by global number, into the one folder.
    parallel "${options[@]}" -q "$snowglobe" render "$scene" "$@" --chunk "{}/$parts" --out "$out" \
      ::: $(seq 1 "$parts")
    ;;
esac

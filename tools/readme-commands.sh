#!/usr/bin/env bash
# Runs the README's commands as a newcomer types them, in this clone, and checks what each gives:
#   make run                           without a display: the example rendered to snowfall.gif
#   xvfb-run -a make run ARGS=…        with one: the viewer opens, runs and exits 0
#   make install PREFIX=…              the binary on PATH, runnable from another folder
#   make bench BENCH_ARGS="--only startup"   the benchmarks build and the row runs
# `make test` runs the tests; CI runs this after it (.ci/run), so a broken first command cannot land.
set -euo pipefail
cd "$(dirname "$0")/.."

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
fail() { echo "readme-commands: $*" >&2; exit 1; }

echo "readme-commands: make run (no display)"
rm -f snowfall.gif
env -u DISPLAY -u WAYLAND_DISPLAY -u SDL_VIDEODRIVER make run >"$work/run.log" 2>&1 \
  || { cat "$work/run.log" >&2; fail "make run without a display failed"; }
grep -q "make run: wrote snowfall.gif" "$work/run.log" || { cat "$work/run.log" >&2; fail "make run did not say where it wrote"; }
# 6 s at 12 fps, 480×360: what the Makefile asks of the render.
gif="$(ffprobe -v error -count_frames -select_streams v:0 \
  -show_entries stream=codec_name,width,height,nb_read_frames -of csv=p=0 snowfall.gif)"
[ "$gif" = "gif,480,360,72" ] || fail "snowfall.gif is '$gif' (codec,width,height,frames), expected gif,480,360,72"

echo "readme-commands: xvfb-run -a make run ARGS=\"--quit-after 3\""
timeout 300 xvfb-run -a make run ARGS="--quit-after 3" >"$work/window.log" 2>&1 \
  || { cat "$work/window.log" >&2; fail "make run in a window did not exit 0"; }

echo "readme-commands: make install PREFIX=…"
make install PREFIX="$work/prefix" >"$work/install.log" 2>&1 || { cat "$work/install.log" >&2; fail "make install failed"; }
(cd "$work" && ./prefix/bin/snowglobe check --example heart --duration 1) >"$work/check.log" 2>&1 \
  || { cat "$work/check.log" >&2; fail "the installed snowglobe does not run"; }
make uninstall PREFIX="$work/prefix" >/dev/null

echo "readme-commands: make bench BENCH_ARGS=\"--only startup\""
timeout 900 make bench BENCH_ARGS="--only startup" >"$work/bench.log" 2>&1 \
  || { cat "$work/bench.log" >&2; fail "make bench --only startup failed"; }
grep -q "start-up" "$work/bench.log" || { tail -20 "$work/bench.log" >&2; fail "make bench printed no start-up row"; }

echo "readme-commands: make run (with and without a display), make install and make bench work as the README says"

#!/bin/sh
# What `make install` and `make uninstall` run (and the install test, with the debug binary):
#
#   tools/install.sh install BINARY PREFIX [DESTDIR]
#   tools/install.sh uninstall PREFIX [DESTDIR]
#
# install copies BINARY to PREFIX/bin/snowglobe and, under PREFIX/share, what it finds from its
# own place (../share/snowglobe): the Scripts library, the examples and lessons, the exercises, the templates
# ca.lua (the LuaLS definitions) and luacheck_std.lua (luacheck's `ca` globals); README.md and docs/ go to share/doc/snowglobe, and the
# shell completions BINARY generates to bash's, zsh's and fish's folders. Every file written and
# every folder made is listed in share/snowglobe/install-manifest; uninstall removes exactly
# those (folders only once empty). Installing again first removes what the last install put.
# DESTDIR, if given, is put before every path written (for packaging), not in the manifest.
set -eu

repo=$(cd "$(dirname "$0")/.." && pwd)
manifest_name=share/snowglobe/install-manifest

usage() {
  echo "usage: $0 install BINARY PREFIX [DESTDIR] | $0 uninstall PREFIX [DESTDIR]" >&2
  exit 2
}

# uninstall ROOT: removes the files the manifest in ROOT lists, the manifest, then the folders
# it lists, deepest first, those that are empty.
uninstall() {
  root=$1
  manifest="$root/$manifest_name"
  [ -f "$manifest" ] || { echo "snowglobe is not installed in $root (no $manifest_name)"; return 0; }
  grep '^f ' "$manifest" | cut -c3- | while IFS= read -r file; do rm -f "$root/$file"; done
  folders=$(grep '^d ' "$manifest" | cut -c3- | sort -r)
  rm -f "$manifest"
  printf '%s\n' "$folders" | while IFS= read -r folder; do
    [ -n "$folder" ] && rmdir "$root/$folder" 2>/dev/null || true
  done
  echo "removed snowglobe from $root"
}

# folder PATH: makes ROOT/PATH and the folders above it that are missing, noting each made.
folder() {
  [ -d "$root/$1" ] && return 0
  parent=$(dirname "$1")
  [ "$parent" = "." ] || folder "$parent"
  mkdir "$root/$1"
  echo "d $1" >> "$pending"
}

# put SOURCE PATH MODE: copies SOURCE to ROOT/PATH, noting it.
put() {
  folder "$(dirname "$2")"
  cp "$1" "$root/$2"
  chmod "$3" "$root/$2"
  echo "f $2" >> "$pending"
}

# put_all FOLDER PATH: every file in the repository's FOLDER (recursively) under ROOT/PATH.
put_all() {
  (cd "$repo/$1" && find . -type f | sed 's|^\./||' | LC_ALL=C sort) | while IFS= read -r file; do
    put "$repo/$1/$file" "$2/$file" 644
  done
}

# completion SHELL PATH: the completion script BINARY generates for SHELL, as ROOT/PATH.
completion() {
  folder "$(dirname "$2")"
  "$binary" --generate-completion-script "$1" > "$root/$2"
  chmod 644 "$root/$2"
  echo "f $2" >> "$pending"
}

install_to() {
  binary=$1
  [ -x "$binary" ] || { echo "$0: $binary is not an executable (build it first)" >&2; exit 1; }
  mkdir -p "$root"
  uninstall "$root" > /dev/null
  pending=$(mktemp)
  trap 'rm -f "$pending"' EXIT
  put "$binary" bin/snowglobe 755
  put_all Scripts share/snowglobe/Scripts
  put_all Examples share/snowglobe/Examples
  put_all Templates share/snowglobe/Templates
  put_all exercises share/snowglobe/exercises
  put "$repo/docs/ca.lua" share/snowglobe/definitions/ca.lua 644
  put "$repo/docs/luacheck_std.lua" share/snowglobe/definitions/luacheck_std.lua 644
  put "$repo/README.md" share/doc/snowglobe/README.md 644
  put_all docs share/doc/snowglobe/docs
  completion bash share/bash-completion/completions/snowglobe
  completion zsh share/zsh/site-functions/_snowglobe
  completion fish share/fish/vendor_completions.d/snowglobe.fish
  folder "$(dirname "$manifest_name")"
  cp "$pending" "$root/$manifest_name"
  chmod 644 "$root/$manifest_name"
  echo "installed snowglobe in $root: $(grep -c '^f ' "$pending") files (listed in $manifest_name)"
}

[ $# -ge 1 ] || usage
case $1 in
  install)
    [ $# -ge 3 ] && [ $# -le 4 ] || usage
    root="${4:-}$3"
    install_to "$2" ;;
  uninstall)
    [ $# -ge 2 ] && [ $# -le 3 ] || usage
    uninstall "${3:-}$2" ;;
  *) usage ;;
esac

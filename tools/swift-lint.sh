#!/usr/bin/env bash
# `make lint`'s Swift half: swift-format (the toolchain's) in lint mode with the checked-in
# .swift-format, failing on what its rules find. The pretty-printer's layout findings
# (Indentation, AddLines, LineLength, …) are not rules and swift-format cannot turn them off
# (swiftlang/swift-format#764); they are left out, since acting on them would reformat every file.
set -euo pipefail
cd "$(dirname "$0")/.."

rules="$(grep -o '"[A-Z][A-Za-z]*": *\(true\|false\)' .swift-format | cut -d'"' -f2 | paste -sd'|')"
findings="$(swift format lint --parallel --recursive Sources Tests Plugins Benchmarks/Sources Package.swift 2>&1 \
  | grep -E "(warning|error): \[($rules)\]" || true)"
if [ -n "$findings" ]; then
  echo "$findings" >&2
  echo "swift-lint: $(echo "$findings" | wc -l) finding(s) of the rules in .swift-format" >&2
  exit 1
fi

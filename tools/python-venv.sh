#!/usr/bin/env bash
# Makes .build/venv, a Python virtual environment with the PyPI tools the tests run
# (tools/test-requirements.txt). Idempotent: it does nothing when the environment already holds
# what the requirements list; it starts again from scratch when they changed.
set -euo pipefail
cd "$(dirname "$0")/.."
venv=.build/venv
requirements=tools/test-requirements.txt
stamp="$venv/.requirements"
if [ -f "$stamp" ] && cmp -s "$stamp" "$requirements"; then
  exit 0
fi
echo "python-venv: installing $(grep -v '^#' "$requirements" | tr '\n' ' ')into $venv"
rm -rf "$venv"
python3 -m venv "$venv"
"$venv/bin/pip" install --quiet --disable-pip-version-check -r "$requirements"
cp "$requirements" "$stamp"

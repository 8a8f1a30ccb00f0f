#!/usr/bin/env bash
# Installs the Debian packages Snowglobe builds and tests with. Idempotent: when every package
# is already installed it does nothing, and it runs `apt-get update` only when something is missing.
set -euo pipefail

packages=(
  pkg-config
  liblua5.4-dev
  libsdl2-dev
  libsdl2-image-dev
  libsdl2-ttf-dev
  libcairo2-dev
  libpango1.0-dev
  libgif-dev
  fonts-dejavu-core
  fonts-noto-cjk
  xvfb
  xauth
  xdotool
  ffmpeg
  parallel
  python3-venv
  libimagequant-dev
  lua-check
)
if [ "${1:-}" = "--bench" ]; then
  packages+=(love lua5.4 luajit mesa-utils hyperfine gcc libluajit-5.1-dev)
fi

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

echo "deps: installing ${missing[*]}"
sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get -o DPkg::Lock::Timeout=600 update -qq
$sudo apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends "${missing[@]}"

#!/usr/bin/env bash
# Installs the Debian packages the product needs when they are missing.
# Usage: ensure-system.sh [runtime|test]
#   runtime: PyTorch trainer packages (training needs them)
#   test:    runtime + chromium (browser tests) + postgresql (CI checks on Debian's PostgreSQL)
set -euo pipefail
mode="${1:-runtime}"
need=()
/usr/bin/python3 -c 'import torch, torchvision, PIL' >/dev/null 2>&1 || need+=(python3-torch python3-torchvision python3-pil python3-numpy)
/usr/bin/python3 -c 'import pytest' >/dev/null 2>&1 || need+=(python3-pytest)
if [ "$mode" = test ]; then
  [ -x /usr/bin/chromium ] || need+=(chromium fonts-noto-cjk)
  if [ -n "${CI:-}" ] && ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then need+=(postgresql); fi
fi
[ ${#need[@]} -eq 0 ] && exit 0
if [ "$(id -u)" = 0 ]; then
  echo "[sightline] installing Debian packages: ${need[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null
  apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
else
  echo "[sightline] missing Debian packages. Run as root: apt-get install -y ${need[*]}" >&2
  exit 1
fi

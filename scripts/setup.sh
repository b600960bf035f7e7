#!/usr/bin/env bash
# Installs everything the tests need on a fresh Debian machine: the system packages (as root,
# through apt-get, only those missing) and the npm dependencies (npm ci, from package-lock.json).
set -euo pipefail
cd "$(dirname "$0")/.."

# command -> Debian package
declare -A needs=([xmllint]=libxml2-utils [chromium]=chromium) # chromium: the e2e tests (e2e/harness.ts)
missing=()
for cmd in "${!needs[@]}"; do command -v "$cmd" >/dev/null 2>&1 || missing+=("${needs[$cmd]}"); done
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" != 0 ]; then
    echo "Missing system packages: ${missing[*]}. Install them with: sudo apt-get install ${missing[*]}" >&2
    exit 1
  fi
  echo "Installing system packages: ${missing[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

npm ci --no-audit --no-fund

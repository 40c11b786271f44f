#!/usr/bin/env bash
# Installs everything gpulint needs to build and test on a fresh Debian 12
# machine: Debian packages with apt-get (skipped when already present) and the
# pinned npm packages (tree-sitter C sources, SARIF validator) from the lock file.
set -euo pipefail
cd "$(dirname "$0")/.."

# dpkg-dev: dpkg-shlibdeps, which computes the Debian package's Depends (cpack -G DEB).
# libmimalloc-dev: the allocator (core/allocator.h: huge pages for the trees and models).
packages=(cmake g++ make libyaml-cpp-dev nlohmann-json3-dev libgtest-dev libbenchmark-dev
          nodejs python3 dpkg-dev libtomlplusplus-dev libmimalloc-dev)
if [[ "${GPULINT_WITH_CLANG:-ON}" != "OFF" ]]; then
  packages+=(libclang-16-dev llvm-16-dev libclang-cpp16-dev clang-16)
fi
if [[ "${GPULINT_TEST_DEPS:-0}" == "1" ]]; then
  # git and pre-commit: the pre-commit hooks are tested end to end (tests/scripts/pre_commit.sh).
  packages+=(python3-torch neovim git pre-commit)
fi
command -v npm >/dev/null 2>&1 || packages+=(npm)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
# nodejs from another repository may already provide npm; don't fight it.
if ((${#missing[@]})); then
  echo "install-deps: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q
  apt-get install -y -q --no-install-recommends "${missing[@]}"
fi

if [[ ! -f node_modules/.package-lock.json ]] || ! cmp -s package-lock.json node_modules/.gpulint-lock; then
  npm ci --ignore-scripts --no-audit --no-fund
  cp package-lock.json node_modules/.gpulint-lock
fi
# npm does not mark the validator's native binary executable under --ignore-scripts.
chmod +x node_modules/@microsoft/sarif-multitool-linux/Sarif.Multitool 2>/dev/null || true

#!/usr/bin/env bash
# Install rules and the Debian package: `cmake --install` puts the binary,
# its generated man page and bash completion under the prefix; `cpack -G DEB` builds a package
# whose Depends names the Debian packages of the libraries the binary links.
# Usage: install.sh GPULINT SOURCE_DIR (the build tree is GPULINT's folder).
set -u
source "$(dirname "${BASH_SOURCE[0]}")/lib/assert.sh"
GPULINT=$1
build=$(cd "$(dirname "$GPULINT")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

cmake --install "$build" --prefix "$tmp/prefix" > "$tmp/out.txt" 2>&1; check "cmake --install" 0 $?
"$tmp/prefix/bin/gpulint" --version > "$tmp/out.txt" 2>&1; check "installed binary runs" 0 $?
man_page="$tmp/prefix/share/man/man1/gpulint.1"
check "man page installed" 1 "$([[ -s $man_page ]] && echo 1)"
# The man page is generated from the binary: every option and rule is in it.
"$GPULINT" --help | grep -oE -- '--[a-z][a-z-]+' | sort -u > "$tmp/options.txt"
while read -r opt; do contains "man page has $opt" "$man_page" "${opt//-/\\\\-}\|$opt"; done < "$tmp/options.txt"
contains "man page lists rules" "$man_page" "GPU101"
if command -v man > /dev/null; then
  man -l "$man_page" > "$tmp/man.txt" 2> "$tmp/man.err"; check "man renders it" 0 $?
  contains "rendered options" "$tmp/man.txt" "--write-baseline FILE"
fi

# The bash completion offers the options --help lists, and rule ids.
completion="$tmp/prefix/share/bash-completion/completions/gpulint"
complete_words() {  # complete_words WORD... : what the completion offers for the last word
  bash -c 'source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _gpulint; printf "%s\n" "${COMPREPLY[@]}"' _ "$completion" "$@"
}
complete_words gpulint check --write-b > "$tmp/out.txt"; contains "completes an option" "$tmp/out.txt" "^--write-baseline$"
complete_words gpulint check --add > "$tmp/out.txt"; contains "completes --add-noqa" "$tmp/out.txt" "^--add-noqa$"
complete_words gpulint check --format sa > "$tmp/out.txt"; contains "completes a format" "$tmp/out.txt" "^sarif$"
complete_words gpulint explain GPU30 > "$tmp/out.txt"; contains "completes rule ids" "$tmp/out.txt" "^GPU303$"
complete_words gpulint ch > "$tmp/out.txt"; check "completes the command" "check" "$(cat "$tmp/out.txt")"

if ! command -v dpkg-shlibdeps > /dev/null; then
  echo "dpkg-shlibdeps missing (dpkg-dev): package not checked"
else
  (cd "$tmp" && cpack -G DEB --config "$build/CPackConfig.cmake" -B "$tmp/pkg") > "$tmp/out.txt" 2>&1
  check "cpack -G DEB" 0 $?
  deb=$(ls "$tmp"/pkg/gpulint_*.deb 2> /dev/null | head -n 1)
  check "package file" 1 "$([[ -f $deb ]] && echo 1)"
  dpkg-deb -f "$deb" Depends > "$tmp/depends.txt"
  # The package of each library the binary links directly (NEEDED) is a
  # dependency; their own dependencies come with them.
  for soname in $(readelf -d "$GPULINT" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'); do
    lib=$(ldd "$GPULINT" | awk -v s="$soname" '$1 == s {print $3}')
    pkg=$({ dpkg -S "$(readlink -f "$lib")" || dpkg -S "$lib"; } 2> /dev/null | head -n 1 | cut -d: -f1)
    [[ -n "$pkg" ]] || continue  # not from a Debian package: nothing to depend on
    contains "Depends has $pkg ($soname)" "$tmp/depends.txt" "$pkg"
  done
  dpkg-deb -c "$deb" > "$tmp/contents.txt"
  contains "package has the binary" "$tmp/contents.txt" "./usr/bin/gpulint$"
  contains "package has the man page" "$tmp/contents.txt" "./usr/share/man/man1/gpulint.1"
  contains "package has the completion" "$tmp/contents.txt" "./usr/share/bash-completion/completions/gpulint$"
fi

finish

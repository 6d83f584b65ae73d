#!/bin/sh
# t-gcrypt-port.sh - does a libgcrypt program port to bulkcrypt by renaming?
# Copyright (C) 2026 The bulkcrypt authors
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# Builds t-gcrypt-port.c against libgcrypt and runs it; makes a copy with
# the sed line the README gives (gcry_ -> bcry_, GCRY -> BCRY, gcrypt.h
# -> bulkcrypt.h) and nothing else, builds that against bulkcrypt and
# runs it; the two outputs must be the same.  The line is read from the
# README, so that the test checks what users are told to do.  Skips (77)
# when libgcrypt is not installed.
#
# Usage: t-gcrypt-port.sh [PREFIX]
#   With PREFIX, bulkcrypt is the one installed there (found through
#   PREFIX/lib/pkgconfig); without, the build tree's, as "make check"
#   runs it from tests/ (top_builddir defaults to ..).

srcdir=${srcdir:-$(dirname "$0")}
top_builddir=${top_builddir:-..}
# The build's compiler, flags and pkg-config when make check passes
# them: a library built with sanitizers needs them in the program too,
# and a cross build (tests/Makefile.am passes PKG_CONFIG_LIBDIR too)
# the target's compiler, headers and .pc files.
CC=${CC:-cc}
PKG_CONFIG=${PKG_CONFIG:-pkg-config}

result () {
  echo "$1 passed, $2 failed"
  exit "$3"
}

if ! $PKG_CONFIG --exists libgcrypt 2>/dev/null; then
  echo "libgcrypt (with its pkg-config file) is not installed: skipped"
  exit 77
fi
# A build configured --without-libgcrypt asked not to be compared.
if [ -z "$1" ] && [ -f "$top_builddir/config.h" ] &&
   ! grep -q '^#define HAVE_LIBGCRYPT 1' "$top_builddir/config.h"; then
  echo "configured without libgcrypt: skipped"
  exit 77
fi

# The program uses all four algorithms; a build without one of them
# (--enable-ciphers) has nothing to compare.
if [ -z "$1" ] && [ -f "$top_builddir/config.h" ]; then
  for c in AES CAMELLIA SERPENT TWOFISH; do
    if ! grep -q "^#define USE_$c 1" "$top_builddir/config.h"; then
      echo "this build has no $c: skipped"
      exit 77
    fi
  done
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/t-gcrypt-port.XXXXXX") ||
  exit 99
trap 'rm -rf "$tmp"' EXIT

# (a) The program as written, with libgcrypt.
if ! $CC $CPPFLAGS $CFLAGS -o "$tmp/with-gcrypt" "$srcdir/t-gcrypt-port.c" \
       $LDFLAGS $($PKG_CONFIG --cflags --libs libgcrypt); then
  echo "cannot build t-gcrypt-port.c with libgcrypt"
  result 0 1 1
fi
"$tmp/with-gcrypt" > "$tmp/gcrypt.out"
echo "exit status $?" >> "$tmp/gcrypt.out"

# (b) The renamed copy, with bulkcrypt.  The README's line is
# "  sed -i 'SCRIPT' prog.c"; SCRIPT is applied here to a copy.
script=$(sed -n "s/^ *sed -i '\(.*\)' prog\.c\$/\1/p" "$srcdir/../README")
if [ -z "$script" ]; then
  echo "the README has no line \"sed -i '...' prog.c\""
  result 0 1 1
fi
sed "$script" "$srcdir/t-gcrypt-port.c" > "$tmp/t-bcry-port.c" || exit 99
if [ -n "$1" ]; then
  PKG_CONFIG_PATH="$1/lib/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"
  export PKG_CONFIG_PATH
  # --define-prefix: the prefix the library was installed to with
  # "make install prefix=...", wherever configure meant it to go.
  flags=$($PKG_CONFIG --define-prefix --cflags --libs bulkcrypt) ||
    result 0 1 1
  libdir=$($PKG_CONFIG --define-prefix --variable=libdir bulkcrypt)
else
  flags="-I$top_builddir/src -L$top_builddir/src/.libs -lbulkcrypt
         $($PKG_CONFIG --cflags --libs gpg-error)"
  libdir=$top_builddir/src/.libs
fi
if ! $CC $CPPFLAGS $CFLAGS -o "$tmp/with-bulkcrypt" "$tmp/t-bcry-port.c" \
       $LDFLAGS $flags; then
  echo "the renamed copy does not build with bulkcrypt"
  result 0 1 1
fi
LD_LIBRARY_PATH="$libdir${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" \
  "$tmp/with-bulkcrypt" > "$tmp/bulkcrypt.out"
echo "exit status $?" >> "$tmp/bulkcrypt.out"

# (c) The same output, line for line.
if ! diff -u "$tmp/gcrypt.out" "$tmp/bulkcrypt.out"; then
  echo "the renamed program prints otherwise with bulkcrypt (- libgcrypt," \
       "+ bulkcrypt)"
  result 0 1 1
fi
echo "$(grep -c . "$tmp/gcrypt.out") lines alike"
result 1 0 0

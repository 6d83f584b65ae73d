#!/bin/sh
# t-header.sh - bulkcrypt.h compiles as C89 and as C++
# Copyright (C) 2026 The bulkcrypt authors
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# libgcrypt's gcrypt.h compiles in strict C89 and in C++, so a program
# ported from it may be either.  Compiles a file that includes the
# build tree's bulkcrypt.h and uses its inline functions and macros,
# with -std=c89 -pedantic -Werror, with -std=c99, and with the C++
# compiler as C++98 and as its default C++, each once as it is and once
# with BCRY_ERR_SOURCE_DEFAULT defined (the header then wraps its
# functions).  Only compiles: nothing is linked or run.  The C++ part
# is skipped when there is no C++ compiler.

srcdir=${srcdir:-$(dirname "$0")}
top_builddir=${top_builddir:-..}
CC=${CC:-cc}
CXX=${CXX:-c++}

tmp=$(mktemp -d "${TMPDIR:-/tmp}/t-header.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT

cat > "$tmp/use.c" <<'EOT'
#include <bulkcrypt.h>

int use_header (bcry_cipher_hd_t hd);

int
use_header (bcry_cipher_hd_t hd)
{
  bcry_error_t err = bcry_error (GPG_ERR_INV_ARG);
  size_t n = 0;

  if (!bcry_check_version (BCRYPT_VERSION))
    return 1;
  err = bcry_control (BCRYCTL_INITIALIZATION_FINISHED, 0);
  if (!err)
    err = bcry_cipher_reset (hd);
  if (!err)
    err = bcry_cipher_info (hd, BCRYCTL_GET_TAGLEN, NULL, &n);
  if (!err)
    err = bcry_cipher_test_algo (BCRY_CIPHER_SERPENT128);
  if (!err)
    err = bcry_cipher_set_decryption_tag (hd, "0123456789abcdef", 16);
  return (int)bcry_err_code (err)
         + (int)bcry_err_source (bcry_err_make (GPG_ERR_SOURCE_USER_2,
                                               GPG_ERR_NO_ERROR));
}
EOT

passed=0
failed=0
# CPPFLAGS and PKG_CONFIG as make check passes them: a cross build finds
# the target's gpg-error.h through them.
flags="-I$top_builddir/src $CPPFLAGS $(${PKG_CONFIG:-pkg-config} --cflags gpg-error 2>/dev/null)"

try () {
  what=$1
  shift
  if "$@" -c -o "$tmp/use.o" $flags 2> "$tmp/err"; then
    passed=$((passed + 1))
  else
    echo "FAIL: $what"
    sed 's/^/  /' "$tmp/err"
    failed=$((failed + 1))
  fi
}

for src in '' '-DBCRY_ERR_SOURCE_DEFAULT=GPG_ERR_SOURCE_USER_2'; do
  try "C89 $src" $CC -std=c89 -pedantic -Wall -Wextra -Werror $src \
    "$tmp/use.c"
  try "C99 $src" $CC -std=c99 -pedantic -Wall -Wextra -Werror $src \
    "$tmp/use.c"
done

if command -v "$CXX" >/dev/null 2>&1; then
  cp "$tmp/use.c" "$tmp/use.cc"
  for src in '' '-DBCRY_ERR_SOURCE_DEFAULT=GPG_ERR_SOURCE_USER_2'; do
    try "C++98 $src" $CXX -std=c++98 -pedantic -Wall -Wextra -Werror $src \
      "$tmp/use.cc"
    try "C++ $src" $CXX -pedantic -Wall -Wextra -Werror $src "$tmp/use.cc"
  done
else
  echo "no C++ compiler ($CXX): C++ not checked"
fi

echo "$passed passed, $failed failed"
test "$failed" = 0

#!/bin/sh
# t-wycheproof.sh - the Wycheproof vectors at two CPU feature levels
# Copyright (C) 2026 The bulkcrypt authors
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# Runs t-wycheproof once with every CPU feature the library uses and once
# with BULKCRYPT_HWF_DISABLE=all, so that both the fastest
# implementations and the portable C code below them meet the vectors.
# (tests/basic walks the levels in between.)  Prints both outputs and
# the summed "N passed, M failed"; exits 1 on a failure, 77 when both
# runs skipped everything.  Arguments go to t-wycheproof.

srcdir=${srcdir:-$(dirname "$0")}
export srcdir
prog=./t-wycheproof
passed=0
failed=0
skipped=0

for deny in "" all; do
  echo "== BULKCRYPT_HWF_DISABLE=$deny"
  out=$(BULKCRYPT_HWF_DISABLE=$deny "$prog" "$@")
  rc=$?
  echo "$out"
  counts=$(echo "$out" | tail -n 1 |
           sed -n 's/^\([0-9][0-9]*\) passed, \([0-9][0-9]*\) failed$/\1 \2/p')
  if [ -z "$counts" ]; then
    echo "t-wycheproof ended without its counts (exit status $rc)"
    failed=$((failed + 1))
    continue
  fi
  passed=$((passed + ${counts% *}))
  failed=$((failed + ${counts#* }))
  # A crash after the counts still fails.
  case $rc in
    0) ;;
    77) skipped=$((skipped + 1)) ;;
    *) [ "${counts#* }" = 0 ] && failed=$((failed + 1)) ;;
  esac
done

echo "$passed passed, $failed failed"
[ "$failed" -ne 0 ] && exit 1
[ "$skipped" -eq 2 ] && exit 77
exit 0

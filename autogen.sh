#!/bin/sh
# autogen.sh - generate configure and the Makefile.in files from a checkout
# Copyright (C) 2026 The bulkcrypt authors
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# Needs autoconf, automake, libtool, pkg-config (for pkg.m4) and
# libgpg-error's development files (for gpg-error.m4).  Release tarballs
# already contain configure; they need none of this.
#
# "autogen.sh --find-version NEXT" prints the package version for
# configure.ac, where NEXT is the number of the next release:
#  - a release tarball (or a tree regenerated from one) has the file
#    VERSION, written by "make dist", and that is the version;
#  - in git, the commit tagged bulkcrypt-NEXT is that release, exactly
#    NEXT (a later commit is an error: configure.ac must then name the
#    release after it);
#  - any other commit is a beta of NEXT: NEXT-betaN, N the number of
#    commits since the latest bulkcrypt-* release tag (since the first
#    commit while there is none), as libgcrypt numbers its betas;
#  - without either, NEXT-unknown.

set -e
cd "$(dirname "$0")"

if [ "$1" = --find-version ]; then
  next=$2
  if [ -f VERSION ] && [ ! -e .git ]; then
    tr -d '\n' < VERSION
  elif git rev-parse --git-dir >/dev/null 2>&1; then
    last=$(git describe --tags --abbrev=0 --match 'bulkcrypt-[0-9]*' \
             2>/dev/null || true)
    if [ "$last" = "bulkcrypt-$next" ]; then
      if [ "$(git rev-list -n 1 "$last")" != "$(git rev-parse HEAD)" ]; then
        echo "autogen.sh: $next is released; raise the version in configure.ac" >&2
        exit 1
      fi
      printf '%s' "$next"
    elif [ -n "$last" ]; then
      printf '%s-beta%s' "$next" "$(git rev-list --count "$last..HEAD")"
    else
      printf '%s-beta%s' "$next" "$(git rev-list --count HEAD)"
    fi
  else
    printf '%s-unknown' "$next"
  fi
  exit 0
fi

autoreconf -fi -Wall
echo "Now run ./configure (see ./configure --help) and make."

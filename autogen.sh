#!/bin/sh
# autogen.sh - generate configure and the Makefile.in files from a checkout
# Copyright (C) 2026 The bulkcrypt authors
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# Needs autoconf, automake, libtool, pkg-config (for pkg.m4) and
# libgpg-error's development files (for gpg-error.m4).  Release tarballs
# already contain configure; they need none of this.

set -e
cd "$(dirname "$0")"
autoreconf -fi -Wall
echo "Now run ./configure (see ./configure --help) and make."

# bulkcrypt.m4 - Autoconf macro to find the bulkcrypt library
# Copyright (C) 2026 The bulkcrypt authors
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# Installed into $(datadir)/aclocal for the configure scripts of
# programs that use bulkcrypt, as libgcrypt installs AM_PATH_LIBGCRYPT.
# It asks pkg-config, so bulkcrypt.pc is the one description of how to
# compile and link against the library; the macro adds the option to
# point at an installation and a link test that the flags work.

# serial 1

# AM_PATH_BULKCRYPT([MINIMUM-VERSION], [ACTION-IF-FOUND],
#                   [ACTION-IF-NOT-FOUND])
# -----------------------------------------------------
# Look for bulkcrypt MINIMUM-VERSION or later (any version when it is
# empty) and set and AC_SUBST BULKCRYPT_CFLAGS and BULKCRYPT_LIBS, and
# BULKCRYPT_VERSION to the version found.  --with-bulkcrypt-prefix=PFX
# looks first in PFX/lib/pkgconfig and PFX/share/pkgconfig.  Without
# ACTION-IF-NOT-FOUND, a missing or older library leaves both variables
# empty and configure goes on, as AM_PATH_LIBGCRYPT does; pass
# [AC_MSG_ERROR(...)] to stop there instead.
AC_DEFUN([AM_PATH_BULKCRYPT],
[m4_ifdef([PKG_PROG_PKG_CONFIG], [PKG_PROG_PKG_CONFIG],
  [AC_PATH_TOOL([PKG_CONFIG], [pkg-config])])dnl
AC_ARG_WITH([bulkcrypt-prefix],
  [AS_HELP_STRING([--with-bulkcrypt-prefix=PFX],
                  [prefix where bulkcrypt is installed (optional)])],
  [bulkcrypt_config_prefix=$withval], [bulkcrypt_config_prefix=])
bulkcrypt_save_PKG_CONFIG_PATH=$PKG_CONFIG_PATH
AS_IF([test -n "$bulkcrypt_config_prefix"],
  [PKG_CONFIG_PATH="$bulkcrypt_config_prefix/lib/pkgconfig:$bulkcrypt_config_prefix/share/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"
   export PKG_CONFIG_PATH])
bulkcrypt_min_version=m4_default([$1], [0])
AC_MSG_CHECKING([for bulkcrypt >= $bulkcrypt_min_version])
bulkcrypt_ok=no
BULKCRYPT_CFLAGS=
BULKCRYPT_LIBS=
BULKCRYPT_VERSION=
AS_IF([test -z "$PKG_CONFIG"],
  [AC_MSG_RESULT([no (pkg-config not found)])],
  [! $PKG_CONFIG --exists bulkcrypt],
  [AC_MSG_RESULT([no (bulkcrypt.pc not found; try --with-bulkcrypt-prefix)])],
  [BULKCRYPT_VERSION=`$PKG_CONFIG --modversion bulkcrypt`
   AS_IF([$PKG_CONFIG --atleast-version="$bulkcrypt_min_version" bulkcrypt],
     [BULKCRYPT_CFLAGS=`$PKG_CONFIG --cflags bulkcrypt`
      BULKCRYPT_LIBS=`$PKG_CONFIG --libs bulkcrypt`
      bulkcrypt_ok=yes
      AC_MSG_RESULT([yes ($BULKCRYPT_VERSION)])],
     [AC_MSG_RESULT([no ($BULKCRYPT_VERSION is older)])])])
AS_IF([test "$bulkcrypt_ok" = yes],
  [AC_MSG_CHECKING([whether a bulkcrypt program links])
   bulkcrypt_save_CFLAGS=$CFLAGS
   bulkcrypt_save_LIBS=$LIBS
   CFLAGS="$CFLAGS $BULKCRYPT_CFLAGS"
   LIBS="$BULKCRYPT_LIBS $LIBS"
   AC_LINK_IFELSE([AC_LANG_PROGRAM([[#include <bulkcrypt.h>]],
       [[return !bcry_check_version (BULKCRYPT_VERSION);]])],
     [], [bulkcrypt_ok=no])
   CFLAGS=$bulkcrypt_save_CFLAGS
   LIBS=$bulkcrypt_save_LIBS
   AC_MSG_RESULT([$bulkcrypt_ok])
   AS_IF([test "$bulkcrypt_ok" = no],
     [BULKCRYPT_CFLAGS=
      BULKCRYPT_LIBS=])])
PKG_CONFIG_PATH=$bulkcrypt_save_PKG_CONFIG_PATH
AS_IF([test "$bulkcrypt_ok" = yes], [$2], [$3])
AC_SUBST([BULKCRYPT_CFLAGS])
AC_SUBST([BULKCRYPT_LIBS])
AC_SUBST([BULKCRYPT_VERSION])
])

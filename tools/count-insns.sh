#!/bin/sh
# count-insns.sh - instructions per byte of each implementation under qemu
# Copyright (C) 2026 The bulkcrypt authors
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# Usage: tools/count-insns.sh BUILDDIR [ALGO...]
#   BUILDDIR is a build for the emulated machine (.ci/aarch64-lane's
#   WORKDIR/build) in which "make" has run; ALGO defaults to one key
#   size of each algorithm.  QEMU names the emulator (qemu-aarch64),
#   HOST_CC the host's compiler for the plugin (cc).
#
# A measuring tool for a machine we have no hardware of: qemu's time says
# nothing of a real core, its instruction counts say how much work a
# path does.  It builds tools/qemu-insn-count.c as a qemu plugin and runs
# tests/bench-slope --count-insns at each feature level of the emulated
# CPU, as tests/basic does (all features, then switching them off one
# at a time, the last named first, then none), which counts every
# implementation entry each level allows.  It prints one table: per
# algorithm and row, each distinct count with the implementation entry
# and the features of the last run that gave it (the entry that does
# the row's work, with the fewest features it needs), and the count in
# per cent of the portable C's (the last entry with no feature).  The
# implementations are those the library names, so a new path shows up
# without a change here.  A qemu without plugin support is reported and
# the script exits 0.

set -eu
here=$(cd "$(dirname "$0")" && pwd)
build=$(cd "$1" && pwd)
shift
algos=${*:-aes128 camellia128 serpent128 twofish128}
qemu=${QEMU:-qemu-aarch64}
hostcc=${HOST_CC:-cc}

if ! "$qemu" -h 2>/dev/null | grep -q '^-plugin'; then
  echo "count-insns: $qemu has no -plugin (no TCG plugin support): skipped"
  exit 0
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$hostcc" -shared -fPIC -O2 -fvisibility=hidden -o "$tmp/insn.so" \
  "$here/qemu-insn-count.c"

# libtool's execute mode runs the program behind its wrapper script,
# with the build's library path, under the emulator.
run () {
  "$build/libtool" --mode=execute "$qemu" -plugin "$tmp/insn.so" \
    "$build/tests/bench-slope" --count-insns --csv "$@" cipher $algos
}

run > "$tmp/level0"
features=$(sed -n 's/^features,//p' "$tmp/level0" | tr ',' ' ')
levels=level0
deny=
n=0
for f in $(printf '%s\n' $features | sed '1!G;h;$!d'); do
  n=$((n + 1))
  deny=${deny:+$deny,}$f
  run --hwf-disable "$deny" > "$tmp/level$n"
  levels="$levels level$n"
done
if [ -n "$features" ]; then
  n=$((n + 1))
  run --hwf-disable all > "$tmp/level$n"
  levels="$levels level$n"
fi

# Each level's lines, tagged with its features (joined by "+"); the
# last level's last
# entry of an algorithm is its portable C, which every row of that
# algorithm is compared with.
for l in $levels; do
  on=$(sed -n 's/^features,//p' "$tmp/$l" | tr ',' '+')
  sed -n "s/^insns,/${on:-none},/p" "$tmp/$l"
done | awk -F, '
  function near(a, b) { return a - b <= 0.01 * b && b - a <= 0.01 * b }
  {
    key = $2 SUBSEP $4
    if (!(key in nimpl)) { nimpl[key] = 0; order[++nkeys] = key }
    i = ++nimpl[key]
    impl[key, i] = $3; feat[key, i] = $1; val[key, i] = $5
  }
  END {
    printf "%-12s %-9s %-22s %-24s %9s %7s\n", "algorithm", "row",
      "implementation", "features", "insns/B", "% of C"
    for (k = 1; k <= nkeys; k++) {
      key = order[k]; split (key, part, SUBSEP)
      n = nimpl[key]
      # Counts within 1 % of each other are the same code: a row keeps
      # its count when an entry it does not use is skipped or a feature
      # it does not need is switched off.  So the count goes to the last
      # entry that gave it, the one doing the work with the fewest
      # features (the portable C last of all); a few instructions more
      # per call at another level do not cancel over 64 KiB quite.
      nc = 0
      for (i = n; i >= 1; i--) {
        for (j = 1; j <= nc; j++)
          if (near(val[key, i], val[key, kept[j]]))
            break
        if (j > nc)
          kept[++nc] = i
      }
      for (j = nc; j >= 1; j--) {
        i = kept[j]
        printf "%-12s %-9s %-22s %-24s %9.3f %6.1f%%\n", part[1], part[2],
          impl[key, i], feat[key, i], val[key, i],
          100 * val[key, i] / val[key, n]
      }
    }
  }'

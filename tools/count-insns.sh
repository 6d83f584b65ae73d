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
# algorithm and row, each implementation whose count differs from those
# above it, with the features it ran with, and its instructions per byte
# in per cent of the portable C's (the last entry with no feature).  The
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
    base[key] = $5
  }
  END {
    printf "%-12s %-9s %-16s %-24s %9s %7s\n", "algorithm", "row",
      "implementation", "features", "insns/B", "% of C"
    for (k = 1; k <= nkeys; k++) {
      key = order[k]; split (key, part, SUBSEP)
      n = nimpl[key]
      ns = 0
      for (i = 1; i <= n; i++) {
        # Counts within 1 % of each other are the same code (a path the
        # features left as it was, or the portable C, shown once, last):
        # a mode may take a few instructions more per call at another
        # level, which a 64 KiB difference does not quite cancel.
        v = val[key, i]
        if (i < n && near(v, base[key]))
          continue
        for (j = 1; j <= ns; j++)
          if (near(v, shown[j]))
            break
        if (j <= ns)
          continue
        shown[++ns] = v
        printf "%-12s %-9s %-16s %-24s %9.3f %6.1f%%\n", part[1], part[2],
          impl[key, i], feat[key, i], val[key, i],
          100 * val[key, i] / base[key]
      }
    }
  }'

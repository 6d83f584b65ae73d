#!/bin/sh
# fuzz-run.sh - run one libFuzzer target for a while on its seed corpus
# Copyright (C) 2026 The bulkcrypt authors
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# usage: fuzz-run.sh TARGET SEED-DIR SECONDS RUNS
# Runs ./TARGET RUNS times, SECONDS in all, from the build directory of
# fuzz/: the seeds are read from SEED-DIR and never written, new inputs
# go to run/TARGET, a failing input to artifacts/.  Prints the number
# of inputs run; exits non-zero, with the report, if the target failed.

target=$1
seeds=$2
seconds=$3
runs=$4

# Stop at the first report of either sanitizer.
UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1${UBSAN_OPTIONS:+:$UBSAN_OPTIONS}"
export UBSAN_OPTIONS

per=$((seconds / runs))
[ "$per" -ge 1 ] || per=1
mkdir -p "run/$target" artifacts
total=0
i=0
while [ "$i" -lt "$runs" ]; do
  log="run/$target.log"
  status=0
  "./$target" -max_total_time="$per" -timeout=30 -rss_limit_mb=2048 \
    -artifact_prefix="artifacts/$target-" "run/$target" "$seeds" \
    >"$log" 2>&1 || status=$?
  sed -n 's/^fuzz-impls: BULKCRYPT_HWF_DISABLE/  &/p' "$log"
  if [ "$status" -ne 0 ]; then
    tail -n 60 "$log"
    echo "$target: FAILED (exit status $status); the input:"
    for f in artifacts/"$target"-*; do
      [ -f "$f" ] && { echo "  $f"; od -A d -t x1 "$f" | head -n 20; }
    done
    exit 1
  fi
  n=$(sed -n 's/^Done \([0-9]*\) runs in.*/\1/p' "$log" | tail -n 1)
  total=$((total + ${n:-0}))
  i=$((i + 1))
done
echo "$target: $total executions in $seconds s"

#!/bin/sh
# t-doc.sh - the manual documents the public interface, and no other
# Copyright (C) 2026 The bulkcrypt authors
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# Compares src/bulkcrypt.h.in with doc/bulkcrypt.texi, both read from
# the source tree ($srcdir/..), by three rules:
#
#   A function is a name that starts with bcry_ and that the header,
#   without its comments, follows with "(": functions, inline functions
#   and function-like macros alike.  The manual documents it when a
#   @deftypefun, @deftypefunx, @deftypefn or @deftypefnx line follows
#   the name with " (", that is, defines it with its arguments.
#
#   A control command is a name in the header that starts with
#   BCRYCTL_.  The manual documents it when an @item or @itemx line
#   starts with it, bare or in @code{}: the entry of a table that says
#   what the command does.
#
#   Every name in the manual that starts with bcry_, BCRY_ or BCRYCTL_
#   is in the header, outside its comments.  A name that ends in "_" is
#   a prefix, not a name.
#
# Prints each name that breaks a rule, then "N passed, M failed": N
# functions and commands documented, M undocumented ones plus names of
# the manual that the header lacks.  Exits 1 when M is not 0.

srcdir=${srcdir:-$(dirname "$0")}
header=$srcdir/../src/bulkcrypt.h.in
manual=$srcdir/../doc/bulkcrypt.texi

for f in "$header" "$manual"; do
  if [ ! -r "$f" ]; then
    echo "cannot read $f"
    echo "0 passed, 1 failed"
    exit 1
  fi
done

# The names of kind KIND in FILE, once each: hfun, hcmd and hall are
# the functions, the commands and every name of the header, mfun, mcmd
# and mall the functions and commands the manual documents and every
# name it mentions.
names ()
{
  awk -v kind="$2" '
    # LINE without C comments; INCOMMENT carries over from line to line.
    function uncomment(line,   i, out)
    {
      out = ""
      while (line != "")
        {
          if (incomment)
            {
              i = index(line, "*/")
              if (!i)
                return out
              line = substr(line, i + 2)
              incomment = 0
            }
          else
            {
              i = index(line, "/*")
              if (!i)
                return out line
              out = out substr(line, 1, i - 1) " "
              line = substr(line, i + 2)
              incomment = 1
            }
        }
      return out
    }
    # Print the names in LINE that RE matches, RE starting with the
    # character before the name and ending, for CALL, with "(".
    function emit(line, re, call,   w)
    {
      line = " " line
      while (match(line, re))
        {
          w = substr(line, RSTART + 1, RLENGTH - 1)
          line = substr(line, RSTART + RLENGTH)
          if (call)
            sub(/ *[(]$/, "", w)
          if (w !~ /_$/ && !seen[w]++)
            print w
        }
    }
    BEGIN { any = "[^A-Za-z0-9_](bcry|BCRY|BCRYCTL)_[A-Za-z0-9_]*" }
    kind == "hfun" { emit(uncomment($0), "[^A-Za-z0-9_]bcry_[A-Za-z0-9_]* *[(]", 1) }
    kind == "hcmd" { emit(uncomment($0), "[^A-Za-z0-9_]BCRYCTL_[A-Za-z0-9_]*", 0) }
    kind == "hall" { emit(uncomment($0), any, 0) }
    kind == "mfun" && /^@deftypefu?nx? / {
      emit($0, "[^A-Za-z0-9_]bcry_[A-Za-z0-9_]* [(]", 1)
    }
    kind == "mcmd" && /^@itemx?[ \t]+(@code[{])?BCRYCTL_/ {
      sub(/^@itemx?[ \t]+(@code[{])?/, "")
      sub(/[^A-Za-z0-9_].*/, "")
      if (!seen[$0]++)
        print
    }
    kind == "mall" { emit($0, any, 0) }
  ' "$1"
}

# Whether the word $1 is one of the words of $2.
in_list ()
{
  case " "$2" " in
    *" $1 "*) return 0 ;;
  esac
  return 1
}

hfun=$(names "$header" hfun)
hcmd=$(names "$header" hcmd)
hall=$(names "$header" hall)
mfun=$(names "$manual" mfun)
mcmd=$(names "$manual" mcmd)
mall=$(names "$manual" mall)
# One line of words, for in_list.
hall=$(echo $hall)
mfun=$(echo $mfun)
mcmd=$(echo $mcmd)

passed=0
failed=0
if [ -z "$hfun" ] || [ -z "$hcmd" ]; then
  echo "no bcry_ function or no BCRYCTL_ command found in $header"
  failed=$((failed + 1))
fi
for name in $hfun; do
  if in_list "$name" "$mfun"; then
    passed=$((passed + 1))
  else
    echo "function not documented (no @deftypefun or @deftypefn): $name"
    failed=$((failed + 1))
  fi
done
for name in $hcmd; do
  if in_list "$name" "$mcmd"; then
    passed=$((passed + 1))
  else
    echo "control command not documented (no @item): $name"
    failed=$((failed + 1))
  fi
done
for name in $mall; do
  if ! in_list "$name" "$hall"; then
    echo "in the manual but not in bulkcrypt.h: $name"
    failed=$((failed + 1))
  fi
done

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]

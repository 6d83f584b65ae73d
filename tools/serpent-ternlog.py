#!/usr/bin/env python3
# serpent-ternlog.py - search VPTERNLOGD circuits for Serpent's S-boxes
# Copyright (C) 2026 The bulkcrypt authors
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# Prints the S-box macros of cipher/serpent-avx512-amd64.S and the
# macros of its rounds (ENC_*, DEC_*), which follow where each S-box
# leaves its result: the part of that file between the "BEGIN
# generated" and "END generated" lines.  The S-boxes are those of the
# Serpent proposal (R. Anderson, E. Biham, L. Knudsen, "Serpent: A
# Proposal for the Advanced Encryption Standard", 1998, section 2 and
# its S-box table), with the input and output masks of cipher/serpent.c
# (SERPENT_IN_MASKS, SERPENT_OUT_MASKS) so that its key schedule serves
# unchanged; each circuit is checked on all 16 inputs here, and
# tests/basic checks the kernels against the portable C.  A round there
# is bound as much by the latency of its longest chain as by the ALUs,
# so the search takes, among the circuits whose last output comes at
# most SLACK gate delays after the earliest possible (given when the
# linear transformation delivers each input word), the one with the
# fewest gates.
# Each output is written as one three-input gate of one input word and
# two functions of the other three (Shannon's expansion or either
# Davio form), each of those one gate or a word itself, functions
# shared between outputs counted once; an output of three inputs is one
# gate.  The gates are then ordered and given registers: a gate
# overwrites an operand that dies there, or a copy (a move, which the
# register renamer executes) of one that does not.
#
# Usage: python3 tools/serpent-ternlog.py > generated.txt, then put
# generated.txt between those lines.

import itertools
import sys

SBOX = [
    [3, 8, 15, 1, 10, 6, 5, 11, 14, 13, 4, 2, 7, 0, 9, 12],
    [15, 12, 2, 7, 9, 0, 5, 10, 1, 11, 14, 8, 6, 13, 3, 4],
    [8, 6, 7, 9, 3, 12, 10, 15, 13, 1, 14, 4, 0, 11, 5, 2],
    [0, 15, 11, 8, 12, 9, 6, 3, 13, 1, 2, 4, 10, 7, 5, 14],
    [1, 15, 8, 3, 12, 0, 11, 6, 2, 5, 4, 10, 9, 14, 7, 13],
    [15, 5, 2, 11, 4, 10, 9, 12, 0, 3, 14, 8, 13, 6, 7, 1],
    [7, 2, 12, 5, 8, 4, 6, 11, 14, 9, 1, 15, 13, 3, 10, 0],
    [1, 13, 15, 0, 14, 8, 2, 11, 7, 4, 12, 10, 9, 3, 5, 6],
]
IN_MASKS = 0x042a0050
OUT_MASKS = 0x18240803

# Gate delays after which the linear transformation (encryption: LTK)
# or the key addition and LTI (decryption) deliver words 0-3 of the
# next S-box's input, counted from the previous S-box's result.
ENC_ARRIVAL = (6, 3, 5, 4)
DEC_ARRIVAL = (4, 4, 4, 5)
# Gate delays the last output may take beyond the least possible, for
# fewer gates.
SLACK = 1
# Registers a circuit may use (per set of blocks).
NREGS = 8
FULL = 0xffff


def masked(j, inverse):
    a = (IN_MASKS >> (4 * j)) & 15
    b = (OUT_MASKS >> (4 * j)) & 15
    s = SBOX[j]
    if not inverse:
        return [s[x ^ a] ^ b for x in range(16)]
    inv = [0] * 16
    for x in range(16):
        inv[s[x]] = x
    return [inv[y ^ b] ^ a for y in range(16)]


def var(i):
    """Truth table of input word I over the 16 inputs."""
    return sum(1 << x for x in range(16) if (x >> i) & 1)


VARS = [var(i) for i in range(4)]


def support(f):
    return [i for i in range(4) if cofactor(f, i, 0) != cofactor(f, i, 1)]


def cofactor(f, i, v):
    """F with input I fixed to V, as a function of the other inputs."""
    r = 0
    for x in range(16):
        y = (x & ~(1 << i)) | (v << i)
        if (f >> y) & 1:
            r |= 1 << x
    return r


def canon(f):
    return min(f, f ^ FULL)


def leaf(f):
    """A function that needs no gate: a word, its complement, a constant."""
    return canon(f) in [canon(v) for v in VARS] + [0]


def level(f, arrival):
    """Delay of F as one gate of its support (or as a word)."""
    sup = support(f)
    if not sup:
        return 0
    for i in sup:
        if canon(f) == canon(VARS[i]):
            return arrival[i]
    return max(arrival[i] for i in sup) + 1


def choices(f, arrival):
    """(delay, helpers, operands) of each way to compute output F."""
    out = []
    if len(support(f)) <= 3:
        out.append((level(f, arrival), [], None))
    for a in range(4):
        c0, c1 = cofactor(f, a, 0), cofactor(f, a, 1)
        for g, h in ((c0, c1), (c0, c0 ^ c1), (c1, c0 ^ c1)):
            helpers = [canon(x) for x in (g, h) if not leaf(x)]
            d = max(arrival[a], level(g, arrival), level(h, arrival)) + 1
            out.append((d, helpers, (a, g, h)))
    return out


def search(table, arrival):
    """The fewest gates with the last output at most SLACK gates later
    than the earliest possible."""
    outs = [sum(((table[x] >> k) & 1) << x for x in range(16))
            for k in range(4)]
    opts = [choices(f, arrival) for f in outs]
    found = []
    for combo in itertools.product(*opts):
        helpers = set()
        for c in combo:
            helpers.update(c[1])
        found.append(((max(c[0] for c in combo), len(helpers) + 4), combo))
    dmin = min(f[0][0] for f in found)
    return outs, min((f for f in found if f[0][0] <= dmin + SLACK),
                     key=lambda f: (f[0][1], f[0][0]))


def imm_for(target, ops):
    """The VPTERNLOGD immediate computing TARGET from OPS (A, B, C)."""
    imm = 0
    seen = {}
    for x in range(16):
        idx = sum(((ops[k] >> x) & 1) << (2 - k) for k in range(3))
        bit = (target >> x) & 1
        if seen.setdefault(idx, bit) != bit:
            raise ValueError("not a function of its operands")
        imm |= bit << idx
    return imm


def gates_of(outs, combo):
    """The gates as (value, operand values), helpers before outputs."""
    gates = []
    made = {}
    for f, c in zip(outs, combo):
        _, _, form = c
        if form is None:
            ops = [VARS[i] for i in support(f)]
            gates.append((f, ops, True))
            continue
        a, g, h = form
        ops = [VARS[a]]
        for x in (g, h):
            if leaf(x):
                ops.append(next(v for v in VARS + [0]
                                if canon(v) == canon(x)))
                continue
            if canon(x) not in made:
                made[canon(x)] = x
                gates.append((x, [VARS[i] for i in support(x)], False))
            ops.append(made[canon(x)])
        gates.append((f, ops, True))
    return gates


def allocate(gates, outs):
    """Registers for GATES, inputs in 0-3; None if more than NREGS."""
    reg = {VARS[i]: i for i in range(4)}
    free = list(range(4, NREGS))
    code = []
    for n, (val, ops, _) in enumerate(gates):
        ops = [o for o in ops if o != 0]
        later = set()
        for v, o2, _ in gates[n + 1:]:
            later.update(o2)
        dying = [o for o in ops if o not in later and o not in outs]
        if dying:
            dest = dying[0]
            r = reg.pop(dest)
        else:
            if not free:
                return None
            r = free.pop(0)
            dest = ops[0]
            code.append(("MOV", reg[dest], r))
        rest = [o for o in ops if o != dest]
        while len(rest) < 2:
            rest.append(rest[0] if rest else dest)
        srcs = [dest] + rest
        imm = imm_for(val, srcs)
        code.append(("TL", imm, reg[srcs[2]] if srcs[2] in reg else r,
                     reg[srcs[1]] if srcs[1] in reg else r, r))
        for o in ops:
            if o in reg and o not in later and o not in outs and o != val:
                free.append(reg.pop(o))
        reg[val] = r
    return code, [reg[f] for f in outs]


def best_allocation(outs, combo):
    best = None
    for order in itertools.permutations(range(4)):
        gates = gates_of([outs[k] for k in order], [combo[k] for k in order])
        got = allocate(gates, outs)
        if got is None:
            continue
        code, where = got
        used = max(max(c[1:] if c[0] == "MOV" else c[2:]) for c in code)
        key = (sum(c[0] == "MOV" for c in code), used)
        if best is None or key < best[0]:
            best = (key, code, where)
    return best


def check(table, code, where):
    regs = {i: VARS[i] for i in range(4)}
    for c in code:
        if c[0] == "MOV":
            regs[c[2]] = regs[c[1]]
            continue
        _, imm, rc, rb, ra = c
        a, b, cc = regs[ra], regs[rb], regs[rc]
        r = 0
        for x in range(16):
            idx = (((a >> x) & 1) << 2) | (((b >> x) & 1) << 1) | ((cc >> x) & 1)
            r |= ((imm >> idx) & 1) << x
        regs[ra] = r
    for x in range(16):
        y = sum(((regs[where[k]] >> x) & 1) << k for k in range(4))
        assert y == table[x], "circuit does not compute the S-box"


def main():
    result = {}
    for inverse in (False, True):
        for j in range(8):
            table = masked(j, inverse)
            arrival = DEC_ARRIVAL if inverse else ENC_ARRIVAL
            outs, ((d, ngates), combo) = search(table, arrival)
            _, code, where = best_allocation(outs, combo)
            check(table, code, where)
            name = ("SI%d" if inverse else "SB%d") % j
            result[name] = where
            nmov = sum(c[0] == "MOV" for c in code)
            args = ", ".join("r%d" % i for i in range(NREGS))
            print("/* %sS-box %d: %d gates, %d moves, the last output %d "
                  "gates after the\n   last input; the result x0...x3 in "
                  "%s.  */" % ("inverse " if inverse else "", j,
                               ngates, nmov, d - max(arrival),
                               ", ".join("r%d" % w for w in where)))
            body = []
            for c in code:
                if c[0] == "MOV":
                    body.append("MOV (r%d, r%d);" % (c[1], c[2]))
                else:
                    body.append("TL (0x%02x, r%d, r%d, r%d);" % c[1:])
            lines, cur = [], "\t"
            for b in body:
                if len(cur) + len(b) + 1 > 70:
                    lines.append(cur.rstrip())
                    cur = "\t"
                cur += b + " "
            lines.append(cur.rstrip())
            print("#define %s(%s) \\\n%s\n" % (name, args,
                                               " \\\n".join(lines)))
    print_rounds(result)


def to_slots(where):
    """Moves that bring words 0-3 from slots WHERE to slots 0-3."""
    where = list(where)
    moves = []
    while where != [0, 1, 2, 3]:
        for k in range(4):
            if where[k] != k and k not in where:
                moves.append((where[k], k))
                where[k] = k
                break
        else:
            k = next(k for k in range(4) if where[k] != k)
            t = next(r for r in range(NREGS) if r not in where)
            moves.append((where[k], t))
            where[k] = t
    return "; ".join("MOV (%d, %d)" % m for m in moves)


def print_rounds(where):
    """The rounds of serpent_avx512_enc32 and dec32 as macros: the slots
    of each S-box's result are those of the next step's input."""
    def sl(x):
        return ", ".join(map(str, x))

    def macro(name, comment, steps):
        print("/* %s  */\n#define %s \\\n\t%s\n"
              % (comment, name, "; \\\n\t".join(steps)))
    allr = list(range(NREGS))
    slots = [0, 1, 2, 3]
    steps = []
    for i in range(8):
        args = slots + [r for r in allr if r not in slots]
        o = [args[k] for k in where["SB%d" % i]]
        fr = [r for r in allr if r not in o]
        steps.append("SB%d (%s)" % (i, sl(args)))
        if i < 7:
            steps.append("LTK (%d, %s, %d, %d)" % (i + 1, sl(o), fr[0], fr[1]))
            slots = [o[0], fr[0], o[2], o[3]]
    macro("ENC_ROUNDS", "Eight rounds of encryption, words 0-3 in slots "
          "0-3, the first\n   round key added.", steps)
    nxt = [o[0], fr[0], o[2], o[3]]
    macro("ENC_NEXT", "The linear transformation and the first key of "
          "the next eight\n   rounds, the words back in slots 0-3.",
          ["LTK (8, %s, %d, %d)" % (sl(o), fr[0], fr[1]), to_slots(nxt)])
    macro("ENC_LAST", "The last key, the words back in slots 0-3.",
          ["KX (8, %s)" % sl(o), to_slots(o)])
    slots = [0, 1, 2, 3]
    steps = []
    for i in range(7, -1, -1):
        args = slots + [r for r in allr if r not in slots]
        o = [args[k] for k in where["SI%d" % i]]
        fr = [r for r in allr if r not in o]
        steps.append("SI%d (%s); KX (%d, %s)" % (i, sl(args), i, sl(o)))
        if i > 0:
            steps.append("LTI (%s, %d)" % (sl(o), fr[0]))
            slots = o
    macro("DEC_ROUNDS", "Eight rounds of decryption, words 0-3 in slots "
          "0-3 with the\n   last round key added.", steps)
    macro("DEC_NEXT", "The inverse linear transformation, the words "
          "back in slots 0-3.",
          ["LTI (%s, %d)" % (sl(o), fr[0]), to_slots(o)])
    macro("DEC_LAST", "The words back in slots 0-3.", [to_slots(o)])


if __name__ == "__main__":
    main()

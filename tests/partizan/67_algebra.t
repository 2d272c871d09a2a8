#!/usr/bin/python3
# Operations on partizan games (fn_algebra.c, partizan/palgebra.c): thermographs
# (JSON and SVG), infinitesimals, all-small games, temper, ordinal sums,
# cooling, heating and overheating.
#
# Known values: Winning Ways (2nd ed.) vol. 1, ch. 6 (cooling, heating,
# thermographs: {2|-1/2} has mean 3/4 and temperature 5/4; +-x cooled by x
# is *, by more is 0; * heated by 1 is +-1) and ch. 8/9 (^, * all-small),
# and CGSuite's definitions: CanonicalShortGame.cool/heat/overheat,
# isEvenTempered/isOddTempered (numbers even, x* odd, other x + n.^ + *m
# neither; else even when every option is odd, odd when every option is
# even), ordinal sum G:H = {G^L, G:H^L | G^R, G:H^R} (Winning Ways ch. 7).
# Properties on random games: cooling or heating by 0 and the ordinal sum
# with 0 are the identity, cooling keeps the mean, cooling above the
# temperature gives the mean, the thermograph agrees with cg_mean and
# cg_temperature, and the SVG is well-formed XML.
#
# Atomic weight, reduced canonical form and incentives: the values of
# CGSuite's own tests (lib/core/src/test/scala/org/cgsuite/lang/
# CanonicalShortGameTestCase.scala at e909ab8b, cited by line); atomic
# weights of Winning Ways ch. 8/9 (aw(^) = 1, aw(*) = 0, aw(^^*) = 2); a
# second implementation of CGSuite's naive atomic weight written below
# over cg_options (with the eccentric rule at the far star) on random
# all-small games, with the theorems aw(G + H) = aw(G) + aw(H),
# aw(-G) = -aw(G) and the two-ahead rule (aw(G) >= 2 implies G > 0);
# rcf(g) - g is infinitesimal or 0, rcf(rcf(g)) = rcf(g), rcf(g + x) =
# rcf(g) + x for numbers x; incentives against their definition.
# Under the sanitizers (CGT_SANITIZED=1) a fifth of the random trials.
import json
import os
import random
import re
import sqlite3
from fractions import Fraction
import sys
import threading
import time
import xml.etree.ElementTree as ET

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from pytap import Tap, connect, SANITIZED  # noqa: E402

# Random trials: a fifth under the sanitizers, which find memory errors by
# the paths run, not by their count (every property is still checked).
def trials(n):
    return n // 5 if SANITIZED else n


t = Tap()
conn = connect()


def q(sql, *args):
    return conn.execute(sql, args).fetchone()


def one(sql, *args):
    return q(sql, *args)[0]


# ---- thermographs
th = json.loads(one("SELECT cg_thermograph('{2|-1/2}')"))
t.is_(th, {"left": [["-1", "3", -1], ["5/4", "3/4", 0]],
           "right": [["-1", "-1", 0], ["-1/2", "-1", 1], ["5/4", "3/4", 0]],
           "mast": "3/4", "mean": "3/4", "temperature": "5/4"},
      "thermograph of {2|-1/2}: walls, mean 3/4, temperature 5/4 (Winning Ways)")
t.is_(json.loads(one("SELECT cg_thermograph('5')")),
      {"left": [["-1", "5", 0]], "right": [["-1", "5", 0]], "mast": "5", "mean": "5", "temperature": "-1"},
      "an integer's thermograph is a mast from -1 (CGSuite)")
th = json.loads(one("SELECT cg_thermograph('*')"))
t.is_((th["left"], th["right"], th["temperature"]),
      ([["-1", "1", -1], ["0", "0", 0]], [["-1", "-1", 1], ["0", "0", 0]], "0"), "thermograph of *")
big = "{%d|-%d}" % (2 ** 80, 2 ** 80)
th = json.loads(one("SELECT cg_thermograph(?)", big))
t.is_((th["mean"], th["temperature"]), ("0", str(2 ** 80)), "exact at any size: +-2^80 has temperature 2^80")
svg = one("SELECT cg_thermograph_svg('{2|-1/2}')")
root = ET.fromstring(svg)
t.ok(root.tag.endswith("svg"), "the SVG parses as XML")
t.ok("mean 3/4, temperature 5/4" in svg and "3 @ -1" in svg, "the SVG labels the mean, temperature, breakpoints")
lines = [p.get("points") for p in root.iter("{http://www.w3.org/2000/svg}polyline")]
lx = float(lines[0].split()[0].split(",")[0])
rx = float(lines[1].split()[0].split(",")[0])
t.ok(lx < rx, "Left's wall (larger values) is drawn on the left")
huge = one("SELECT cg_thermograph_svg('{' || printf('%.*c', 400, '9') || '|-1}')")
t.ok(ET.fromstring(huge) is not None and "nan" not in huge and "inf" not in huge and "1" + "0" * 400 + " @ -1" in huge,
     "values beyond a double are drawn at the edge and labelled exactly")
for g in [str(2 ** 53), "-" + str(2 ** 60), "{%d|%d}" % (2 ** 54 + 1, 2 ** 54), "1" + "0" * 300 + "*"]:
    drawn = one("SELECT cg_thermograph_svg(?)", g)
    t.ok(ET.fromstring(drawn) is not None and "nan" not in drawn.lower() and "inf" not in drawn.lower(),
         "a value past 2^53 whose walls are closer than 1 is drawn without NaN: %s" % g[:24])

# ---- predicates
rows = conn.execute("""SELECT x, cg_is_infinitesimal(x), cg_is_all_small(x), cg_temper(x) FROM (VALUES
  ('^'), ('*'), ('^*'), ('*2'), ('0'), ('1/2'), ('1*'), ('{1|-1}'), ('{0||0|-1}'), ('{2||1|0}'), ('{0,*|0,*}'))
  AS v(x)""").fetchall() if False else None
cases = [('^', 1, 1, None), ('*', 1, 1, 'odd'), ('^*', 1, 1, None), ('*2', 1, 1, None), ('0', 1, 1, 'even'),
         ('1/2', 0, 0, 'even'), ('1*', 0, 0, 'odd'), ('{1|-1}', 0, 0, 'odd'), ('{0||0|-1}', 1, 0, None),
         ('{2||1|0}', 0, 0, None), ('{0|^}', 1, 1, None), ('{1|*}', 0, 0, None), ('{*|*}', 1, 1, 'even')]
for g, inf, small, temper in cases:
    t.is_(q("SELECT cg_is_infinitesimal(?), cg_is_all_small(?), cg_temper(?)", g, g, g), (inf, small, temper),
          "%s: infinitesimal %d, all-small %d, temper %s" % (g, inf, small, temper))

# ---- ordinal sums (Winning Ways ch. 7: 1:1 = 2, 1:-1 = 1/2, *:* = *2)
t.is_(q("SELECT cg_ordinal_sum('1', '1'), cg_ordinal_sum('1', '-1'), cg_ordinal_sum('*', '*'), "
        "cg_ordinal_sum('0', '1/2'), cg_ordinal_sum('^', '0')"), ('2', '1/2', '*2', '1/2', '^'), "ordinal sums")

# ---- cooling and heating
t.is_(q("SELECT cg_cool('{2|-2}', '1'), cg_cool('{2|-2}', '2'), cg_cool('{2|-2}', '3'), cg_cool('{1|-1}', '1')"),
      ('+-1', '*', '0', '*'), "+-2 cooled by 1, 2 (its temperature: *) and 3 (its mean)")
t.is_(q("SELECT cg_cool('^', '1'), cg_cool('3/4', '5'), cg_cool('{3|{2|1}}', '1/2'), cg_cool('{2|-1/2}', '5/4')"),
      ('0', '3/4', '{5/2|2*}', '3/4*'), "cooling: infinitesimals vanish, numbers stay, {2|-1/2} freezes to 3/4*")
t.is_(q("SELECT cg_cool('*2000000', '0'), cg_cool('1/2^5*2000000', '1/8'), cg_heat('*2000000', '0')"),
      ('*2000000', '1/2', '*2000000'), "a nimber too large to expand: cooled or heated by 0 it stays, cooled by more it goes through the thermograph")
t.is_(q("SELECT cg_heat('*', '1'), cg_heat('{1|-1}', '1'), cg_heat('5/8', '3'), cg_heat('^', '0'), cg_heat('*', '^'), cg_heat('{1|-1}', '*')"),
      ('+-1', '+-2', '5/8', '^', '*', '+-(1*)'),
      "heating: * by 1 is +-1, numbers stay, by 0 the identity, by a game ({^|v} = *)")
t.is_(q("SELECT cg_cool(cg_heat('{1|-1}', '1'), '1'), cg_cool(cg_heat('*', '2'), '2'), cg_heat(cg_cool('+-3', '2'), '2')"),
      ('+-1', '*', '+-3'), "cooling undoes heating on examples")
t.is_(q("SELECT cg_overheat('1', '*', '1'), cg_overheat('2', '^', '0'), cg_overheat('-3', '1', '5'), "
        "cg_overheat('*', '1', '1')"), ('*', '^^', '-3', '+-1'),
      "overheating: integers become copies of s (CGSuite: Norton product), others {G^L + t | G^R - t}")

# ---- NULLs and errors
t.is_(q("SELECT cg_thermograph(NULL), cg_thermograph_svg(NULL), cg_is_infinitesimal(NULL), cg_is_all_small(NULL), "
        "cg_temper(NULL), cg_ordinal_sum(NULL, '1'), cg_ordinal_sum('1', NULL), cg_cool(NULL, '1'), "
        "cg_cool('1', NULL), cg_heat(NULL, '1'), cg_heat('1', NULL), cg_overheat('1', NULL, '1')"),
      (None,) * 12, "a NULL argument gives NULL")
t.raises(lambda: one("SELECT cg_cool('{1|2', '1')"), "cgt: cg_cool: missing '}'", "a bad game is the parser's error")
t.raises(lambda: one("SELECT cg_heat('1', '{')"), "cgt: cg_heat: ", "a bad temperature is the parser's error")
t.raises(lambda: one("SELECT cg_cool('+-1', '-2')"), "cgt: cg_cool: the temperature must be a number >= -1, not '-2'",
         "cooling by less than -1 is an error")
t.is_(q("SELECT cg_cool('1/4', '-1/8'), cg_cool('1/4', '-1/4'), cg_cool('1/4', '-3/8'), cg_cool('+-1', -1)"),
      ('1/4', '1/4*', '{3/8|1/8}', '+-2'), "cooling by t >= -1 as CGSuite (its Cool: 1/4 by -1/8, -1/4, -3/8; +-1 by -1: integers stay)")
t.is_(q("SELECT cg_cool('1', -1), cg_cool('-1', -1), cg_cool('{1|0}', -1), cg_cool('1/2', -1), cg_cool('{2|1}', -1)"),
      ('1', '-1', '{2|-1}', '{1|0}', '{3|0}'), "by -1 (Siegel, CGT II.5: an integer is not cooled)")
t.raises(lambda: one("SELECT cg_cool('+-1', '*')"), "cgt: cg_cool: the temperature must be a number >= -1",
         "cooling by a game that is not a number is an error")
t.raises(lambda: one("SELECT cg_ordinal_sum('1', '^' || printf('%.*c', 5000, '^'))"), "",
         "a very deep ordinal sum ends with an error, not a crash")
t.raises(lambda: one("SELECT cg_heat('*2000000', '1')"), "more than",
         "heating a nimber too large to expand names the limit")

# ---- properties on random games
rng = random.Random(67)
ATOMS = ['0', '1', '-1', '1/2', '-1/2', '2', '*', '^', 'v', '*2', '3/4', '-2']


def rgame(depth):
    if depth == 0 or rng.random() < 0.25:
        return rng.choice(ATOMS)
    left = [rgame(depth - 1) for _ in range(rng.randint(0, 2))]
    right = [rgame(depth - 1) for _ in range(rng.randint(0, 2))]
    return '{%s|%s}' % (','.join(left), ','.join(right))


bad = {}


def check(name, cond, g):
    if not cond and name not in bad:
        bad[name] = g


TEMPS = ['0', '1/4', '1/2', '1', '3/2', '2']
for _ in range(trials(300)):
    g = one("SELECT cg(?)", rgame(3))
    mean, temp, ls, rs = q("SELECT cg_mean(?1), cg_temperature(?1), cg_leftstop(?1), cg_rightstop(?1)", g)
    check("numbers come back as INTEGER or REAL", all(isinstance(x, (int, float)) for x in (mean, temp, ls, rs)), g)
    mean_text, temp_text = one("SELECT cg(?)", mean), one("SELECT cg(?)", temp)
    check("cooling by 0 is the identity", one("SELECT cg_cool(?, '0')", g) == g, g)
    check("heating by 0 is the identity", one("SELECT cg_heat(?, '0')", g) == g, g)
    check("G:0 = G", one("SELECT cg_ordinal_sum(?, '0')", g) == g, g)
    check("0:G = G", one("SELECT cg_ordinal_sum('0', ?)", g) == g, g)
    tt = rng.choice(TEMPS)
    check("cooling keeps the mean", one("SELECT cg_mean(cg_cool(?, ?))", g, tt) == mean, g)
    above = one("SELECT cg_add(?, '1')", temp)
    number = one("SELECT cg_is_number(?)", g)
    check("cooling above the temperature gives the mean (numbers stay)",
          one("SELECT cg_cool(?, ?)", g, above) == (g if number else mean_text), g)
    th = json.loads(one("SELECT cg_thermograph(?)", g))
    check("the thermograph's mean and temperature are cg_mean's and cg_temperature's",
          (th["mean"], th["temperature"], th["mast"]) == (mean_text, temp_text, mean_text), g)
    check("walls start at -1 at the stops and end at the mean",
          th["left"][0][0] == "-1" and th["right"][0][0] == "-1" and th["left"][-1][1] == mean_text
          and th["right"][-1][1] == mean_text and th["left"][-1][2] == 0 and th["right"][-1][2] == 0, g)
    followers = [r[0] for r in conn.execute("SELECT follower FROM cg_followers(?)", (g,))]
    seen, todo = {g}, [g]   # the followers by cg_options, breadth first
    while todo:
        x = todo.pop(0)
        for (o,) in conn.execute("SELECT option FROM cg_options(?)", (x,)):
            if o not in seen:
                seen.add(o)
                todo.append(o)
    check("cg_followers: g first, then every follower by cg_options once",
          followers[:1] == [g] and len(followers) == len(set(followers)) and set(followers) == seen, g)
    inf, small, temper = q("SELECT cg_is_infinitesimal(?1), cg_is_all_small(?1), cg_temper(?1)", g)
    check("infinitesimal: both stops 0 (0 too, no other number)", inf == (ls == 0 and rs == 0), g)
    check("all-small games are infinitesimal or 0", not small or inf or g == '0', g)
    check("temper is symmetric under negation", one("SELECT cg_temper(cg_neg(?))", g) == temper, g)
    check("numbers are even-tempered", not number or temper == 'even', g)
    try:
        ET.fromstring(one("SELECT cg_thermograph_svg(?)", g))
        check("the SVG is well-formed XML", True, g)
    except ET.ParseError:
        check("the SVG is well-formed XML", False, g)
for name in ["cooling by 0 is the identity", "heating by 0 is the identity", "G:0 = G", "0:G = G",
             "cooling keeps the mean", "cooling above the temperature gives the mean (numbers stay)",
             "the thermograph's mean and temperature are cg_mean's and cg_temperature's",
             "walls start at -1 at the stops and end at the mean", "infinitesimal: both stops 0 (0 too, no other number)",
             "numbers come back as INTEGER or REAL", "cg_followers: g first, then every follower by cg_options once", 
             "all-small games are infinitesimal or 0", "temper is symmetric under negation",
             "numbers are even-tempered", "the SVG is well-formed XML"]:
    t.ok(name not in bad, "%d random games: " % trials(300) + name, "first counterexample: %s" % bad.get(name))

# ---- atomic weight, reduced canonical form, incentives: CGSuite's test cases
# (input, atomic weight or None (not atomic), rcf, Left's incentives, Right's, line of CanonicalShortGameTestCase.scala)
CGS = [
    ('0', '0', '0', [], [], 9),
    ('5', None, '5', ['-1'], [], 49),
    ('-1/2', None, '-1/2', ['-1/2'], ['-1/2'], 129),
    ('25/16', None, '25/16', ['-1/16'], ['-1/16'], 169),
    ('*8', '0', '0', ['*8', '*9', '*10', '*11', '*12', '*13', '*14', '*15'],
     ['*8', '*9', '*10', '*11', '*12', '*13', '*14', '*15'], 209),
    ('9/8+*', None, '9/8', ['*'], ['*'], 249),
    ('^', '1', '0', ['v'], ['^*'], 289),
    ('v*', '-1', '0', ['^*'], ['v', 'v*'], 329),
    ('6+^*', None, '6', ['v', 'v*'], ['^*'], 369),
    ('^*6', '1', '0', ['v*6'], ['^*'], 409),
    ('73/16+v9*8', None, '73/16', ['^*'], ['v9*8'], 449),
    ('{0|*||*|||*||||*}', '1', '0', ['v<4>'], ['^[4]*'], 489),
    ('{0||0|v*}', '1', '0', ['{v<2>|0}'], ['^[2]*'], 529),
    ('{0||0|vvv}', '0', '0', ['{^3|0||0}'], ['{^3,{^3|0}|0}'], 662),
    ('{^^^|vv}', '{1|0}', '0', ['{^5|0}'], ['{^5|0}'], 702),
    ('{0||0|-3/2}', '0', '0', ['Miny(3/2)'], ['{3/2,{3/2|0}|0}'], 742),
    ('{0|||0||-1|-3}', '0', '0', ['Miny({3|1})'], ['{3Tiny({3|1})|1Tiny({3|1}),{2,{3|1}|0}||0}'], 782),
    ('{1|^^||^}', '2', '0', ['{{1v|^},{1v||1vv|0}|0,{^|0,{0|-1^^}}}'], ['{1v|^||0}'], 862),
    ('{1|^^^||^}', None, '0', ['{{1v|^^},{1v||1v3|0}|0,{^^|0,{0|-1^3}}}'], ['{1v|^^||0}'], 902),
    ('{3||2+*|1+*}', None, '{3||2|1}', ['{2*|1*||0}'], ['{2*|1*||0}'], 944),
]


def incentives(g, side):
    return [r[0] for r in conn.execute("SELECT incentive FROM cg_incentives(?) WHERE side = ?", (g, side))]


def weight(g):
    try:
        return one("SELECT cg_atomic_weight(?)", g)
    except sqlite3.Error as e:
        return None if "is not atomic" in str(e) else "ERROR " + str(e)


for g, aw, rcf, li, ri, line in CGS:
    t.is_((weight(g), one("SELECT cg_rcf(?)", g), incentives(g, 'L'), incentives(g, 'R')), (aw, rcf, li, ri),
          "%s: atomic weight %s, rcf %s, incentives (CGSuite's test, line %d)" % (g, aw or "undefined", rcf, line))
t.is_(q("SELECT cg_atomic_weight('^'), cg_atomic_weight('*'), cg_atomic_weight('^*'), cg_atomic_weight('^^'), "
        "cg_atomic_weight('{0|^}'), cg_atomic_weight('v3*5'), cg_atomic_weight('^[3]'), cg_atomic_weight('^<3>')"),
      ('1', '0', '1', '2', '2', '-3', '1', '0'), "atomic weights of ups, stars and uptimals (Winning Ways ch. 8)")
t.is_(q("SELECT cg_atomic_weight('{^^^|vv}+{0||0|-1}'), cg_atomic_weight('{1|^^||^}+{0||0|-2}'), "
        "cg_atomic_weight('{^^^|vv}+{0|||0||-1|-3}')"), ('{1|0}', '2', '{1|0}'),
      "adding Tiny(x) (weight 0) keeps the weight, through the atomicity test ({1|0}.^ is a Norton product by options)")
t.is_(q("SELECT cg_atomic_weight('{0|^4611686018427387903}'), cg_atomic_weight('{0||0|-100000}')"),
      ('4611686018427387904', '0'), "huge up multiples and numbers inside: no deep recursion")
t.is_(q("SELECT cg_rcf('^'), cg_rcf('1^*'), cg_rcf('{2|^}'), cg_rcf('{1*|0}'), cg_rcf('+-1'), cg_rcf('Tiny(1)'), "
        "cg_rcf('*1000000')"), ('0', '1', '{2|0}', '{1|0}', '+-1', '0', '0'),
      "rcf: infinitesimals vanish, 1^* is 1, {2|^} is {2|0}, switches stay")
for g in ['1', '1*', '+-1', '{2|0}', '-1/2^', '{1|^^^||^}']:
    t.raises(lambda: one("SELECT cg_atomic_weight(?)", g), "cgt: cg_atomic_weight: '%s' is not atomic" % g,
             "%s has no atomic weight: an error naming the function" % g)
t.is_(q("SELECT cg_atomic_weight(NULL), cg_rcf(NULL), (SELECT count(*) FROM cg_incentives(NULL))"), (None, None, 0),
      "NULL gives NULL (and no incentives)")
t.raises(lambda: one("SELECT count(*) FROM cg_incentives('{1|')"), "cgt: cg_incentives: missing '}'",
         "a bad game is the parser's error, naming cg_incentives")
t.raises(lambda: one("SELECT count(*) FROM cg_incentives('*1000000')"), "cgt: cg_incentives:",
         "a nimber too large to expand is an error, not a hang")
t.raises(lambda: one("SELECT cg_rcf('{' || printf('%.*c', 5000, '^') || '|0}')"), "",
         "a very deep game ends with an error, not a crash")
t.is_(one("SELECT group_concat(side || ':' || incentive, ' ') FROM cg_incentives('{2|-1/2}')"), 'L:{5/2|0} R:{5/2|0}',
      "{2|-1/2}: both players' incentive is {5/2|0}")

def stop_time(sql, after=0.2):
    """Seconds from sqlite3_interrupt() (from a thread, after `after` s) to the end of sql."""
    fired = []
    timer = threading.Timer(after, lambda: (fired.append(time.perf_counter()), conn.interrupt()))
    timer.start()
    try:
        conn.execute(sql).fetchall()
    except sqlite3.OperationalError:
        pass
    end = time.perf_counter()
    timer.cancel()
    return end - fired[0] if fired else 0.0


# *30000 has 30,000 options a side, compared pairwise (minutes of work)
late = stop_time("SELECT count(*) FROM cg_incentives('*30000')")
t.ok(late < 1.0, "cg_incentives('*30000') stops within a second of an interrupt", "stopped %.1f s after it" % late)


# ---- a second atomic weight: CGSuite's naiveAtomicWeight written over cg_options
NUS = re.compile(r'^(-?\d+(?:/\d+)?)?(?:(\^\^|vv)|([\^v])(\d*))?(?:\*(\d*))?$')


def nus_ups(g):
    """The up multiple of x + n.^ + *m printed as g, or None for other games."""
    m = NUS.match(g)
    if not m:
        return None
    if m.group(2):
        return 2 if m.group(2) == '^^' else -2
    if m.group(3):
        n = int(m.group(4) or 1)
        return n if m.group(3) == '^' else -n
    return 0


def options(g):
    rows = conn.execute("SELECT side, option FROM cg_options(?)", (g,)).fetchall()
    return [o for s_, o in rows if s_ == 'L'], [o for s_, o in rows if s_ == 'R']


def far_star(g):
    m = re.match(r'^\*(\d*)$', g)
    if m or g == '0':
        return 1 if g == '0' else int(m.group(1) or 1) + 1
    return max([1] + [far_star(o) for side in options(g) for o in side])


ECCENTRIC = [0]   # games met where the eccentric rule applies


def naive_weight(g):
    ups = nus_ups(g)
    if ups is not None:
        return str(ups)
    lo, ro = options(g)
    lw = [one("SELECT cg_sub(?, '2')", naive_weight(o)) for o in lo]
    rw = [one("SELECT cg_add(?, '2')", naive_weight(o)) for o in ro]
    g0 = one("SELECT cg(?)", '{%s|%s}' % (','.join(lw), ','.join(rw)))
    if not re.match(r'^-?\d+$', g0):
        return g0
    star = '*%d' % far_star(g)
    below, above = one("SELECT cg_le(?, ?)", g, star), one("SELECT cg_le(?, ?)", star, g)
    ECCENTRIC[0] += below != above
    if below and not above:    # the least integer n that is not <= any Left weight
        if not lw:
            return '0'
        best = None
        for w in lw:
            n = -((-Fraction(one("SELECT cg_rightstop(?)", w))) // 1)
            if one("SELECT cg_le(?, ?)", str(n), w):
                n += 1
            best = n if best is None else max(best, n)
        return str(best)
    if above and not below:
        if not rw:
            return '0'
        best = None
        for w in rw:
            n = Fraction(one("SELECT cg_leftstop(?)", w)) // 1
            if one("SELECT cg_le(?, ?)", w, str(n)):
                n -= 1
            best = n if best is None else min(best, n)
        return str(best)
    return g0


SMALL = ['0', '*', '^', 'v', '^*', 'v*', '*2', '^^', '{0|^}', '{^|*}']


def small_game(depth):
    """A random all-small game: both sides non-empty at every level."""
    if depth == 0 or rng.random() < 0.3:
        return rng.choice(SMALL)
    return '{%s|%s}' % (','.join(small_game(depth - 1) for _ in range(rng.randint(1, 2))),
                        ','.join(small_game(depth - 1) for _ in range(rng.randint(1, 2))))


bad = {}
weights = set()
for _ in range(trials(120)):
    g = one("SELECT cg(?)", small_game(3))
    h = one("SELECT cg(?)", small_game(2))
    aw = weight(g)
    check("all-small games are atomic", aw is not None and not aw.startswith("ERROR"), g)
    if aw is None or aw.startswith("ERROR"):
        continue
    check("the atomic weight is CGSuite's naive weight (second implementation)", aw == naive_weight(g), g)
    weights.add(aw)
    awh = weight(h)
    check("aw(G + H) = aw(G) + aw(H)",
          one("SELECT cg_atomic_weight(cg_add(?, ?))", g, h) == one("SELECT cg_add(?, ?)", aw, awh), g + ' + ' + h)
    check("aw(-G) = -aw(G)", one("SELECT cg_atomic_weight(cg_neg(?))", g) == one("SELECT cg_neg(?)", aw), g)
    if one("SELECT cg_le('2', ?)", aw):
        check("two-ahead rule: aw(G) >= 2 implies G > 0", one("SELECT cg_cmp(?, '0')", g) == '>', g)
    check("all-small games reduce to 0", one("SELECT cg_rcf(?)", g) == '0', g)
for name in ["all-small games are atomic", "the atomic weight is CGSuite's naive weight (second implementation)",
             "aw(G + H) = aw(G) + aw(H)", "aw(-G) = -aw(G)", "two-ahead rule: aw(G) >= 2 implies G > 0",
             "all-small games reduce to 0"]:
    t.ok(name not in bad, "%d random all-small games: " % trials(120) + name, "first counterexample: %s" % bad.get(name))
t.ok(len(weights) >= 5, "the random all-small games have varied weights: %s" % ', '.join(sorted(weights)))
t.ok(ECCENTRIC[0] > 0, "the eccentric rule applied in %d positions" % ECCENTRIC[0])

# CGSuite answers an uptimal's atomic weight from its expansion (Uptimal.atomicWeight: the first coefficient)
bad = []
for _ in range(trials(150)):
    m = rng.choice([0, 1, 2, 3])
    a = [rng.randint(-2, 2) for _ in range(5)]
    text = '*%d' % m + ''.join(('+' if c > 0 else '-') + '^<%d>' % (i + 1) for i, c in enumerate(a) for _ in range(abs(c)))
    if weight(text) != str(a[0]):
        bad.append("%s: %s" % (text, weight(text)))
t.ok(not bad, "%d random uptimals *m + a1.^<1> + ... + a5.^<5>: the atomic weight is a1" % trials(150), "; ".join(bad[:3]))

# ---- rcf and incentives on random games
bad = {}
for _ in range(trials(200)):
    g = one("SELECT cg(?)", rgame(3))
    r = one("SELECT cg_rcf(?)", g)
    d = one("SELECT cg_sub(?, ?)", r, g)
    check("rcf(g) - g is infinitesimal or 0", d == '0' or one("SELECT cg_is_infinitesimal(?)", d) == 1, g)
    check("rcf(rcf(g)) = rcf(g)", one("SELECT cg_rcf(?)", r) == r, g)
    x = rng.choice(['1', '-1/2', '3/4'])
    check("rcf(g + x) = rcf(g) + x for a number x",
          one("SELECT cg_rcf(cg_add(?, ?))", g, x) == one("SELECT cg_add(?, ?)", r, x), g)
    lo, ro = options(g)
    for side, opts, make in (('L', lo, lambda o: one("SELECT cg_sub(?, ?)", o, g)),
                             ('R', ro, lambda o: one("SELECT cg_sub(?, ?)", g, o))):
        inc = sorted(set(make(o) for o in opts))
        best = sorted(a for a in inc if not any(b != a and one("SELECT cg_le(?, ?)", a, b) for b in inc))
        check("incentives are the undominated G^L - G and G - G^R", sorted(incentives(g, side)) == best, g)
for name in ["rcf(g) - g is infinitesimal or 0", "rcf(rcf(g)) = rcf(g)", "rcf(g + x) = rcf(g) + x for a number x",
             "incentives are the undominated G^L - G and G - G^R"]:
    t.ok(name not in bad, "%d random games: " % trials(200) + name, "first counterexample: %s" % bad.get(name))

t.done()

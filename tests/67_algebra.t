#!/usr/bin/python3
# Operations on partizan games (fn_algebra.c, core/partizan/palgebra.c): thermographs
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
import json
import os
import random
import sys
import xml.etree.ElementTree as ET

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from pytap import Tap, connect  # noqa: E402

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

# ---- predicates
rows = conn.execute("""SELECT x, cg_is_infinitesimal(x), cg_is_all_small(x), cg_temper(x) FROM (VALUES
  ('^'), ('*'), ('^*'), ('*2'), ('0'), ('1/2'), ('1*'), ('{1|-1}'), ('{0||0|-1}'), ('{2||1|0}'), ('{0,*|0,*}'))
  AS v(x)""").fetchall() if False else None
cases = [('^', 1, 1, None), ('*', 1, 1, 'odd'), ('^*', 1, 1, None), ('*2', 1, 1, None), ('0', 0, 1, 'even'),
         ('1/2', 0, 0, 'even'), ('1*', 0, 0, 'odd'), ('{1|-1}', 0, 0, 'odd'), ('{0||0|-1}', 1, 0, None),
         ('{2||1|0}', 0, 0, None), ('{0|^}', 1, 1, None), ('{1|*}', 0, 0, None), ('{*|*}', 0, 1, 'even')]
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
t.raises(lambda: one("SELECT cg_cool('+-1', '-1')"), "cgt: cg_cool: the temperature must be a number >= 0",
         "cooling by a negative number is an error")
t.raises(lambda: one("SELECT cg_cool('+-1', '*')"), "cgt: cg_cool: the temperature must be a number >= 0",
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
for _ in range(300):
    g = one("SELECT cg(?)", rgame(3))
    mean, temp, ls, rs = q("SELECT cg_mean(?1), cg_temperature(?1), cg_leftstop(?1), cg_rightstop(?1)", g)
    check("cooling by 0 is the identity", one("SELECT cg_cool(?, '0')", g) == g, g)
    check("heating by 0 is the identity", one("SELECT cg_heat(?, '0')", g) == g, g)
    check("G:0 = G", one("SELECT cg_ordinal_sum(?, '0')", g) == g, g)
    check("0:G = G", one("SELECT cg_ordinal_sum('0', ?)", g) == g, g)
    tt = rng.choice(TEMPS)
    check("cooling keeps the mean", one("SELECT cg_mean(cg_cool(?, ?))", g, tt) == mean, g)
    above = one("SELECT cg_add(?, '1')", temp)
    number = one("SELECT cg_is_number(?)", g)
    check("cooling above the temperature gives the mean (numbers stay)",
          one("SELECT cg_cool(?, ?)", g, above) == (g if number else mean), g)
    th = json.loads(one("SELECT cg_thermograph(?)", g))
    check("the thermograph's mean and temperature are cg_mean's and cg_temperature's",
          (th["mean"], th["temperature"], th["mast"]) == (mean, temp, mean), g)
    check("walls start at -1 at the stops and end at the mean",
          th["left"][0][0] == "-1" and th["right"][0][0] == "-1" and th["left"][-1][1] == mean
          and th["right"][-1][1] == mean and th["left"][-1][2] == 0 and th["right"][-1][2] == 0, g)
    inf, small, temper = q("SELECT cg_is_infinitesimal(?1), cg_is_all_small(?1), cg_temper(?1)", g)
    check("infinitesimal: stops 0 and not 0 (nor a number)", inf == (ls == '0' and rs == '0' and g != '0'), g)
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
             "walls start at -1 at the stops and end at the mean", "infinitesimal: stops 0 and not 0 (nor a number)",
             "all-small games are infinitesimal or 0", "temper is symmetric under negation",
             "numbers are even-tempered", "the SVG is well-formed XML"]:
    t.ok(name not in bad, "300 random games: " + name, "first counterexample: %s" % bad.get(name))

t.done()

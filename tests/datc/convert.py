#!/usr/bin/env python3
"""Convert the DATC chapter 6 test cases into arbitre position files.

Usage (from the repository root):

    python3 tests/datc/convert.py /path/to/shared/datc

Reads, from the given directory:

  datc_v2.4_06.txt        the jDip-format DATC v2.4 chapter 6 (godip's copy)
  datc_v3_supplement.txt  DATC v3.0 cases missing from / changed since v2.4
                          (same format; a case here replaces the v2.4 case)
  DATC_v3_0.html          the DATC v3.0 document (case titles, list of v3 cases)

and (re)writes one YAML position file per case next to this script
(tests/datc/<case id>.yaml), in the format of the position-file spec (shared/spec/position-file.md), with
an `expect:` block holding the expected end state.

Corrections to the jDip data are made explicitly in PATCHES below (each with
a note that is copied into the header comment of the file concerned); nothing
is corrected silently.  Standard library only.
"""

import difflib
import html
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
MAP_FILE = os.path.join(REPO, "maps", "standard.yaml")

POWERS = ["England", "France", "Germany", "Italy", "Austria", "Russia", "Turkey"]

# godip/jDip province codes that differ from the canonical codes of maps/standard.yaml.
PROVINCE_CODES = {"gol": "LYO", "mid": "MAO", "nat": "NAO", "nrg": "NWG"}

# Cases of datc_v2.4_06.txt that are not converted.
DROPPED = {
    "6.A.5.old": "pre-DATC-v2.4 version of 6.A.5 (superseded per the v3 supplement)",
    "6.A.10.old": "pre-DATC-v2.4 version of 6.A.10 (superseded per the v3 supplement)",
    "6.J.9.part1": "replaced by 6.J.9.a of the v3 supplement",
    "6.J.9.part2": "replaced by 6.J.9.b of the v3 supplement",
}

# Renames of mis-numbered jDip cases: (id as written, occurrence number) -> DATC id.
RENAMES = {
    ("6.F.E", 1): ("6.F.5", "jDip numbers this case 6.F.E; it is DATC 6.F.5 "
                            "(A beleaguered convoy is not disrupted)."),
    ("6.F.14", 2): ("6.F.15", "jDip numbers this case 6.F.14 a second time; it is DATC "
                              "6.F.15 (Simple convoy paradox with additional convoy)."),
}

# A v3 case split over several files.
COVERED_BY = {"6.J.9": ["6.J.9.a", "6.J.9.b"]}

# Explicit corrections of the jDip text of a case, applied to the raw case text
# (comments included) before parsing.  Each patch: (regex, replacement, expected
# number of matches).  The note lines go into the file header.
PATCHES = {
    "6.A.5": {
        "subs": [(r"Germnay:", "Germany:", 1)],
        "notes": ["Fixed jDip typo 'Germnay:' -> 'Germany:' (as in the DATC document)."],
    },
    "6.B.6": {
        "subs": [(r"\tItaly F gol", "\tItaly: F gol", 1),
                 (r"\tFrance f mid", "\tFrance: F mid", 1)],
        "notes": ["Fixed jDip POSTSTATE typos 'Italy F gol' and 'France f mid' (missing colon)."],
    },
    "6.D.8": {
        "subs": [(r"### Turkey: A gre\t\t# NO RETREATS: destroyed", "Turkey: A gre", 1)],
        "notes": ["jDip comments the dislodged A GRE out (it has no retreat); it is "
                  "dislodged, so it is listed in expect.dislodged."],
    },
    "6.D.9": {
        "subs": [(r"F alb", "A alb", 3), (r"F tri", "A tri", 3)],
        "notes": ["jDip has F ALB / F TRI; DATC (v3) has A Albania / A Trieste "
                  "(A Albania Supports A Trieste - Serbia). With fleets the support is "
                  "impossible for another reason (a fleet cannot reach Serbia), which is not "
                  "what the case tests, so the units are armies here."],
    },
    "6.D.18": {
        "subs": [(r"### Turkey: F ank\t\t# NO RETREATS: destroyed", "Turkey: F ank", 1)],
        "notes": ["jDip comments the dislodged F ANK out (it has no retreat); it is "
                  "dislodged, so it is listed in expect.dislodged."],
    },
    "6.D.34": {
        "subs": [(r"POSTSTATE\n((?:.*\n)*?)\t# Italy: the Dislodged prun unit has no retreats, and is destroyed\n",
                  r"POSTSTATE\n\1POSTSTATE_DISLODGED\n\tItaly: A pru\n", 1)],
        "notes": ["jDip only mentions in a comment that the Italian A PRU is dislodged (it "
                  "has no retreat); it is listed in expect.dislodged."],
    },
    "6.F.15": {
        "subs": [(r"\tItaly: F naf\n", "\tItaly: A naf\n", 1),
                 (r"\tItaly: F naf-wal\n", "\tItaly: A naf-wal\n", 1),
                 (r"\tItaly: F naf\t# naf-wal OK\n", "\tItaly: A wal\t# naf-wal OK\n", 1)],
        "notes": ["jDip has a fleet 'F naf' ordered 'F naf-wal' and leaves it in NAF although "
                  "its comment says 'naf-wal OK'. DATC has A North Africa - Wales and prefers "
                  "that it reaches Wales: unit, order and expected A WAL corrected."],
    },
    "6.F.21": {
        "subs": [(r"\t# England: F nat\t# DESTROYED\n\t# England: F cly\t# DESTROYED\n",
                  "\tEngland: F nat\n\tEngland: F cly\n", 1)],
        "notes": ["jDip comments the dislodged F NAO and F CLY out (no retreat possible); "
                  "they are dislodged, so they are listed in expect.dislodged."],
    },
    "6.G.10": {
        "subs": [(r"\t# Russia: A swe \t# dislodged, destroyed\n", "\tRussia: A swe\n", 1)],
        "notes": ["jDip comments the dislodged Russian A SWE out (no retreat possible); it "
                  "is listed in expect.dislodged."],
    },
    "6.G.10.mod": {
        "subs": [(r"\t# Russia: A swe \t# dislodged, destroyed\n", "\tRussia: A swe\n", 1)],
        "notes": ["jDip comments the dislodged Russian A SWE out (no retreat possible); it "
                  "is listed in expect.dislodged."],
    },
    "6.G.13": {
        "subs": [(r"\tAustria: A tri-ven\t", "\tAustria: A tri-ven via convoy\t", 1)],
        "notes": ["DATC v3 orders 'A Trieste - Venice via convoy'; jDip (DATC 2.4) had no "
                  "'via convoy'. Same outcome under the 2023 rules (the convoying fleet is "
                  "Austrian, so the convoy is used either way); the v3 order is used."],
    },
    "6.G.14": {
        "subs": [(r"\t# Russia:  A swe\t -- this unit is destroyed \(not dislodged\)\n",
                  "\tRussia:  A swe\n", 1)],
        "notes": ["jDip comments the Russian A SWE out ('destroyed, not dislodged'): it is "
                  "dislodged and has no retreat, so it is listed in expect.dislodged."],
    },
    "6.H.4": {
        "subs": [(r"\tEngland: F nth-nwy\t", "\tEngland: F nth-nrg\t", 1)],
        "notes": ["jDip has 'F nth-nwy' (original jDip 'nth-nor', Norway); DATC has "
                  "F North Sea - Norwegian Sea. Either way the order is illegal in a retreat "
                  "phase; the DATC order is used."],
    },
    "6.H.5": {
        "subs": [(r"SUCCESS: Russia: F con S A ruh-hol", "SUCCESS: Russia: F con S F bla-ank", 1)],
        "notes": [],  # results line only; no effect on the file
    },
    "6.H.5.mod": {
        "subs": [(r"SUCCESS: Russia: F con S A ruh-hol", "SUCCESS: Russia: F con S F bla-ank", 1)],
        "notes": [],
    },
    "6.H.14": {
        "subs": [(r"PRESTATE\t\n\tEngland: F eng\n\tFrance: A par\n\tFrance: A bre\n\tGermany: A mun\n\tGermany: A mar\n",
                  "PRESTATE\n\tEngland: F eng\n\tFrance: A pic\n\tFrance: A bre\n\tGermany: A mun\n\tGermany: A bur\n", 1),
                 (r"SUCCESS: France: A bur H", "FAILURE: France: A bur H", 1),
                 (r"POSTSTATE\n\tEngland: F eng\n\tFrance: A par\n\tFrance: A bre\n\tGermany: A mun\n\tGermany: A mar\n",
                  "POSTSTATE\n\tEngland: F eng\n\tFrance: A pic\n\tFrance: A bre\n\tGermany: A mun\n\tGermany: A bur\n", 1)],
        "notes": ["jDip PRESTATE/POSTSTATE leave the successful movers at their origins "
                  "(France A PAR, Germany A MAR); after A PAR - PIC and A MAR - BUR succeeded "
                  "they stand in PIC and BUR, so units corrected to A PIC and A BUR."],
    },
    "6.H.15": {
        "subs": [(r"PRESTATE\n\tFrance: F spa/sc\n\tFrance: F mid\nPRESTATE_RESULTS\n",
                  "PRESTATE\n\tFrance: F por\n\tFrance: F mid\nPRESTATE_DISLODGED\n\tEngland: F por\nPRESTATE_RESULTS\n", 1),
                 (r"ORDERS\n\t# NO orders; English F por destroyed\n",
                  "ORDERS\n\tEngland: F por-spa/nc\n", 1),
                 (r"POSTSTATE\n\tFrance: F spa/sc\n\tFrance: F mid\n",
                  "POSTSTATE\n\tFrance: F por\n\tFrance: F mid\n", 1)],
        "notes": ["jDip leaves the French F SPA/SC in Spain after its successful move to "
                  "Portugal and omits the dislodged English F POR: corrected to French "
                  "F POR and dislodged English F POR (attacked from SPA).",
                  "jDip gives no retreat order; the order F POR - SPA/NC (the retreat DATC "
                  "says is impossible) is added so the case tests it. Either way the fleet "
                  "is destroyed."],
    },
    "6.H.16": {
        "subs": [(r"FAILURE: France: F mid-spa\n", "FAILURE: France: F mid-spa/nc\n", 1)],
        "notes": [],  # results line only (DATC: F Mid-Atlantic Ocean - Spain(nc)); no effect
    },
    "6.J.5": {
        "subs": [(r"PRESTATE_SUPPLYCENTER_OWNERS\n\tRussia: A mos\n\tRussia: A stp\n\tRussia: A war\n"
                  r"PRESTATE\n\tRussia: A mos\n\tRussia: A stp\n\t#\n",
                  "PRESTATE_SUPPLYCENTER_OWNERS\n\tRussia: A stp\nPRESTATE\n", 1),
                 (r"POSTSTATE\n\tRussia: A mos\n\tRussia: A stp\n\t#\n\tRussia: F ska\n",
                  "POSTSTATE\n\tRussia: F ska\n", 1)],
        "notes": ["jDip's set-up (Russia also owns MOS and WAR, with armies there) is replaced "
                  "by the DATC one (Russia owns only STP): under the 2023 rule (distance to "
                  "owned centres, over land and sea) Warsaw puts F BER at distance 2 like "
                  "F SKA, so the jDip set-up no longer tests different distances. Now F SKA "
                  "is at 2 and F BER at 3; F BER is removed either way."],
    },
    "6.I.3": {
        "subs": [(r"Build F ber", "Build A ber", 1)],
        "notes": ["jDip orders 'Build F ber'; DATC orders Build A Berlin (same outcome: "
                  "Berlin is occupied)."],
    },
}

# Extra header lines (no data change).
NOTES = {
    "6.I.1": ["Germany owns KIE and MUN and has one unit (A PAR): one build (jDip's comment "
              "says three centres)."],
    "6.I.4": ["DATC v3 writes 'Build A St Petersburg(nc)' (an army with a coast, "
              "apparently a slip); the jDip order BUILD F STP/NC is kept. Fails either way."],
    "6.G.10.mod": ["Under the 2023 rules the German (foreign) convoy gives no intent and "
                   "there is no 'via convoy', so A NWY - SWE goes over land: head-to-head, "
                   "the beaten A SWE has no effect on Norway and F NWG reaches it."],
    "6.G.11.mod": ["Same as 6.G.11 with an explicit 'via convoy'; same v3 outcome (no "
                   "fallback to the land route)."],
    "6.F.17": ["v3 prefers the Szykman rule: the convoy fails and nothing is dislodged "
               "(godip already set POSTSTATE_SAME)."],
    "6.J.3": ["jDip's set-up (Russia owns MOS STP WAR, has 4 units) differs from the DATC "
              "text but gives the same v3 outcome under the 2023 distance rule."],
    "6.J.4": ["jDip's set-up (Russia owns MOS STP WAR, has 4 units) differs from the DATC "
              "text but gives the same v3 outcome under the 2023 distance rule."],
    "6.J.8": ["jDip's set-up (Russia owns MOS STP WAR, has 4 units) differs from the DATC "
              "text but gives the same v3 outcome (A TYR distance 3, F BAL distance 2)."],
}

# The jDip comment line to show, where its first line is cut short, misleading or
# less useful than a later line (None: show none).  Other cases show the first
# comment line unless it only restates the DATC title.
JDIP_LINES = {
    "6.A.7.modified": "only armies can convoy; like 6.A.7, but the convoy order names the fleet (C F LON - BEL)",
    "6.A.8": "an army cannot get an additional hold power by supporting itself; F TRI is dislodged",
    "6.B.12": "coasts are irrelevant to armies: the move is attempted",
    "6.B.10": "unit ordered with wrong coast, but the coast is insignificant: the move is attempted",
    "6.B.13": "circular movement with use of a coast is not possible: this is a head-to-head battle",
    "6.D.16": "convoying a dislodging unit of the same power is allowed",
    "6.E.9": "like 6.E.8, but the beleaguered fleet is moving away",
    "6.E.10": "the beleaguered fleet is in circular movement with the weaker attacker; the circular movement fails",
    "6.E.11": "unit swap with adjacent convoying and two coasts",
    "6.E.14": "a unit making an illegal move still defends with strength 1",
    "6.F.15": "paradox rules only apply to the paradox core",
    "6.F.17": None,  # jDip's comment describes the 2000-rules outcome; see the note
    "6.F.22.extended": "the Russian move St Petersburg - Edinburgh is not part of the paradox; once the "
                       "paradox is resolved and Edinburgh is empty, that convoy succeeds",
    "6.F.23": "Szykman resolution: no units move",
    "6.G.2": "kidnapping an army: no swap should occur",
    "6.G.3": "kidnapping with a disrupted convoy: there is no intent to convoy, so the army goes over land",
    "6.G.4": "kidnapping with a disrupted convoy and opposite move",
    "6.G.10.mod": "6.G.10 with the 'via convoy' removed",
    "6.G.11": "the convoy is available when the land route is chosen, but not when the convoy route is chosen",
    "6.G.11.mod": None,  # see the note
    "6.G.12": "two units can swap if they are both convoyed",
    "6.H.1": "support orders are illegal in a retreat phase; retreats to the same place disband the units",
    "6.H.5": "the only legal retreat of F ANK is ARM (CON is occupied, BLA is the attacker's origin)",
    "6.H.5.mod": "like 6.H.5, but the retreat goes to an occupied province (CON)",
    "6.H.16": "if one coast is contested, the other coasts are not available for retreat",
    "6.I.1": None,  # jDip's comment miscounts Germany's centres; see the note
    "6.J.2": "two units to remove; the army in Paris is removed, then civil disorder removes the fleet",
    "6.J.7": "two fleets and one army at equal distance: a fleet goes first, then alphabetical order (NTH)",
}

# Cases with no PRESTATE_SETPHASE line.
DEFAULT_PHASE = "Spring 1901, Movement"

JDIP_COMMENT_FIXES = {"nwymal": "normal", "beleagured": "beleaguered"}

YAML_RESERVED = {"y", "yes", "n", "no", "true", "false", "on", "off", "null", "~"}


class DatcError(Exception):
    pass


# --------------------------------------------------------------------------- map

def load_map(path):
    """Province codes, coasts and adjacency from maps/standard.yaml (regex parse)."""
    if not os.path.exists(path):
        return None
    provinces, coasts, armies, fleets = {}, {}, {}, {}
    section = None
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            top = re.match(r"^(\w+):", line)
            if top:
                section = top.group(1)
                continue
            if section == "provinces":
                m = re.match(r"^  ([A-Z]{3}): \{kind: (\w+)(.*)\}", line)
                if m:
                    provinces[m.group(1)] = m.group(2)
                    c = re.search(r"coasts: \[([A-Z, ]+)\]", m.group(3))
                    coasts[m.group(1)] = [x.strip() for x in c.group(1).split(",")] if c else []
            elif section in ("armies", "fleets"):
                m = re.match(r"^  ([A-Z]{3}(?:/[A-Z]{2})?): \[(.*)\]", line)
                if m:
                    table = armies if section == "armies" else fleets
                    table[m.group(1)] = [x.strip() for x in m.group(2).split(",") if x.strip()]
    return {"provinces": provinces, "coasts": coasts, "armies": armies, "fleets": fleets}


def check_place(gmap, place, where, unit_type=None):
    if gmap is None:
        return
    prov, _, coast = place.partition("/")
    if prov not in gmap["provinces"]:
        raise DatcError("%s: unknown province %r" % (where, place))
    if coast and coast not in gmap["coasts"][prov]:
        raise DatcError("%s: unknown coast %r" % (where, place))
    if unit_type is not None:
        kind = gmap["provinces"][prov]
        if unit_type == "A" and kind not in ("land", "coast"):
            raise DatcError("%s: army at sea %r" % (where, place))
        if unit_type == "A" and coast:
            raise DatcError("%s: army with a coast %r" % (where, place))
        if unit_type == "F" and kind not in ("sea", "coast"):
            raise DatcError("%s: fleet inland %r" % (where, place))
        if unit_type == "F" and gmap["coasts"][prov] and not coast:
            raise DatcError("%s: fleet without coast %r" % (where, place))


# ------------------------------------------------------------------ jDip parsing

def province(token):
    """jDip location -> canonical code ('spa/nc' -> 'SPA/NC', 'gol' -> 'LYO')."""
    t = token.strip().lower()
    m = re.match(r"^([a-z]{3})(?:[/(]([a-z]{2})\)?)?$", t)
    if not m:
        raise DatcError("bad location %r" % token)
    code = PROVINCE_CODES.get(m.group(1), m.group(1).upper())
    return code + ("/" + m.group(2).upper() if m.group(2) else "")


def bare(place):
    return place.split("/")[0]


def unit_type(token):
    t = token.upper()
    if t not in ("A", "F"):
        raise DatcError("bad unit type %r" % token)
    return t


def power_name(token):
    for p in POWERS:
        if p.lower() == token.strip().lower():
            return p
    raise DatcError("unknown power %r" % token)


def strip_comment(line):
    return line.split("#", 1)[0].strip()


def parse_unit_line(line):
    m = re.match(r"^(\w+):\s*([AaFf])\s+(\S+)$", line)
    if not m:
        raise DatcError("bad unit line %r" % line)
    return power_name(m.group(1)), unit_type(m.group(2)), province(m.group(3))


def parse_order(text):
    """jDip order text (without power) -> (normalised string, structure dict)."""
    t = re.sub(r"\s*-\s*", " - ", text.strip())
    toks = t.split()
    low = [x.lower() for x in toks]
    if not toks:
        raise DatcError("empty order")
    if low[0] == "build":
        if len(toks) != 3:
            raise DatcError("bad build %r" % text)
        ut, loc = unit_type(toks[1]), province(toks[2])
        return "BUILD %s %s" % (ut, loc), {"kind": "build", "type": ut, "loc": loc}
    if low[0] in ("remove", "disband"):
        if len(toks) == 2:
            loc = province(toks[1])
            return "REMOVE %s" % loc, {"kind": "remove", "type": None, "loc": loc}
        if len(toks) == 3:
            ut, loc = unit_type(toks[1]), province(toks[2])
            return "REMOVE %s %s" % (ut, loc), {"kind": "remove", "type": ut, "loc": loc}
        raise DatcError("bad removal %r" % text)
    if low[0] == "waive":
        return "WAIVE", {"kind": "waive"}
    ut, loc = unit_type(toks[0]), province(toks[1])
    rest, lrest = toks[2:], low[2:]
    head = "%s %s" % (ut, loc)
    if not rest or lrest[0] in ("h", "hold", "holds"):
        if len(rest) > 1:
            raise DatcError("bad hold %r" % text)
        return head + " H", {"kind": "hold", "type": ut, "loc": loc}
    if lrest[0] == "-":
        if len(rest) < 2:
            raise DatcError("bad move %r" % text)
        dest = province(rest[1])
        tail = lrest[2:]
        via = False
        if tail in (["via", "convoy"], ["by", "convoy"]):
            via = True
        elif tail:
            raise DatcError("bad move %r" % text)
        s = "%s - %s%s" % (head, dest, " VIA CONVOY" if via else "")
        return s, {"kind": "move", "type": ut, "loc": loc, "dest": dest, "via": via}
    if lrest[0] in ("s", "support", "supports", "c", "convoy", "convoys"):
        verb = "S" if lrest[0].startswith("s") else "C"
        sub = rest[1:]
        if sub and sub[0].upper() in ("A", "F"):
            st, sub = unit_type(sub[0]), sub[1:]
        else:
            st = None
        if not sub:
            raise DatcError("bad %s order %r" % (verb, text))
        sloc = province(sub[0])
        target = ("%s %s" % (st, sloc)) if st else sloc
        if len(sub) == 1:
            if verb == "C":
                raise DatcError("convoy without destination %r" % text)
            return "%s S %s" % (head, target), {"kind": "support", "type": ut, "loc": loc,
                                               "sloc": sloc, "sdest": None}
        if len(sub) == 3 and sub[1] == "-":
            sdest = province(sub[2])
            kind = "support" if verb == "S" else "convoy"
            return "%s %s %s - %s" % (head, verb, target, sdest), {
                "kind": kind, "type": ut, "loc": loc, "sloc": sloc, "sdest": sdest}
        raise DatcError("bad %s order %r" % (verb, text))
    raise DatcError("cannot read order %r" % text)


def split_cases(text, source):
    """Yield (raw id, header line, comment lines, body text) for each CASE..END block."""
    lines = text.split("\n")
    i = 0
    comments = []
    while i < len(lines):
        line = lines[i]
        if line.startswith("CASE"):
            header = line
            body = []
            i += 1
            while i < len(lines) and lines[i].strip() != "END":
                body.append(lines[i])
                i += 1
            if i >= len(lines):
                raise DatcError("%s: case %r has no END" % (source, header))
            raw_id = header.split()[1].rstrip(".")
            yield raw_id, header, comments, "\n".join(body) + "\n"
            comments = []
        elif line.startswith("#"):
            comments.append(line)
        elif line.strip() == "":
            comments = []
        else:
            comments = []
        i += 1


def parse_case(body):
    sections = {}
    phase = None
    same = False
    current = None
    for raw in body.split("\n"):
        line = strip_comment(raw)
        if not line:
            continue
        if line.startswith("PRESTATE_SETPHASE"):
            phase = line[len("PRESTATE_SETPHASE"):].strip()
            current = None
            continue
        if re.match(r"^[A-Z_]+$", line):
            if line == "POSTSTATE_SAME":
                same = True
                current = None
                continue
            if line not in ("PRESTATE", "PRESTATE_DISLODGED", "PRESTATE_RESULTS",
                            "PRESTATE_SUPPLYCENTER_OWNERS", "ORDERS", "POSTSTATE",
                            "POSTSTATE_DISLODGED"):
                raise DatcError("unknown section %r" % line)
            current = line
            sections.setdefault(current, [])
            continue
        if current is None:
            raise DatcError("line outside a section: %r" % line)
        sections[current].append(line)
    return phase, same, sections


def convert_phase(phase):
    m = re.match(r"^(Spring|Fall|Winter)\s+(\d{4}),?\s+(Movement|Retreat|Adjustment)$", phase)
    if not m:
        raise DatcError("bad phase %r" % phase)
    season, year, kind = m.groups()
    if kind == "Adjustment":
        season = "Winter"
    return "%s %s %s" % (season, year, kind), kind


# ---------------------------------------------------------------- conversion

def group(items):
    """[(power, value)] -> ordered {power: [values]} (power order of first appearance)."""
    out = {}
    for power, value in items:
        out.setdefault(power, []).append(value)
    return out


def build_case(case_id, body, gmap):
    phase_raw, same, sec = parse_case(body)
    notes = []
    if phase_raw is None:
        phase_raw = DEFAULT_PHASE
        notes.append("jDip gives no PRESTATE_SETPHASE for this case; Spring 1901 "
                     "Movement assumed (as in the DATC).")
    phase, kind = convert_phase(phase_raw)
    where = case_id

    pre = [parse_unit_line(l) for l in sec.get("PRESTATE", [])]
    for p, t, loc in pre:
        check_place(gmap, loc, where + " PRESTATE", t)
    units = group((p, "%s %s" % (t, loc)) for p, t, loc in pre)

    case = {"id": case_id, "phase": phase, "kind": kind, "units": units, "notes": notes}

    # orders
    orders = []
    for line in sec.get("ORDERS", []):
        m = re.match(r"^(\w+):\s*(.+)$", line)
        if not m:
            raise DatcError("%s: bad order line %r" % (where, line))
        text, struct = parse_order(m.group(2))
        for key in ("loc", "dest", "sloc", "sdest"):
            if struct.get(key):
                check_place(gmap, struct[key], where + " ORDERS")
        orders.append((power_name(m.group(1)), text))
    case["orders"] = group(orders)

    if kind == "Retreat":
        results = []
        for line in sec.get("PRESTATE_RESULTS", []):
            m = re.match(r"^(SUCCESS|FAILURE):\s*(\w+):\s*(.+)$", line)
            if not m:
                raise DatcError("%s: bad result line %r" % (where, line))
            results.append((m.group(1), power_name(m.group(2)), parse_order(m.group(3))[1]))
        dislodged = []
        for line in sec.get("PRESTATE_DISLODGED", []):
            p, t, loc = parse_unit_line(line)
            check_place(gmap, loc, where + " PRESTATE_DISLODGED", t)
            entry = {"unit": "%s %s" % (t, loc)}
            frm = attacker_from(case_id, bare(loc), results, gmap)
            if frm:
                entry["attacker_from"] = frm
            dislodged.append((p, entry))
        if not dislodged:
            raise DatcError("%s: retreat phase without dislodged units" % where)
        case["dislodged"] = group(dislodged)
        case["contested"] = contested(results, pre)
    elif sec.get("PRESTATE_DISLODGED") or sec.get("PRESTATE_RESULTS"):
        raise DatcError("%s: dislodged/results outside a retreat phase" % where)

    if kind == "Adjustment":
        owners = [parse_unit_line(l) for l in sec.get("PRESTATE_SUPPLYCENTER_OWNERS", [])]
        if not owners:
            raise DatcError("%s: adjustment phase without supply centres" % where)
        for p, t, loc in owners:
            check_place(gmap, loc, where + " SUPPLYCENTER_OWNERS")
        case["supply_centers"] = group((p, loc) for p, t, loc in owners)

    # expected end state
    if same:
        if sec.get("POSTSTATE") or sec.get("POSTSTATE_DISLODGED"):
            raise DatcError("%s: POSTSTATE_SAME with POSTSTATE" % where)
        post = list(pre)
        post_dis = []
    else:
        if "POSTSTATE" not in sec:
            raise DatcError("%s: no POSTSTATE" % where)
        post = [parse_unit_line(l) for l in sec["POSTSTATE"]]
        post_dis = [parse_unit_line(l) for l in sec.get("POSTSTATE_DISLODGED", [])]
    for p, t, loc in post + post_dis:
        check_place(gmap, loc, where + " POSTSTATE", t)
    case["expect_units"] = group((p, "%s %s" % (t, loc)) for p, t, loc in post)
    if kind == "Movement":
        case["expect_dislodged"] = group((p, "%s %s" % (t, loc)) for p, t, loc in post_dis)
    elif post_dis:
        raise DatcError("%s: POSTSTATE_DISLODGED outside a movement phase" % where)

    sanity(case_id, kind, pre, post, post_dis, sec)
    return case


def attacker_from(case_id, prov, results, gmap):
    """Origin of the successful move into prov; None if it came by convoy."""
    moves = [o for s, p, o in results
             if s == "SUCCESS" and o["kind"] == "move" and bare(o["dest"]) == prov]
    if len(moves) != 1:
        raise DatcError("%s: %d successful moves into %s in PRESTATE_RESULTS"
                        % (case_id, len(moves), prov))
    mv = moves[0]
    if mv["via"]:
        return None
    for s, p, o in results:
        if o["kind"] == "convoy" and bare(o["sloc"]) == bare(mv["loc"]) and bare(o["sdest"]) == prov \
                and s == "SUCCESS":
            return None
    if gmap is not None and mv["type"] == "A" and prov not in gmap["armies"].get(bare(mv["loc"]), []):
        return None  # not adjacent: must have been convoyed
    return bare(mv["loc"])


def contested(results, pre):
    failed, succeeded = {}, set()
    for s, p, o in results:
        if o["kind"] != "move":
            continue
        d = bare(o["dest"])
        if s == "SUCCESS":
            succeeded.add(d)
        else:
            failed[d] = failed.get(d, 0) + 1
    occupied = {bare(loc) for p, t, loc in pre}
    return sorted(d for d, n in failed.items()
                  if n >= 2 and d not in succeeded and d not in occupied)


def sanity(case_id, kind, pre, post, post_dis, sec):
    def dup(units, what):
        seen = set()
        for p, t, loc in units:
            if bare(loc) in seen:
                raise DatcError("%s: two units in %s in %s" % (case_id, bare(loc), what))
            seen.add(bare(loc))
    dup(pre, "PRESTATE")
    dup(post, "POSTSTATE")
    if kind == "Movement":
        if len(pre) != len(post) + len(post_dis):
            raise DatcError("%s: %d units before, %d after + %d dislodged"
                            % (case_id, len(pre), len(post), len(post_dis)))
    if kind == "Retreat":
        keep = {(p, t, loc) for p, t, loc in pre}
        if not keep <= set(post):
            raise DatcError("%s: a non-dislodged unit vanished in the retreat" % case_id)


# ------------------------------------------------------------------- titles

def v3_titles(html_path):
    with open(html_path, encoding="utf-8", errors="replace") as fh:
        s = fh.read()
    s = re.sub(r"(?is)<(script|style).*?</\1>", "", s)
    s = re.sub(r"(?i)<br\s*/?>", "\n", s)
    s = re.sub(r"(?i)</(p|div|h\d|li|tr|pre)>", "\n", s)
    s = re.sub(r"<[^>]+>", "", s)
    s = html.unescape(s)
    titles = {}
    for line in s.split("\n"):
        m = re.match(r"^\s*(6\.[A-J]\.\d+)\.?\s+TEST CASE,\s*(.+?)\s*$", line)
        if m and m.group(1) not in titles:
            titles[m.group(1)] = sentence_case(m.group(2))
    return titles


def sentence_case(title):
    t = title.lower()
    t = t[:1].upper() + t[1:]
    for word, fixed in (("pandin's", "Pandin's"), ("dad's army", "Dad's Army")):
        t = t.replace(word, fixed)
    return t


def base_id(case_id):
    m = re.match(r"^(6\.[A-J]\.\d+)", case_id)
    return m.group(1) if m else case_id


# --------------------------------------------------------------------- YAML

def scalar(v):
    """A plain YAML scalar where safe (unit, order, province), else a quoted one."""
    if re.match(r"^[A-Za-z][A-Za-z0-9/.'-]*( [A-Za-z0-9/.'-]+)*$", v) \
            and v.lower() not in YAML_RESERVED:
        return v
    return '"' + v.replace("\\", "\\\\").replace('"', '\\"') + '"'


def flow(values):
    return "[" + ", ".join(scalar(v) for v in values) + "]"


def comment(text):
    return "# " + text.replace("\n", " ").strip()


def render(case, title, extra_comments):
    out = []
    out.append(comment(title))
    for c in extra_comments:
        out.append(comment(c))
    out.append("variant: standard")
    out.append("phase: " + case["phase"])
    out.append("units:")
    for p, us in case["units"].items():
        out.append("  %s: %s" % (p, flow(us)))
    if not case["units"]:
        out[-1] = "units: {}"
    if case["kind"] == "Retreat":
        out.append("dislodged:")
        for p, entries in case["dislodged"].items():
            out.append("  %s:" % p)
            for e in entries:
                parts = ["unit: " + scalar(e["unit"])]
                if "attacker_from" in e:
                    parts.append("attacker_from: " + scalar(e["attacker_from"]))
                out.append("    - {" + ", ".join(parts) + "}")
        if case["contested"]:
            out.append("contested: " + flow(case["contested"]))
    if case["kind"] == "Adjustment":
        out.append("supply_centers:")
        for p, scs in case["supply_centers"].items():
            out.append("  %s: %s" % (p, flow(scs)))
    if case["orders"]:
        out.append("orders:")
        for p, os_ in case["orders"].items():
            out.append("  %s:" % p)
            for o in os_:
                out.append("    - " + scalar(o))
    else:
        out.append("orders: {}")
    out.append("expect:")
    out.append("  units:")
    for p, us in case["expect_units"].items():
        out.append("    %s: %s" % (p, flow(us)))
    if not case["expect_units"]:
        out[-1] = "  units: {}"
    if case["kind"] == "Movement":
        if case["expect_dislodged"]:
            out.append("  dislodged:")
            for p, us in case["expect_dislodged"].items():
                out.append("    %s: %s" % (p, flow(us)))
        else:
            out.append("  dislodged: {}")
    return "\n".join(out) + "\n"


# --------------------------------------------------------------------- main

def jdip_comment(comments, source):
    """The comment line(s) in front of a case: first line (jDip) or all of it (supplement)."""
    lines = []
    for c in comments:
        t = c.lstrip("#").strip()
        if not t or set(t) <= {"#", "-"}:
            continue
        for bad, good in JDIP_COMMENT_FIXES.items():
            t = t.replace(bad, good)
        lines.append(t)
    if not lines:
        return None
    return " ".join(lines) if source != "v2.4" else lines[0]


def similar(a, b):
    """True if comment a only restates title b."""
    wa = re.findall(r"[a-z0-9]+", a.lower())
    wb = re.findall(r"[a-z0-9]+", b.lower())
    if set(wa) <= set(wb):
        return True
    return difflib.SequenceMatcher(None, " ".join(wa), " ".join(wb)).ratio() >= 0.8


def apply_patches(case_id, body):
    patch = PATCHES.get(case_id)
    if not patch:
        return body, []
    for pattern, repl, expected in patch["subs"]:
        body, n = re.subn(pattern, repl, body)
        if n != expected:
            raise DatcError("%s: patch %r matched %d times, expected %d"
                            % (case_id, pattern, n, expected))
    return body, list(patch["notes"])


def load(path, source):
    with open(path, encoding="utf-8") as fh:
        text = fh.read().replace("\r\n", "\n")
    seen = {}
    out = []
    for raw_id, header, comments, body in split_cases(text, source):
        seen[raw_id] = seen.get(raw_id, 0) + 1
        case_id, notes = raw_id, []
        if source == "v2.4" and (raw_id, seen[raw_id]) in RENAMES:
            case_id, why = RENAMES[(raw_id, seen[raw_id])]
            notes.append(why)
        out.append({"id": case_id, "raw_id": raw_id, "comments": comments, "body": body,
                    "source": source, "notes": notes})
    return out


def main(argv):
    if len(argv) != 2:
        sys.stderr.write("usage: python3 tests/datc/convert.py /path/to/shared/datc\n")
        return 2
    src = argv[1]
    gmap = load_map(MAP_FILE)
    if gmap is None:
        sys.stderr.write("warning: %s not found; province codes are not checked\n" % MAP_FILE)
    titles = v3_titles(os.path.join(src, "DATC_v3_0.html"))
    old = load(os.path.join(src, "datc_v2.4_06.txt"), "v2.4")
    sup = load(os.path.join(src, "datc_v3_supplement.txt"), "v3 supplement")

    sup_ids = {c["id"] for c in sup}
    cases = []
    ids = set()
    for c in old:
        if c["id"] in DROPPED or c["id"] in sup_ids:
            continue
        if c["id"] in ids:
            raise DatcError("duplicate case id %s" % c["id"])
        ids.add(c["id"])
        cases.append(c)
    for c in sup:
        if c["id"] in ids:
            raise DatcError("duplicate supplement case id %s" % c["id"])
        ids.add(c["id"])
        cases.append(c)
    unused = (set(PATCHES) | set(NOTES) | set(JDIP_LINES)) - ids
    if unused:
        raise DatcError("patches/notes for unknown cases: %s" % sorted(unused))

    def sort_key(c):
        parts = c["id"].split(".")
        return (parts[1], int(parts[2]), ".".join(parts[3:]))
    cases.sort(key=sort_key)

    written = []
    for c in cases:
        body, patch_notes = apply_patches(c["id"], c["body"])
        case = build_case(c["id"], body, gmap)
        b = base_id(c["id"])
        v3_title = titles.get(b)
        if c["id"] in titles:
            title = "DATC %s: %s" % (c["id"], v3_title)
        elif c["id"] in ("6.J.9.a", "6.J.9.b"):
            title = "DATC 6.J.9 (%s situation): %s" % (
                "first" if c["id"].endswith("a") else "second", v3_title)
        else:
            title = "jDip extra case %s (not a DATC v3 case; variant of DATC %s: %s)" % (
                c["id"], b, v3_title)
        extra = []
        jc = JDIP_LINES.get(c["id"], jdip_comment(c["comments"], c["source"]))
        if jc and not similar(jc, v3_title or ""):
            extra.append(("jDip: " if c["source"] == "v2.4" else "") + jc)
        if c["source"] != "v2.4":
            extra.append("Source: datc_v3_supplement.txt (DATC v3.0, 2023 rules).")
        extra += c["notes"] + patch_notes + case["notes"] + NOTES.get(c["id"], [])
        text = render(case, title, extra)
        path = os.path.join(HERE, c["id"] + ".yaml")
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(text)
        written.append(c["id"])

    # remove stale case files of earlier runs
    for name in os.listdir(HERE):
        if name.startswith("6.") and name.endswith(".yaml") and name[:-5] not in written:
            os.remove(os.path.join(HERE, name))
            print("removed stale %s" % name)

    missing = []
    for v3id in sorted(titles, key=lambda i: (i.split(".")[1], int(i.split(".")[2]))):
        if v3id not in written and not all(x in written for x in COVERED_BY.get(v3id, ["-"])):
            missing.append(v3id)
    extras = [w for w in written if w not in titles and base_id(w) not in COVERED_BY]
    print("v3 cases in DATC_v3_0.html: %d; non-DATC jDip extras: %s"
          % (len(titles), ", ".join(extras)))
    print("wrote %d files to %s; v3 case ids without a file: %s"
          % (len(written), os.path.relpath(HERE), ", ".join(missing) if missing else "none"))
    return 1 if missing else 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv))
    except DatcError as exc:
        sys.stderr.write("convert.py: error: %s\n" % exc)
        sys.exit(1)

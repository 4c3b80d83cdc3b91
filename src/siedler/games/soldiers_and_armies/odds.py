"""Exact combat odds for Soldaten & Armeen: one round, and a whole attack carried on to the end.

The rule text (``soldaten-und-armeen.md``, KAMPF) makes a combat a sequence of rounds in which both sides
roll one die, the higher roll wins ("Ein Unentschieden gilt immer als Niederlage des Angreifers") and the
loser sacrifices one step. Because the order of sacrifices is fixed by the text, each side's strength over
a whole combat is a *track*: the die it rolls before its first, second, ... sacrifice. A combat is then a
walk on a grid (attacker's sacrifices, defender's sacrifices) that ends when either track is used up, and
the odds are sums over that grid in exact fractions. Rulings, each quoting the text it reads:

- An army rolls its best unit's die ("nur mit Infanterie würfelt mit einem W6, ... mit Kavallerie mit einem
  W10 und ... mit Artillerie mit einem W12") and sacrifices "immer zuerst alle Artillerie-Einheiten ..., dann
  alle Kavallerie-Einheiten und dann erst kommen die Infanterie-Einheiten aus dem Spiel", one downgrade per
  lost round. So ``a`` artillery, ``c`` cavalry and ``i`` infantry roll d12 ``a`` times, d10 ``a + c`` times
  and d6 ``a + c + i`` times: an artillery is worth three sacrifices, a cavalry two, an infantry one.
- A settlement rolls d8, a city d12 (d10 in the "Variante" once its trigger holds), "+1 pro Stadtmauer". A
  lost round turns the building upside down ("halb abgewertet"); a lost round of a turned building
  downgrades it a level ("Auf dem Kopf stehende Siedlungen / Städte werden zur nächst-niedrigeren Stufe
  abgewertet"): city, turned city, settlement, turned settlement, destroyed - four sacrifices from a city.
  A turned city still rolls as a city: the text's worked example has the turned city roll "5 (W12)".
- Walls are never sacrificed in combat (the text sacrifices only units and buildings; only the nuke takes a
  wall: "eine Stadt mit Stadtmauern verliert eine Mauer"). They count while the building is a city, turned
  or not; when the city becomes a settlement they go with it, because walls stand only under a city
  ("Stadtmauern schiebt man unter eine eigene Stadt / Metropole").
- "Bündnis": "Man kann auch mit mehreren Armeen gleichzeitig angreifen / sich verteidigen". The text gives
  allied armies no rule of their own, so an alliance fights as one army: it rolls the best die among all its
  units and sacrifices in the text's order over all its units together (which ally gives up the unit is the
  allies' choice and does not change the odds). An army allied with an attacked settlement or city "deckt"
  it, the text's word for an army on the building's own intersection, of which it says "muss zuerst eine
  eventuelle Armee auf derselben Kreuzung vernichtet werden": covering armies, on the intersection or
  allied next to it, are one alliance that must be destroyed before the building can be attacked. While
  they cover it, the side rolls the building's die and walls where its mean roll is the higher
  (``building_rolls``): an alliance helps the building and never makes the side weaker than it alone.
- The robber rolls a d6 and is attacked once per combat phase: one round, and no unit is lost to it.
- To destroy ("vernichten") the target is to use up its track: the defending army (alliance) is gone, or
  the settlement left of the city is destroyed, which the attacker may then conquer. The attacker is assumed
  to go on "bis ... einer komplett verloren hat", never stopping early.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from siedler.core.actions import digits

INFANTRY_DIE = 6
CAVALRY_DIE = 10
ARTILLERY_DIE = 12
SETTLEMENT_DIE = 8
CITY_DIE = 12
#: "reduziert sich die Verteidigungsstärke aller Städte auf W10 + 1 je Mauer" (Variante).
VARIANT_CITY_DIE = 10
ROBBER_DIE = 6
MAX_WALLS = 3
#: A player's pieces (MATERIAL: "ca. 7 / 4 / 3 pro Spieler"), so the most of each kind one army can hold.
UNIT_LIMITS: tuple[tuple[str, int], ...] = (("infantry", 7), ("cavalry", 4), ("artillery", 3))


class OddsError(ValueError):
    """A match-up that cannot happen or text that does not describe one; the message says what is wrong."""


@dataclass(frozen=True)
class Army:
    infantry: int = 0
    cavalry: int = 0
    artillery: int = 0


@dataclass(frozen=True)
class Building:
    city: bool
    walls: int = 0
    turned: bool = False


@dataclass(frozen=True)
class Target:
    """What is attacked: an army (alliance), a building with its covering armies, or the robber."""

    armies: tuple[Army, ...] = ()
    building: Building | None = None
    robber: bool = False
    city_die: int = CITY_DIE


@dataclass(frozen=True)
class Matchup:
    attackers: tuple[Army, ...]
    target: Target


@dataclass(frozen=True)
class Odds:
    """The attacker's chances, exact. ``destroy`` assumes he attacks until one side is used up."""

    round_win: Fraction
    destroy: Fraction
    expected_rounds: Fraction
    #: The covering armies are destroyed, so the building itself can be attacked (None: nothing covers it).
    cover_destroyed: Fraction | None
    #: The city is downgraded to a settlement (None: the target is no city).
    city_reduced: Fraction | None
    #: The first round's dice: the attacker's die, the defender's die and the defender's bonus (walls).
    attacker_die: int
    defender_die: int
    defender_bonus: int


def alliance(armies: tuple[Army, ...]) -> Army:
    """Allied armies fight as one (see the module's rulings)."""
    return Army(sum(a.infantry for a in armies), sum(a.cavalry for a in armies), sum(a.artillery for a in armies))


def army_track(army: Army) -> tuple[int, ...]:
    """The die the army rolls before each of its sacrifices, until it is gone."""
    a, c, i = army.artillery, army.cavalry, army.infantry
    return (ARTILLERY_DIE,) * a + (CAVALRY_DIE,) * (a + c) + (INFANTRY_DIE,) * (a + c + i)


def defender_track(target: Target) -> tuple[tuple[int, int], ...]:
    """(die, bonus) before each of the defender's sacrifices: covering armies first (rolling the stronger of
    their die and the intact building's, ``building_rolls``), then the building."""
    stages = [(die, 0) for die in army_track(alliance(target.armies))]
    building = target.building
    if building is not None:
        own = (target.city_die, building.walls) if building.city else (SETTLEMENT_DIE, 0)
        stages = [own if building_rolls(die, *own) else (die, 0) for die, _ in stages]
        if building.city:
            stages += [(target.city_die, building.walls)] * (1 if building.turned else 2)
            stages += [(SETTLEMENT_DIE, 0)] * 2
        else:
            stages += [(SETTLEMENT_DIE, 0)] * (1 if building.turned else 2)
    return tuple(stages)


def building_rolls(army_die: int, building_die: int, bonus: int) -> bool:
    """Whether a defending side whose armies cover its building rolls the building's die and walls rather
    than its armies' best die: where the building's mean roll is the higher. The side has one strength ("Die
    Kampfstärke des Verteidigers wird ermittelt"), and an alliance ("sich verteidigen", "Bündnis") helps the
    building, so the side never rolls weaker than the building alone would."""
    return building_die + 2 * bonus > army_die


def beats(attacker_die: int, defender_die: int, bonus: int) -> Fraction:
    """P(attacker's roll > defender's roll + bonus): a tie is the attacker's loss."""
    wins = sum(max(0, min(roll - 1 - bonus, defender_die)) for roll in range(1, attacker_die + 1))
    return Fraction(wins, attacker_die * defender_die)


def odds(attackers: tuple[Army, ...], target: Target) -> Odds:
    """The attacker's odds against ``target``; ``OddsError`` if the match-up cannot happen."""
    check(Matchup(attackers, target))
    attack = army_track(alliance(attackers))
    if target.robber:
        first = beats(attack[0], ROBBER_DIE, 0)
        return Odds(first, first, Fraction(1), None, None, attack[0], ROBBER_DIE, 0)
    defence = defender_track(target)
    blows, rounds = _walk(attack, defence)
    covering = len(army_track(alliance(target.armies)))
    building = target.building
    cover = blows[covering - 1] if building is not None and covering else None
    reduced = None
    if building is not None and building.city:
        reduced = blows[covering + (0 if building.turned else 1)]
    die, bonus = defence[0]
    return Odds(beats(attack[0], die, bonus), blows[-1], rounds, cover, reduced, attack[0], die, bonus)


def _walk(attack: tuple[int, ...], defence: tuple[tuple[int, int], ...]) -> tuple[list[Fraction], Fraction]:
    """P(the defender makes a k-th sacrifice) for k = 1.. and the expected number of rounds.

    ``reach[i][j]``: the chance that the combat ever stands at ``i`` attacker and ``j`` defender sacrifices;
    every such state short of either end is one round played, and the defender's k-th sacrifice is made from
    exactly one state ``(i, k - 1)`` of any path."""
    chance: dict[tuple[int, int, int], Fraction] = {}
    reach = [[Fraction(0)] * (len(defence) + 1) for _ in range(len(attack) + 1)]
    reach[0][0] = Fraction(1)
    blows = [Fraction(0)] * len(defence)
    rounds = Fraction(0)
    for i, attacker_die in enumerate(attack):
        for j, (defender_die, bonus) in enumerate(defence):
            here = reach[i][j]
            if not here:
                continue
            key = (attacker_die, defender_die, bonus)
            win = chance.get(key)
            if win is None:
                win = chance[key] = beats(attacker_die, defender_die, bonus)
            rounds += here
            blows[j] += here * win
            reach[i][j + 1] += here * win
            reach[i + 1][j] += here * (1 - win)
    return blows, rounds


def check(matchup: Matchup) -> None:
    """Refuse a match-up that cannot happen on the board, saying why."""
    if not matchup.attackers:
        raise OddsError("the attacker needs an army")
    for army in (*matchup.attackers, *matchup.target.armies):
        _check_army(army)
    target = matchup.target
    building = target.building
    if target.robber and (building is not None or target.armies):
        raise OddsError("the robber fights alone: nothing covers it")
    if not target.robber and building is None and not target.armies:
        raise OddsError("there is nothing to attack")
    if building is not None and not 0 <= building.walls <= MAX_WALLS:
        raise OddsError(f"a city has 0 to {MAX_WALLS} walls, not {building.walls}")
    if building is not None and building.walls and not building.city:
        raise OddsError("walls stand only under a city, not under a settlement")
    if target.city_die not in (CITY_DIE, VARIANT_CITY_DIE):
        raise OddsError(f"a city rolls d{CITY_DIE} (d{VARIANT_CITY_DIE} in the variant), not d{target.city_die}")


def _check_army(army: Army) -> None:
    counts = {"infantry": army.infantry, "cavalry": army.cavalry, "artillery": army.artillery}
    for kind, limit in UNIT_LIMITS:
        if not 0 <= counts[kind] <= limit:
            raise OddsError(f"an army has 0 to {limit} {kind} (a player's pieces), not {counts[kind]}")
    if not any(counts.values()):
        raise OddsError("an army has at least one unit")


#: Words of a match-up, English and German, to the parser's tokens ("" is a filler word, skipped).
_WORDS: dict[str, str] = {
    **dict.fromkeys(("infantry", "infantries", "infanterie", "infanterien"), "infantry"),
    **dict.fromkeys(("cavalry", "cavalries", "kavallerie", "kavallerien"), "cavalry"),
    **dict.fromkeys(("artillery", "artilleries", "artillerie", "artillerien"), "artillery"),
    **dict.fromkeys(("settlement", "siedlung"), "settlement"),
    **dict.fromkeys(("city", "stadt"), "city"),
    **dict.fromkeys(("wall", "walls", "mauer", "mauern", "stadtmauer", "stadtmauern"), "wall"),
    **dict.fromkeys(("turned", "umgedreht", "umgedrehte"), "turned"),
    **dict.fromkeys(("covered", "gedeckt"), "covered"),
    **dict.fromkeys(("robber", "räuber"), "robber"),
    **dict.fromkeys(("vs", "vs.", "versus", "against", "gegen"), "vs"),
    **dict.fromkeys(("variant", "variante"), "variant"),
    **dict.fromkeys(("a", "an", "one", "ein", "eine", "einer"), "1"),
    **dict.fromkeys(("with", "by", "the", "mit", "von", "der", "die", "den"), ""),
    "+": "+",
    "&": "&",
}
_UNITS = ("infantry", "cavalry", "artillery")
EXAMPLE = "2 cavalry + 1 artillery vs city with 1 wall"


def parse(text: str) -> Matchup:
    """``"<army> [& <army>...] vs <target>"``; ``OddsError`` naming the first thing that is wrong.

    An army is units joined by ``+`` (``2 cavalry + 1 artillery``), allied armies are joined by ``&``; a
    target is an army (alliance), ``[turned] settlement|city [with N walls] [covered by <armies>]
    [variant]`` or ``robber``. German words work too: ``3 Infanterie gegen Stadt mit 2 Mauern``."""
    tokens = _tokens(text)
    if tokens.count("vs") != 1:
        raise OddsError(f"write '<attacking army> vs <target>', e.g. '{EXAMPLE}'")
    cut = tokens.index("vs")
    attackers, rest = _armies(tokens[:cut], "the attacker")
    if rest:
        raise OddsError(f"the attacker is armies of units, not {rest[0]!r}")
    matchup = Matchup(attackers, _target(tokens[cut + 1 :]))
    check(matchup)
    return matchup


def _tokens(text: str) -> list[str]:
    for mark in "+&,()":
        text = text.replace(mark, f" {mark if mark in '+&' else ''} ")
    tokens = []
    for word in text.lower().split():
        token = word if digits(word) else _WORDS.get(word)
        if token is None:
            raise OddsError(f"unknown word {word!r} (e.g. '{EXAMPLE}')")
        if token:
            tokens.append(token)
    return tokens


def _armies(tokens: list[str], side: str) -> tuple[tuple[Army, ...], list[str]]:
    """Armies from the front of ``tokens``, and the tokens after them."""
    armies: list[Army] = []
    counts = dict.fromkeys(_UNITS, 0)
    pos = 0
    while True:
        count = 1
        if pos < len(tokens) and digits(tokens[pos]):
            count, pos = int(tokens[pos]), pos + 1
            if count < 1:
                raise OddsError(f"{side}: a count of units is at least 1, not {count}")
        if pos >= len(tokens) or tokens[pos] not in _UNITS:
            found = repr(tokens[pos]) if pos < len(tokens) else "nothing"
            raise OddsError(f"{side}: expected a unit (infantry, cavalry, artillery), found {found}")
        counts[tokens[pos]] += count
        pos += 1
        joint = tokens[pos] if pos < len(tokens) else ""
        if joint != "+":
            armies.append(Army(counts["infantry"], counts["cavalry"], counts["artillery"]))
            counts = dict.fromkeys(_UNITS, 0)
        if joint not in ("+", "&"):
            return tuple(armies), tokens[pos:]
        pos += 1


def _target(tokens: list[str]) -> Target:
    if tokens[:1] == ["1"] and tokens[1:2] and tokens[1] in ("turned", "settlement", "city", "robber"):
        tokens = tokens[1:]  # "a city", "the robber"
    if tokens == ["robber"]:
        return Target(robber=True)
    if "robber" in tokens:
        raise OddsError("the robber fights alone: write '... vs robber'")
    if not tokens or tokens[0] not in ("turned", "settlement", "city"):
        armies, rest = _armies(tokens, "the defender")
        if rest:
            raise OddsError(f"unexpected {rest[0]!r} after the defending army")
        return Target(armies)
    turned = tokens[0] == "turned"
    kind = tokens[1 if turned else 0 : 2 if turned else 1]
    if kind not in (["settlement"], ["city"]):
        raise OddsError("'turned' goes with a settlement or city")
    rest = tokens[2 if turned else 1 :]
    walls, armies, variant = 0, (), False
    said = {"turned"} if turned else set()
    while rest:
        word = "wall" if rest[1:2] == ["wall"] else rest[0]
        if word in said:
            raise OddsError(f"say {'the walls' if word == 'wall' else repr(word)} only once")
        said.add(word)
        if word == "turned":
            turned, rest = True, rest[1:]
        elif word == "wall":
            walls, rest = (1, rest[1:]) if rest[0] == "wall" else (int(rest[0]), rest[2:])
        elif word == "covered":
            armies, rest = _armies(rest[1:], "the covering army")
        elif word == "variant":
            variant, rest = True, rest[1:]
        else:
            raise OddsError(f"unexpected {word!r} after the {kind[0]}")
    if variant and kind != ["city"]:
        raise OddsError(f"'variant' changes only a city's die (d{VARIANT_CITY_DIE} instead of d{CITY_DIE})")
    building = Building(kind == ["city"], walls, turned)
    return Target(armies, building, city_die=VARIANT_CITY_DIE if variant else CITY_DIE)

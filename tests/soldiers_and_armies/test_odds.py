"""The combat odds calculator: hand-computed values, the text's worked example, a Monte Carlo cross-check
against a simulation that follows the rule text unit by unit, monotonicity, and the parser's errors."""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, replace
from fractions import Fraction
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from siedler.games.soldiers_and_armies.odds import (
    Army,
    Building,
    Matchup,
    Odds,
    OddsError,
    Target,
    army_track,
    beats,
    defender_track,
    odds,
    parse,
)

INFANTRY, CAVALRY, ARTILLERY = Army(infantry=1), Army(cavalry=1), Army(artillery=1)
SETTLEMENT, CITY = Building(city=False), Building(city=True)


def of(text: str) -> Odds:
    matchup = parse(text)
    return odds(matchup.attackers, matchup.target)


# Hand computation: P(d_a > d_d + w) counts the pairs (a, d) with a > d + w among a_sides * d_sides.


def test_infantry_against_infantry_wins_a_round_15_times_in_36() -> None:
    result = of("1 infantry vs 1 infantry")
    assert result.round_win == Fraction(15, 36)  # pairs a > d on two d6: 0+1+2+3+4+5
    assert result.destroy == Fraction(15, 36)  # one round decides: each side has one sacrifice
    assert result.expected_rounds == 1


def test_a_tie_is_the_attackers_loss() -> None:
    assert beats(2, 2, 0) == Fraction(1, 4)  # only 2 against 1: the ties 1-1 and 2-2 are the defender's
    assert beats(1, 1, 0) == 0


def test_infantry_against_a_settlement_must_win_twice() -> None:
    result = of("1 infantry vs settlement")
    assert result.round_win == Fraction(15, 48)  # d6 > d8: 0+1+2+3+4+5 of 48
    assert result.destroy == Fraction(15, 48) ** 2  # turn it, then destroy it, before losing once
    assert result.expected_rounds == 1 + Fraction(15, 48)  # a second round only after winning the first


def test_a_turned_settlement_falls_in_one_round() -> None:
    assert of("1 infantry vs turned settlement").destroy == Fraction(15, 48)


def test_a_cavalry_rolls_d10_then_fights_on_as_infantry() -> None:
    result = of("1 cavalry vs 1 infantry")
    first = Fraction(39, 60)  # d10 > d6: 0+1+2+3+4+5+6+6+6+6 of 60
    assert result.round_win == first
    assert result.destroy == first + (1 - first) * Fraction(15, 36)  # lost: now an infantry, one more try
    assert result.expected_rounds == 1 + (1 - first)


def test_two_infantry_need_one_win_in_two_rounds() -> None:
    assert of("2 infantry vs 1 infantry").destroy == 1 - Fraction(21, 36) ** 2


def test_each_wall_adds_one_to_the_citys_roll() -> None:
    result = of("1 artillery vs city with 1 wall")
    assert result.round_win == Fraction(55, 144)  # d12 > d12 + 1: 0+0+1+...+10 of 144
    assert (result.attacker_die, result.defender_die, result.defender_bonus) == (12, 12, 1)
    assert of("1 infantry vs city with 3 walls").round_win == Fraction(3, 72)  # d6 > d12+3 only on 5, 6


def test_the_variant_city_rolls_d10() -> None:
    result = of("1 infantry vs turned city with 2 walls variant")
    assert result.round_win == Fraction(6, 60)  # d6 > d10 + 2: 0+0+0+1+2+3 of 60
    assert result.city_reduced == Fraction(6, 60)  # turned already: one win makes it a settlement


def test_the_robber_fights_one_round_with_a_d6() -> None:
    result = of("1 artillery vs robber")
    assert result.round_win == result.destroy == Fraction(51, 72)  # d12 > d6: 0+1+...+6+6*5 of 72
    assert result.expected_rounds == 1 and result.cover_destroyed is None


def test_a_covering_army_falls_before_the_building() -> None:
    """The covering infantry bears the first loss; while it covers, the side rolls the settlement's d8, the
    stronger die ("Die Kampfstärke des Verteidigers wird ermittelt": one strength, which an ally never
    lowers)."""
    result = of("1 infantry vs turned settlement covered by 1 infantry")
    assert result.round_win == Fraction(15, 48)  # d6 against d8, the army bearing the loss
    assert result.cover_destroyed == Fraction(15, 48)
    assert result.destroy == Fraction(15, 48) * Fraction(15, 48)
    assert of("1 infantry vs turned settlement covered by 1 cavalry").round_win == Fraction(15, 60)  # its d10


def test_tracks_follow_the_sacrifice_order() -> None:
    # all artillery first (to cavalry), then all cavalry (to infantry), then infantry leave
    assert army_track(Army(infantry=1, cavalry=1, artillery=1)) == (12, 10, 10, 6, 6, 6)
    assert defender_track(Target(building=Building(city=True, walls=2))) == ((12, 2), (12, 2), (8, 0), (8, 0))


def test_an_alliance_fights_as_one_army() -> None:
    apart = of("1 artillery & 2 infantry vs city covered by 1 cavalry & 1 infantry")
    pooled = of("1 artillery + 2 infantry vs city covered by 1 cavalry + 1 infantry")
    assert apart == pooled


# BEISPIEL FÜR EINEN KAMPF: 1 artillery + 2 cavalry attack a city; (attacker roll, die, defender roll, die)
EXAMPLE = [(10, 12, 7, 12), (5, 12, 5, 12), (6, 10, 4, 12), (1, 10, 2, 8), (7, 10, 6, 8), (2, 10, 3, 8), (5, 6, 4, 8)]


def test_the_texts_worked_example_walks_the_tracks() -> None:
    """Every round's dice are those the text names, but one: after three lost rounds the text rolls W6, as if
    the downgraded artillery were not a cavalry. By its own sacrifice order ("Artillerie zu Kavallerie") the
    army is then 1 cavalry + 2 infantry and rolls d10; the roll 5 beats 4 on either die."""
    attack = army_track(Army(cavalry=2, artillery=1))
    defence = defender_track(Target(building=CITY))
    lost = won = 0
    for number, (a_roll, a_die, d_roll, d_die) in enumerate(EXAMPLE, 1):
        expected_die = 10 if number == 7 else a_die
        assert (attack[lost], defence[won][0]) == (expected_die, d_die), f"round {number}"
        if a_roll > d_roll + defence[won][1]:
            won += 1
        else:
            lost += 1
    assert won == len(defence) and lost == 3  # the settlement is destroyed: (A) may conquer it


# A simulation that follows the text unit by unit, written apart from the calculator's tracks.


@dataclass
class Side:
    infantry: int
    cavalry: int
    artillery: int

    def die(self) -> int:
        return 12 if self.artillery else 10 if self.cavalry else 6 if self.infantry else 0

    def sacrifice(self) -> None:
        if self.artillery:
            self.artillery, self.cavalry = self.artillery - 1, self.cavalry + 1
        elif self.cavalry:
            self.cavalry, self.infantry = self.cavalry - 1, self.infantry + 1
        else:
            self.infantry -= 1


def pooled(armies: tuple[Army, ...]) -> Side:
    return Side(*(sum(getattr(a, kind) for a in armies) for kind in ("infantry", "cavalry", "artillery")))


def fight(matchup: Matchup, rng: random.Random) -> tuple[bool, bool, bool, bool, int]:
    """(first round won, cover destroyed, city reduced, target destroyed, rounds) of one combat."""
    attacker, cover, target = pooled(matchup.attackers), pooled(matchup.target.armies), matchup.target
    level = 0 if target.building is None else 2 if target.building.city else 1
    turned = target.building is not None and target.building.turned
    walls = target.building.walls if target.building is not None else 0
    had_cover = cover.die() > 0 and target.building is not None  # an army attacked for itself covers nothing
    rounds, first, cover_gone, reduced = 0, False, False, False
    while attacker.die() and (cover.die() or level):
        own = (target.city_die, walls) if level == 2 else (8, 0)
        if cover.die() and level and own[0] + 2 * own[1] > cover.die():  # the covered building is stronger
            defence = rng.randint(1, own[0]) + own[1]
        elif cover.die():
            defence = rng.randint(1, cover.die())
        elif level == 2:
            defence = rng.randint(1, target.city_die) + walls
        else:
            defence = rng.randint(1, 8)
        won = rng.randint(1, attacker.die()) > defence
        rounds += 1
        first = first or (won and rounds == 1)
        if not won:
            attacker.sacrifice()
        elif cover.die():
            cover.sacrifice()
            cover_gone = had_cover and not cover.die()
        elif not turned:
            turned = True
        else:
            level, turned, walls = level - 1, False, 0
            reduced = reduced or level == 1
    return first, cover_gone, reduced, level == 0 and not cover.die(), rounds


@pytest.mark.parametrize(
    "text",
    [
        "2 cavalry + 1 artillery vs city with 1 wall",
        "3 infantry vs settlement",
        "1 artillery vs 2 infantry + 1 cavalry",
        "2 artillery & 1 cavalry vs turned city with 3 walls covered by 1 cavalry + 2 infantry",
        "4 cavalry vs city with 2 walls variant",
    ],
)
def test_simulated_combats_agree_with_the_exact_odds(text: str) -> None:
    matchup, games = parse(text), 20_000
    exact = odds(matchup.attackers, matchup.target)
    rng = random.Random(13)
    runs = [fight(matchup, rng) for _ in range(games)]
    for k, value in enumerate([exact.round_win, exact.cover_destroyed, exact.city_reduced, exact.destroy]):
        if value is None:
            assert not any(run[k] for run in runs)
            continue
        share = sum(run[k] for run in runs) / games
        sigma = math.sqrt(float(value) * (1 - float(value)) / games)
        assert abs(share - float(value)) <= 4.5 * sigma + 1e-9, (k, share, float(value))
    lengths = [run[4] for run in runs]
    mean = sum(lengths) / games
    spread = math.sqrt(sum((x - mean) ** 2 for x in lengths) / (games - 1) / games)
    assert abs(mean - float(exact.expected_rounds)) <= 4.5 * spread


# Monotonicity: a bigger army never hurts its side, a wall never helps the attacker.

armies = st.builds(Army, st.integers(0, 6), st.integers(0, 3), st.integers(0, 2)).filter(
    lambda a: a.infantry + a.cavalry + a.artillery > 0
)
buildings = st.builds(Building, st.booleans(), st.just(0), st.booleans())
targets = st.one_of(
    st.builds(Target, st.tuples(armies)),
    st.builds(Target, st.one_of(st.just(()), st.tuples(armies)), buildings, st.just(False), st.sampled_from([10, 12])),
)
UNITS = ("infantry", "cavalry", "artillery")


def chances(result: Odds) -> list[Fraction]:
    values = [result.round_win, result.destroy, result.cover_destroyed, result.city_reduced]
    return [v for v in values if v is not None]


def plus_one(army: Army, kind: str) -> Army:
    return replace(army, **{kind: getattr(army, kind) + 1})


@settings(max_examples=60, deadline=None)
@given(armies, targets, st.sampled_from(UNITS))
def test_another_attacking_unit_never_lowers_the_odds(army: Army, target: Target, kind: str) -> None:
    before, after = odds((army,), target), odds((plus_one(army, kind),), target)
    assert all(a >= b for a, b in zip(chances(after), chances(before), strict=True))


@settings(max_examples=60, deadline=None)
@given(armies, targets, st.sampled_from(UNITS))
def test_another_defending_unit_never_raises_the_odds(army: Army, target: Target, kind: str) -> None:
    if not target.armies:
        target = replace(target, armies=(Army(infantry=1),))
    stronger = replace(target, armies=(plus_one(target.armies[0], kind),))
    before, after = odds((army,), target), odds((army,), stronger)
    for a, b in zip(chances(after), chances(before), strict=True):
        assert a <= b


@settings(max_examples=60, deadline=None)
@given(armies, st.tuples(armies) | st.just(()), st.integers(0, 2), st.booleans(), st.sampled_from([10, 12]))
def test_another_wall_never_raises_the_odds(
    army: Army, cover: tuple[Army, ...], walls: int, turned: bool, die: int
) -> None:
    def at(w: int) -> Odds:
        return odds((army,), Target(cover, Building(True, w, turned), city_die=die))

    assert all(a <= b for a, b in zip(chances(at(walls + 1)), chances(at(walls)), strict=True))


@settings(max_examples=60, deadline=None)
@given(armies, targets)
def test_chances_are_ordered_milestones(army: Army, target: Target) -> None:
    result = odds((army,), target)
    steps = [v for v in (result.cover_destroyed, result.city_reduced, result.destroy) if v is not None]
    assert all(0 <= later <= earlier <= 1 for earlier, later in pairwise(steps))
    assert 1 <= result.expected_rounds <= len(army_track(army)) + len(defender_track(target)) - 1


# The parser


def test_parses_units_alliances_and_targets() -> None:
    matchup = parse("2 Cavalry + artillery & 3 infantry vs a turned city with 2 walls covered by 1 cavalry variant")
    assert matchup.attackers == (Army(cavalry=2, artillery=1), Army(infantry=3))
    assert matchup.target == Target((CAVALRY,), Building(True, 2, True), city_die=10)
    assert parse("1 infantry vs 2 infantry + 1 cavalry").target == Target((Army(infantry=2, cavalry=1),))
    assert parse("cavalry vs the robber").target == Target(robber=True)


def test_parses_german() -> None:
    assert parse("3 Infanterie gegen Stadt mit 2 Mauern gedeckt von 1 Kavallerie") == Matchup(
        (Army(infantry=3),), Target((CAVALRY,), Building(True, 2))
    )
    assert parse("1 Artillerie gegen umgedrehte Siedlung").target == Target(building=Building(False, 0, True))
    assert parse("1 Artillerie gegen den Räuber").target.robber


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "write '<attacking army> vs <target>'"),
        ("3 infantry", "write '<attacking army> vs <target>'"),
        ("1 infantry vs city vs city", "write '<attacking army> vs <target>'"),
        ("1 tank vs city", "unknown word 'tank'"),
        ("vs city", "the attacker: expected a unit"),
        ("1 infantry +", "write"),
        ("1 infantry + vs city", "the attacker: expected a unit (infantry, cavalry, artillery), found nothing"),
        ("0 cavalry vs city", "a count of units is at least 1, not 0"),
        ("8 infantry vs city", "an army has 0 to 7 infantry (a player's pieces), not 8"),
        ("5 cavalry vs city", "an army has 0 to 4 cavalry"),
        ("1 infantry vs", "the defender: expected a unit"),
        ("1 infantry vs 2 walls", "the defender: expected a unit (infantry, cavalry, artillery), found 'wall'"),
        ("1 infantry vs city with 4 walls", "a city has 0 to 3 walls, not 4"),
        ("1 infantry vs settlement with 1 wall", "walls stand only under a city"),
        ("1 infantry vs settlement variant", "'variant' changes only a city's die"),
        ("1 infantry vs robber covered by 1 infantry", "the robber fights alone"),
        ("1 infantry vs city with 1 wall with 2 walls", "say the walls only once"),
        ("1 infantry vs turned city turned", "say 'turned' only once"),
        ("1 infantry vs city 3", "unexpected '3' after the city"),
        ("1 infantry vs 1 cavalry city", "unexpected 'city' after the defending army"),
        ("1 infantry vs turned 2 infantry", "'turned' goes with a settlement or city"),
    ],
)
def test_bad_text_is_refused_with_a_reason(text: str, message: str) -> None:
    with pytest.raises(OddsError) as caught:
        parse(text)
    assert message in str(caught.value)


@pytest.mark.parametrize(
    ("attackers", "target", "message"),
    [
        ((), Target((INFANTRY,)), "the attacker needs an army"),
        ((Army(),), Target((INFANTRY,)), "an army has at least one unit"),
        ((INFANTRY,), Target(), "there is nothing to attack"),
        ((INFANTRY,), Target(building=Building(True, -1)), "a city has 0 to 3 walls, not -1"),
        ((INFANTRY,), Target(building=CITY, city_die=20), "a city rolls d12 (d10 in the variant), not d20"),
        ((INFANTRY,), Target((INFANTRY,), robber=True), "the robber fights alone"),
    ],
)
def test_impossible_matchups_are_refused(attackers: tuple[Army, ...], target: Target, message: str) -> None:
    with pytest.raises(OddsError, match=message.replace("(", r"\(").replace(")", r"\)")):
        odds(attackers, target)

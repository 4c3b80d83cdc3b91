"""The state Soldiers & Armies adds to the shared Catan state, declared once for its chain of classes.

Like the shared state, everything mutable is a flat list of ints: armies by intersection
(``units[node * 3 + unit]`` counts infantry, cavalry and artillery), walls and turned buildings by
intersection, nuked hexes, and per seat the pieces left in the supply. A battle in progress is one
immutable tuple, replaced rather than changed. The classes form one chain (state <- armies <- combat <-
presentation <- game), as the shared mechanics do, so that the compiled build could take them.
"""

from __future__ import annotations

from typing import ClassVar, Final, Self

from mypy_extensions import mypyc_attr

from siedler.core.actions import Action
from siedler.games.catan import CatanGame
from siedler.games.catan.explain import PHASE_TASKS
from siedler.games.catan.rules import rules_from
from siedler.games.catan.state import PHASE_NAMES
from siedler.games.fishermen.state import FishermenState

from .actions import SoldierAction, SoldierActionSet
from .rules import ArmyRules

# The phases the rule set adds to the family's (its turn adds a movement and a combat phase and the
# decisions of a battle), numbered on from the family's. (``Final``: the compiled build inlines them.)
MOVEMENT: Final = 10
COMBAT: Final = 11
DEFEND: Final = 12
BATTLE: Final = 13
CONQUEST: Final = 14
TRIBUTE: Final = 15
CARD_REPLY: Final = 16
ALLIANCE: Final = 17
COMPOSE: Final = 18
TRADE_REPLY: Final = 19
SOLDIER_PHASES = (
    "movement",
    "combat",
    "defend",
    "battle",
    "conquest",
    "tribute",
    "card_reply",
    "alliance",
    "compose",
    "trade_reply",
)
assert len(PHASE_NAMES) == MOVEMENT, "the family's phases and these must not overlap"

UNIT_KINDS: Final = 3
#: ``out[seat]``: still playing, capitulated, annihilated.
IN_GAME: Final = 0
CAPITULATED: Final = 1
ANNIHILATED: Final = 2
#: ``battle``: (attacker's seat, defender's seat, target intersection, target kind, the attacking army's
#: intersection).
TARGET_ARMY: Final = 0
TARGET_BUILDING: Final = 1


@mypyc_attr(allow_interpreted_subclasses=True)
class SoldiersState(CatanGame):
    rules: ClassVar = rules_from("soldiers-and-armies.toml", "siedler.games.soldiers_and_armies")
    phase_names: ClassVar[tuple[str, ...]] = (*PHASE_NAMES, *SOLDIER_PHASES)
    #: The second founding round places a city ("Jeder Spieler beginnt mit einer Siedlung und einer Stadt"):
    #: the view calls it so (``_phase_view``), the engine's phase is the settlement's.
    phase_aliases: ClassVar[dict[str, str]] = {"setup_city": "setup_settlement"}
    phase_tasks: ClassVar[dict[str, str]] = {
        **PHASE_TASKS,
        "movement": "move armies, or go on to the combat phase (fight)",
        "combat": "attack, fire the nuke, or end the turn",
        "defend": "resist the attack or capitulate",
        "battle": "continue the battle or retreat",
        "conquest": "conquer the destroyed settlement's place or raze it",
        "tribute": "give the {robber} a resource",
        "card_reply": "agree to the development-card trade or refuse it",
        "alliance": "join the battle on one side with your armies next to it, or stay out",
        "compose": "add goods to give and to ask for, then send the offer (or drop it)",
        "trade_reply": "agree to the offer, refuse it, or counter it",
    }

    army_rules: ArmyRules
    soldier_set: SoldierActionSet
    army_owner: list[int]  # by intersection, -1 for none
    units: list[int]  # node * 3 + unit
    moved: list[int]  # by intersection: steps the army there has moved this turn
    unit_supply: list[int]  # seat * 3 + unit
    walls: list[int]  # by intersection
    wall_supply: list[int]  # by seat
    nuke_node: list[int]  # by seat: where the nuke stands, -1 for none
    nukes_left: list[int]  # by seat: nukes that may still be bought
    nuked: list[int]  # by hex
    turned: list[int]  # by intersection: the building there is upside down
    out: list[int]  # by seat: IN_GAME, CAPITULATED or ANNIHILATED
    final_vp: list[int]  # by seat: the score of a player who left
    purchased: bool  # something was bought this turn (no free development card then)
    robber_fought: bool  # the robber was attacked in this combat phase
    #: The intersections of the armies that withdrew from a battle in this combat phase: "Die angreifende
    #: Armee wird dann ... wegbewegt, sodass kein Angriff mehr möglich ist" (they attack no more in it).
    withdrawn: tuple[int, ...]
    battle: tuple[int, ...]
    conquest: int  # the intersection a destroyed settlement stood on, while the attacker decides
    weak_cities: bool  # the Variante's condition for weaker cities has been met
    card_offer: SoldierAction | None  # a development-card trade waiting for its answer
    #: In a battle: the armies brought into it by their owners, as (intersection, side: 0 the attacker's,
    #: 1 the defender's); ``()`` outside battles. ``ally_pending``: the intersections of the armies next to
    #: the target whose owners have still to decide, in the order they are asked.
    allies: tuple[tuple[int, int], ...]
    ally_pending: tuple[int, ...]
    #: A composed trade (``compose.py``): (offerer, addressee) while one is composed or waits for its answer,
    #: ``()`` otherwise; the goods the offerer gives and asks for, as numbers (``actions.good_code``).
    draft_seats: tuple[int, ...]
    draft_give: tuple[int, ...]
    draft_ask: tuple[int, ...]
    variant: bool

    def _copy_into(self, new: Self) -> None:
        super()._copy_into(new)
        new.army_rules = self.army_rules
        new.soldier_set = self.soldier_set
        new.army_owner = self.army_owner[:]
        new.units = self.units[:]
        new.moved = self.moved[:]
        new.unit_supply = self.unit_supply[:]
        new.walls = self.walls[:]
        new.wall_supply = self.wall_supply[:]
        new.nuke_node = self.nuke_node[:]
        new.nukes_left = self.nukes_left[:]
        new.nuked = self.nuked[:]
        new.turned = self.turned[:]
        new.out = self.out[:]
        new.final_vp = self.final_vp[:]
        new.purchased = self.purchased
        new.robber_fought = self.robber_fought
        new.withdrawn = self.withdrawn
        new.battle = self.battle
        new.conquest = self.conquest
        new.weak_cities = self.weak_cities
        new.card_offer = self.card_offer
        new.allies = self.allies
        new.ally_pending = self.ally_pending
        new.draft_seats = self.draft_seats
        new.draft_give = self.draft_give
        new.draft_ask = self.draft_ask
        new.variant = self.variant

    def _clear_armies(self) -> None:
        """No army, wall, nuke or mark on the board; every piece in its owner's supply."""
        n, a = self.num_players, self.army_rules
        topo = self.board.topology
        self.army_owner = [-1] * topo.num_nodes
        self.units = [0] * (topo.num_nodes * UNIT_KINDS)
        self.moved = [0] * topo.num_nodes
        self.unit_supply = list(a.pieces) * n
        self.walls = [0] * topo.num_nodes
        self.wall_supply = [a.walls] * n
        self.nuke_node = [-1] * n
        self.nukes_left = [a.nukes] * n
        self.nuked = [0] * len(topo.hexes)
        self.turned = [0] * topo.num_nodes

    # Provided by one class of the chain, used by another ------------------------------------------------
    def _remove_building(self, node: int) -> None:
        raise NotImplementedError

    def _check_annihilation(self, seat: int, by: int) -> None:
        raise NotImplementedError

    def _legal_goods_trades(self, seat: int, acts: list[Action]) -> None:
        raise NotImplementedError

    # The Fishermen's tokens, when the option combines them (their component holds them) ----------------
    def _fishermen(self) -> FishermenState | None:
        for component in self.components:
            if isinstance(component, FishermenState):
                return component
        return None

    def held_tokens(self, seat: int) -> tuple[int, int, int]:
        """The fish tokens ``seat`` holds (ones, twos, threes): none without the Fishermen."""
        fishermen = self._fishermen()
        return (0, 0, 0) if fishermen is None else fishermen.held_tokens(seat)

    def _set_held_tokens(self, seat: int, tokens: tuple[int, int, int]) -> None:
        fishermen = self._fishermen()
        assert fishermen is not None, "fish tokens change hands only in a game with the Fishermen"
        fishermen.set_held_tokens(seat, tokens)

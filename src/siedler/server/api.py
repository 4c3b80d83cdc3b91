"""The HTTP part: lobby, seats, and moves for clients that do not keep a WebSocket open.

FastAPI describes it at ``/api/openapi.json`` (browsable at ``/api/docs``). A seat's token travels as
``Authorization: Bearer <token>``.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, HTTPException, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from pydantic import BaseModel, Field

from siedler.bots import BOTS
from siedler.core.errors import IllegalAction, OptionError
from siedler.core.i18n import languages, namespace
from siedler.core.registry import rulesets

from .lobby import GameSpec, Lobby, SeatSpec
from .protocol import lang_of
from .room import NotAllowed, Room

router = APIRouter(prefix="/api")
bearer = HTTPBearer(auto_error=False, description="the seat's secret token from its link")


class SeatIn(BaseModel):
    kind: Literal["human", "bot"] = "human"
    bot: str | None = Field(None, description="a bot name from /api/bots, for kind=bot")
    name: str | None = Field(None, max_length=40)


class CreateIn(BaseModel):
    ruleset: str = Field(description="a rule set name from /api/rulesets")
    seats: list[SeatIn]
    options: dict[str, Any] = Field(default_factory=dict)
    seed: int | None = Field(None, description="leave out for a random game")
    claim: int | None = Field(None, description="the seat the creator takes; default the first human seat, -1 for none")
    name: str | None = Field(None, max_length=40, description="the creator's name")
    bot_delay: float | None = Field(None, ge=0, description="seconds bots wait before moving")


class Created(BaseModel):
    game: dict[str, Any]
    seat: int | None
    token: str | None


class ClaimIn(BaseModel):
    name: str = Field("", max_length=40)


class Claimed(BaseModel):
    game: dict[str, Any]
    seat: int
    token: str


class ActIn(BaseModel):
    seat: int
    action: str = Field(max_length=200, description="the rule set's notation, e.g. 'settle 12'")


class Acted(BaseModel):
    n: int = Field(description="the number of the stored action (0 for the first)")


def lobby_of(request: Request) -> Lobby:
    lobby: Lobby = request.app.state.lobby
    return lobby


LobbyDep = Annotated[Lobby, Depends(lobby_of)]


async def room_of(game_id: str, lobby: LobbyDep) -> Room:
    # On the event loop, not in a worker thread: a room rebuilt on first use may start its bots.
    room = lobby.room(game_id)
    if room is None:
        raise HTTPException(404, f"no game {game_id!r}")
    return room


def token_of(credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)]) -> str | None:
    return credentials.credentials if credentials else None


RoomDep = Annotated[Room, Depends(room_of)]
TokenDep = Annotated[str | None, Depends(token_of)]


@router.get("/rulesets", summary="Every rule set with its options and defaults")
async def list_rulesets() -> list[dict[str, Any]]:
    return [r.to_json() for r in rulesets()]


@router.get("/words", summary="The page's words in every language (the message catalog's page namespace)")
async def page_words() -> dict[str, dict[str, str]]:
    return {lang: namespace("page", lang) for lang in languages()}


@router.get("/bots", summary="Bot names a seat may be given")
async def list_bots() -> dict[str, list[str]]:
    return {"bots": sorted(BOTS)}


@router.get("/games", summary="Open, running and recently finished games")
async def list_games(lobby: LobbyDep) -> dict[str, list[dict[str, Any]]]:
    return lobby.listing()


@router.post("/games", status_code=201, response_model=Created, summary="Create a game")
async def create_game(spec: CreateIn, lobby: LobbyDep) -> Created:
    try:
        room, seat, token = lobby.create(
            GameSpec(
                ruleset=spec.ruleset,
                seats=[SeatSpec(**s.model_dump()) for s in spec.seats],
                options=spec.options,
                seed=spec.seed,
                claim=spec.claim,
                name=spec.name,
                bot_delay=spec.bot_delay,
            )
        )
    except OptionError as exc:
        raise HTTPException(400, str(exc)) from exc
    return Created(game=room.summary(), seat=seat, token=token)


@router.get("/games/{game_id}", summary="A game's public summary")
async def get_game(room: RoomDep) -> dict[str, Any]:
    return room.summary()


@router.post("/games/{game_id}/seats/{seat}", response_model=Claimed, summary="Take a free seat")
async def claim_seat(seat: int, body: ClaimIn, room: RoomDep, lobby: LobbyDep) -> Claimed:
    try:
        token = lobby.claim(room.id, seat, body.name)
    except NotAllowed as exc:
        raise HTTPException(409, str(exc)) from exc
    return Claimed(game=room.summary(), seat=seat, token=token)


@router.post(
    "/games/{game_id}/actions",
    response_model=Acted,
    summary="Play an action for a seat",
    responses={
        403: {"description": "the token is not this seat's"},
        409: {"description": "the engine refused the action; detail says why"},
    },
)
async def act(body: ActIn, room: RoomDep, token: TokenDep) -> Acted:
    if not room.check_token(body.seat, token):
        raise HTTPException(403, f"this token does not hold seat {body.seat}")
    try:
        n = await room.act(body.seat, body.action)
    except IllegalAction as exc:
        raise HTTPException(409, str(exc)) from exc
    return Acted(n=n)


@router.get("/games/{game_id}/view", summary="What a seat (or, without seat, a spectator) sees now")
async def get_view(room: RoomDep, token: TokenDep, seat: int | None = None, lang: str = "en") -> dict[str, Any]:
    if seat is not None and not room.check_token(seat, token):
        raise HTTPException(403, f"this token does not hold seat {seat}")
    game = room.game
    if game is None:
        return {"n": 0, "to_act": None, "view": None, "actions": [], "game": room.summary()}
    return {
        "n": game.num_actions,
        "to_act": game.to_act,
        "view": game.view(seat),
        "actions": [
            {"action": str(a), "label": game.action_label(a, lang_of(lang)), "target": game.action_target(a)}
            for a in game.legal_actions()
        ]
        if seat is not None and seat == game.to_act
        else [],
    }


@router.get("/games/{game_id}/record", summary="The game's record (finished games only)")
async def get_record(room: RoomDep) -> dict[str, Any]:
    if room.status != "finished" or room.game is None:
        raise HTTPException(403, "the record (seed and moves) reveals hidden cards; it is public once the game is over")
    return room.game.record()


@router.get("/games/{game_id}/replay", summary="A finished game after a number of actions")
async def replay(room: RoomDep, step: int = 0, seat: int | None = None, lang: str = "en") -> dict[str, Any]:
    if room.status != "finished":
        raise HTTPException(403, "only finished games can be replayed")
    if seat is not None and not 0 <= seat < len(room.row.seats):
        raise HTTPException(400, f"there is no seat {seat}")
    return room.replay_state(step, seat, lang_of(lang))

"""The HTTP part: lobby, seats, and moves for clients that do not keep a WebSocket open.

FastAPI describes it at ``/api/openapi.json`` (browsable at ``/api/docs`` on a server started with
``SIEDLER_API_DOCS=1``). A seat's token travels as
``Authorization: Bearer <token>``.
"""

from __future__ import annotations

import math
import time
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, HTTPException, Path, Query, Request
from fastapi.responses import JSONResponse
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from pydantic import AfterValidator, BaseModel, Field, StrictBool, StrictInt

from siedler.bots import BOTS, LEVELS, levels_for
from siedler.core.errors import IllegalAction, OptionError
from siedler.core.i18n import language, languages, namespace
from siedler.core.registry import rulesets

from . import timers
from .cluster import Elsewhere
from .config import MAX_BOT_DELAY, Settings
from .creation import GameSpec, SeatSpec
from .fields import MAX_ACTION, MAX_SEATS, MAX_TOKEN
from .limits import Limits, ServerFull, TooFast, TooMany
from .lobby import Lobby
from .names import MAX_NAME, normalise_name
from .protocol import lang_of
from .room import OVER, Room, Stale
from .seating import NotAllowed


class Problem(BaseModel):
    detail: str


def _problem(description: str) -> dict[str, Any]:
    return {"model": Problem, "description": description}


#: Answers any request may get from the guard in front of the API (``security.py``).
router = APIRouter(prefix="/api", responses={429: _problem("too many requests from this address; see Retry-After")})
bearer = HTTPBearer(auto_error=False, description="the seat's secret token from its link")

#: A player's name as others will read it: at most 40 characters, normalised, nothing hidden (``names.py``).
Name = Annotated[str, Field(max_length=MAX_NAME), AfterValidator(normalise_name)]
GameId = Annotated[str, Path(max_length=32, description="a game's id")]
SeatNumber = Annotated[int, Path(ge=0, lt=MAX_SEATS)]
Lang = Annotated[str, Query(max_length=16, description="en or de; others fall back to en")]
Responses = dict[int | str, dict[str, Any]]
NOT_FOUND: Responses = {404: _problem("no such game")}
#: Answers to any request with a body: not JSON at all, or too large.
BODY: Responses = {400: _problem("the body is not JSON"), 413: _problem("the request body is too large")}


class SeatIn(BaseModel):
    kind: Literal["human", "bot"] = "human"
    bot: str | None = Field(None, max_length=64, description="a bot name or level spec from /api/bots, for kind=bot")
    name: Name | None = None


class CreateIn(BaseModel):
    ruleset: str = Field(max_length=64, description="a rule set name from /api/rulesets")
    seats: list[SeatIn] = Field(min_length=1, max_length=MAX_SEATS, description="the rule set's count applies too")
    options: dict[str, Any] = Field(default_factory=dict, max_length=64)
    seed: int | str | None = Field(
        None,
        description="leave out for a fresh 128-bit seed; a whole number below 2**256 (or its decimal text) only "
        "for a game with at most one human seat",
    )
    claim: StrictInt | None = Field(
        None, ge=-1, lt=MAX_SEATS, description="the seat the creator takes; default the first human seat, -1 for none"
    )
    name: Name | None = Field(None, description="the creator's name")
    bot_delay: float | None = Field(
        None, ge=0, le=MAX_BOT_DELAY, allow_inf_nan=False, description="seconds bots wait before moving"
    )
    timer: timers.Timer | None = Field(
        None,
        description="seconds per decision: see /api/timers (by default 180, 60, 20; off: none); left out: off "
        "for one person against bots, else normal",
    )
    takeover_bot: str = Field(
        "greedy", max_length=32, description="the bot (from /api/bots) playing for a person out of time or away"
    )
    public: StrictBool = Field(
        False,
        description="list the game in the lobby for anyone to join, one seat per address; otherwise its open "
        "seats are taken only with the invite code",
    )
    lang: str = Field("en", max_length=16, description="the creator's language: the bots' names are in it")
    spectator_chat: StrictBool = Field(False, description="spectators may write in the game's chat, not only read")


class Created(BaseModel):
    game: dict[str, Any]
    seat: int | None
    token: str | None
    creator_token: str = Field(description="the creator's secret: POST /api/games/{id}/end with it ends the game")
    invite: str = Field(description="the code that takes the game's open seats (the invite link carries it)")


class ClaimIn(BaseModel):
    name: Name = ""
    invite: str | None = Field(
        None, max_length=MAX_TOKEN, description="the game's invite code (not needed for a public game)"
    )
    lang: str = Field("en", max_length=16, description="the taker's language: without a name, 'Player 2' is in it")


class Claimed(BaseModel):
    game: dict[str, Any]
    seat: int
    token: str


class ActIn(BaseModel):
    seat: StrictInt = Field(ge=0, lt=MAX_SEATS)
    action: str = Field(max_length=MAX_ACTION, description="the rule set's notation, e.g. 'settle 12'")
    n: StrictInt = Field(
        ge=0,
        description="the number this action is to get: the game's n (actions played so far) that the client "
        "saw; another number is refused with 409, so a retried request is never applied twice",
    )


class Moved(BaseModel):
    detail: str
    n: int = Field(description="the game's n now: the number its next action gets")


class Acted(BaseModel):
    n: int = Field(description="the number of the stored action (0 for the first)")


def lobby_of(request: Request) -> Lobby:
    lobby: Lobby = request.app.state.lobby
    return lobby


LobbyDep = Annotated[Lobby, Depends(lobby_of)]


def limits_of(request: Request) -> Limits:
    limits: Limits = request.app.state.limits
    return limits


LimitsDep = Annotated[Limits, Depends(limits_of)]


async def room_of(game_id: GameId, lobby: LobbyDep) -> Room:
    # On the event loop, not in a worker thread: a room rebuilt on first use may start its bots.
    try:
        room = await lobby.room(game_id)
    except Elsewhere as exc:
        raise busy(exc) from exc
    if room is None:
        raise HTTPException(404, f"no game {game_id!r}")
    return room


def busy(exc: Elsewhere) -> HTTPException:
    """Another server process holds the game and is handing it over (or has just died): ask again soon."""
    return HTTPException(503, str(exc), headers={"Retry-After": "1"})


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


@router.get("/bots", summary="Bot names a seat may be given, and the difficulty levels' bots (per rule set)")
async def list_bots() -> dict[str, Any]:
    by_ruleset = {r.name: levels_for(r.name) for r in rulesets()}
    return {"bots": sorted(BOTS), "levels": dict(LEVELS), "levels_by_ruleset": by_ruleset}


@router.get("/timers", summary="Turn timers a game may have, with their seconds per decision (null: none)")
async def list_timers(request: Request) -> dict[str, Any]:
    settings: Settings = request.app.state.settings
    return {
        "timers": {name: settings.timers.get(name) for name in timers.TIMERS},
        "default": timers.DEFAULT_TIMER,
        "solo": timers.SOLO_TIMER,
    }


@router.get("/games", summary="Open, running and recently finished games")
async def list_games(lobby: LobbyDep) -> dict[str, list[dict[str, Any]]]:
    return await lobby.listing()


@router.post(
    "/games",
    status_code=201,
    response_model=Created,
    summary="Create a game",
    responses={
        **BODY,
        400: _problem("a bad rule set, option, seat, bot or bot delay (or a body that is not JSON)"),
        429: _problem("too many games from this address (see Retry-After), or of bots only at once"),
        503: _problem("the server holds as many live games as it may"),
    },
)
async def create_game(spec: CreateIn, request: Request, lobby: LobbyDep, limits: LimitsDep) -> Created:
    client = limits.client(request.scope)
    try:
        limits.check_creation(client)
        created = await lobby.create(
            GameSpec(
                ruleset=spec.ruleset,
                seats=[SeatSpec(**s.model_dump()) for s in spec.seats],
                options=spec.options,
                seed=spec.seed,
                claim=spec.claim,
                name=spec.name,
                bot_delay=spec.bot_delay,
                timer=spec.timer,
                takeover_bot=spec.takeover_bot,
                public=spec.public,
                lang=language(spec.lang),
                spectator_chat=spec.spectator_chat,
            ),
            client,
        )
    except OptionError as exc:
        raise HTTPException(400, str(exc)) from exc
    except TooFast as exc:
        raise HTTPException(429, str(exc), headers={"Retry-After": str(math.ceil(exc.retry_after))}) from exc
    except TooMany as exc:
        raise HTTPException(429, str(exc)) from exc
    except ServerFull as exc:
        raise HTTPException(503, str(exc)) from exc
    limits.created(client)
    return Created(
        game=created.room.summary(),
        seat=created.seat,
        token=created.token,
        creator_token=created.creator_token,
        invite=created.invite,
    )


@router.get("/games/{game_id}", summary="A game's public summary", responses=NOT_FOUND)
async def get_game(game_id: GameId, lobby: LobbyDep) -> dict[str, Any]:
    try:
        summary = await lobby.summary(game_id)
    except Elsewhere as exc:
        raise busy(exc) from exc
    if summary is None:
        raise HTTPException(404, f"no game {game_id!r}")
    return summary


@router.post(
    "/games/{game_id}/seats/{seat}",
    response_model=Claimed,
    summary="Take a free seat (with the invite code, or in a public game)",
    responses={
        **NOT_FOUND,
        403: _problem("no invite code for a private game, or this address holds a seat of this public game"),
        409: _problem("the seat is taken, a bot's, or not there, or the name looks like another at the table"),
        **BODY,
    },
)
async def claim_seat(seat: SeatNumber, body: ClaimIn, room: RoomDep, request: Request, limits: LimitsDep) -> Claimed:
    try:
        token = await room.seating.claim(seat, body.name, body.invite, limits.client(request.scope), lang_of(body.lang))
    except NotAllowed as exc:
        raise HTTPException(exc.status, str(exc)) from exc
    return Claimed(game=room.summary(), seat=seat, token=token)


@router.post(
    "/games/{game_id}/actions",
    response_model=Acted,
    summary="Play an action for a seat",
    responses={
        403: _problem("the token is not this seat's"),
        409: {
            "model": Moved,
            "description": "the engine refused the action (detail says why), or n is not the game's next move "
            "number (then n says what it is)",
        },
        **NOT_FOUND,
        **BODY,
    },
)
async def act(body: ActIn, room: RoomDep, token: TokenDep) -> Acted | JSONResponse:
    if not room.seating.check_token(body.seat, token):
        raise HTTPException(403, f"this token does not hold seat index {body.seat}")
    room.seating.saw(body.seat)
    try:
        n = await room.act(body.seat, body.action, body.n)
    except Stale as exc:
        return JSONResponse({"detail": str(exc), "n": exc.current}, status_code=409)
    except IllegalAction as exc:  # the game is where it was: its n, as for a stale move, so one shape per 409
        current = room.game.num_actions if room.game is not None else 0
        return JSONResponse({"detail": str(exc), "n": current}, status_code=409)
    return Acted(n=n)


@router.get(
    "/games/{game_id}/view",
    summary="What a seat (or, without seat, a spectator) sees now",
    responses={403: _problem("the token is not this seat's"), **NOT_FOUND},
)
async def get_view(
    room: RoomDep,
    token: TokenDep,
    seat: Annotated[int | None, Query(ge=0, lt=MAX_SEATS)] = None,
    lang: Lang = "en",
) -> dict[str, Any]:
    if seat is not None and not room.seating.check_token(seat, token):
        raise HTTPException(403, f"this token does not hold seat index {seat}")
    if seat is not None:
        room.seating.saw(seat)
    game = room.game
    if game is None:
        return {"n": 0, "to_act": None, "view": None, "actions": [], "game": room.summary()}
    return {
        "n": game.num_actions,
        "to_act": game.to_act,
        "clock": timers.clock(room, time.time()),
        "view": game.view(seat),
        "actions": [
            {"action": str(a), "label": game.action_label(a, lang_of(lang)), "target": game.action_target(a)}
            for a in game.legal_actions()
        ]
        if room.may_act(seat)
        else [],
    }


@router.post(
    "/games/{game_id}/seats/{seat}/back",
    summary="Take a seat back from the bot playing it (the seat's bearer token)",
    responses={403: _problem("the token is not this seat's"), 409: _problem("the game is not running"), **NOT_FOUND},
)
async def take_seat_back(seat: int, room: RoomDep, token: TokenDep) -> dict[str, Any]:
    if not room.seating.check_token(seat, token):
        raise HTTPException(403, f"this token does not hold seat index {seat}")
    if room.status != "running":
        raise HTTPException(409, f"the game is {room.status}, not running")
    await room.seating.take_back(seat)
    return room.summary()


@router.post(
    "/games/{game_id}/end",
    summary="End an open or running game (the creator's bearer token from its creation)",
    responses={
        403: _problem("the token is not the creator's"),
        409: _problem("the game has stopped already"),
        **NOT_FOUND,
    },
)
async def end_game(room: RoomDep, token: TokenDep) -> dict[str, Any]:
    if not room.seating.check_creator(token):
        raise HTTPException(403, "only the game's creator may end it: send the creator_token from its creation")
    if room.status not in ("open", "running"):
        raise HTTPException(409, f"the game is {room.status} already")
    await room.stop("ended", "creator")
    return room.summary()


@router.get(
    "/games/{game_id}/record",
    summary="The game's record (finished or stopped games only)",
    responses={403: _problem("the game is not over"), **NOT_FOUND},
)
async def get_record(room: RoomDep) -> dict[str, Any]:
    if room.status not in OVER or room.game is None:
        raise HTTPException(403, "the record (seed and moves) reveals hidden cards; it is public once the game is over")
    return await room.replays.record()


@router.get(
    "/games/{game_id}/verify",
    summary="Check a finished game: seed against commitment, and its replay",
    responses={403: _problem("the game is not over"), **NOT_FOUND},
)
async def verify(room: RoomDep) -> dict[str, Any]:
    """The server's own replay of the record; a player checks the commitment in the browser too, and
    anyone can run ``siedler verify`` on the record for a check independent of this server."""
    if room.status not in OVER or room.game is None:
        raise HTTPException(403, "only a finished or stopped game can be checked: its seed is secret until then")
    verdict = await room.replays.verdict()
    return {
        "game_id": verdict.game_id,
        "seed": str(verdict.seed),
        "commitment": verdict.commitment,
        "commitment_ok": verdict.commitment_ok,
        "replay_ok": verdict.replay_ok,
        "problem": verdict.problem,
        "seed_chosen": verdict.seed_chosen,
        "seed_chosen_bound": verdict.seed_chosen_bound,
    }


@router.get(
    "/games/{game_id}/replay",
    summary="A finished game after a number of actions",
    responses={400: _problem("no such seat"), 403: _problem("the game is not over"), **NOT_FOUND},
)
async def replay(
    room: RoomDep,
    step: Annotated[int, Query(ge=0, le=10**6, description="actions to replay; past the end is the end")] = 0,
    seat: Annotated[int | None, Query(ge=0, lt=MAX_SEATS)] = None,
    lang: Lang = "en",
) -> dict[str, Any]:
    if room.status not in OVER:
        raise HTTPException(403, "only finished or stopped games can be replayed")
    if seat is not None and not 0 <= seat < len(room.row.seats):
        raise HTTPException(400, f"there is no seat index {seat}")
    return await room.replays.state(step, seat, lang_of(lang))

"""Property: a mutated record of any registered ruleset is either replayed or refused with a
``RecordError`` of one line of at most 200 characters (RECORD's error contract; docs/engine.md's
"input quoted in a message ... cut at 60 characters"), through both entry points: a parsed
object and JSON text. Never another exception, never a message that prints a whole input.

Valid records come from seeded random games played through the public API (``Game``,
``legal_actions``, ``apply_action``, ``state_to_record``). Mutations: a field deleted, a key
written twice (JSON text), a value swapped for another type, integers over 4,300 digits,
100,000-character strings, control characters, markup, NaN/Infinity, nested garbage. A record
that replays must also save: nothing only a parsed object can carry is accepted.

The fast run (``max_examples=60`` per ruleset, derandomized) is part of the unit suite; the
soak run (``pytest -m soak tests``) tries 2,000 per ruleset.
"""

from __future__ import annotations

import copy
import json
import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from chaitea import Game, RecordError
from chaitea.records.record import loads, report, state_to_record
from chaitea.rulesets import RULESETS

MAX_MESSAGE = 200
# every registered ruleset with each player count it allows
GROUPS = [("chai-tea-jazz", n) for n in (2, 3, 4, 6)] + [
    (name, n) for name, rs in RULESETS.items() for n in rs.players]


@dataclass(frozen=True)
class Big:
    """An integer of ``digits`` digits (10 ** (digits - 1)); JSON text writes its digits, a
    parsed record holds the int itself (which Python cannot print)."""

    digits: int
    negative: bool = False

    def value(self) -> int:
        v = 10 ** (self.digits - 1)
        return -v if self.negative else v

    def text(self) -> str:
        return ("-" if self.negative else "") + "1" + "0" * (self.digits - 1)


@dataclass(frozen=True)
class Pairs:
    """A JSON object written with its keys in this order, a key possibly twice; as a parsed
    object, the last value of a key wins (as Python's ``json`` would)."""

    items: tuple[tuple[str, Any], ...]


def to_object(v: Any) -> Any:
    if isinstance(v, Big):
        return v.value()
    if isinstance(v, Pairs):
        return {k: to_object(x) for k, x in v.items}
    if isinstance(v, dict):
        return {k: to_object(x) for k, x in v.items()}
    if isinstance(v, list):
        return [to_object(x) for x in v]
    return v


def to_text(v: Any) -> str:
    if isinstance(v, Big):
        return v.text()
    if isinstance(v, Pairs):
        return "{" + ", ".join(f"{json.dumps(k)}: {to_text(x)}" for k, x in v.items) + "}"
    if isinstance(v, dict):
        return to_text(Pairs(tuple(v.items())))
    if isinstance(v, list):
        return "[" + ", ".join(to_text(x) for x in v) + "]"
    if isinstance(v, float) and not math.isfinite(v):
        return "NaN" if math.isnan(v) else ("Infinity" if v > 0 else "-Infinity")
    return json.dumps(v, ensure_ascii=False)


def random_record(ruleset: str, players: int, seed: int) -> dict[str, Any]:
    """A seeded random game of ``ruleset``, stopped somewhere in its first rounds."""
    game = Game(players=players) if ruleset == "chai-tea-jazz" else Game(ruleset=ruleset,
                                                                          players=players)
    names = [f"P{i}" for i in range(players)]
    state = game.new_initial_state(seed=seed, names=names)
    rng = random.Random(seed)
    for _ in range(rng.randrange(0, 90)):
        if state.is_terminal() or state.is_chance_node():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return state_to_record(state)


@cache
def base_records(ruleset: str, players: int) -> tuple[str, ...]:
    """Valid records of a group, as JSON text (copied afresh for each example)."""
    return tuple(json.dumps(random_record(ruleset, players, seed)) for seed in range(3))


# -- garbage ------------------------------------------------------------------------------------
CONTROL = st.sampled_from(["\x00", "\x1b[2J", "\n", "\r\n", "\t", "\u2028", "\u202e", "\u200b",
                           "\x85", "\ud800", "\ufeff"])
MARKUP = st.sampled_from(["<script>alert(1)</script>", '"><img src=x onerror=alert(1)>',
                          "&amp;", "{{7*7}}", "' OR 1=1 --"])
TEXT = st.one_of(
    st.text(max_size=12),
    st.builds(lambda a, c, b: a + c + b, st.text(max_size=4), CONTROL, st.text(max_size=4)),
    MARKUP,
    st.sampled_from(["x" * 100_000, "7H" * 50_000, "pass", "under", "trump(H)", "7H", "AS",
                     "push", "obenabe", "agreed", "standard", "schieber", "jass", "seed"]),
)
SCALAR = st.one_of(
    st.none(), st.booleans(),
    st.integers(min_value=-(2 ** 70), max_value=2 ** 70),
    st.sampled_from([0, 1, -1, 3, 4, 6, 36, 2 ** 63]),
    st.builds(Big, st.sampled_from([4301, 5001, 20_000]), st.booleans()),
    st.floats(allow_nan=True, allow_infinity=True),
    TEXT,
)
GARBAGE = st.recursive(
    SCALAR,
    lambda inner: st.one_of(st.lists(inner, max_size=4),
                            st.dictionaries(TEXT, inner, max_size=3)),
    max_leaves=12,
)


# -- mutations ----------------------------------------------------------------------------------
def places(v: Any, out: list[tuple[Any, Any]]) -> list[tuple[Any, Any]]:
    """Every (container, key or index) of a record."""
    if isinstance(v, dict):
        for k in list(v):
            out.append((v, k))
            places(v[k], out)
    elif isinstance(v, list):
        for i in range(len(v)):
            out.append((v, i))
            places(v[i], out)
    return out


def mutate(rec: dict[str, Any], draw: Callable[[Any], Any]) -> Any:
    """One to three mutations at random places of ``rec`` (changed in place; the top level may
    be replaced)."""
    for _ in range(draw(st.integers(1, 3))):
        spots = places(rec, [])
        if not spots:
            break
        parent, key = spots[draw(st.integers(0, len(spots) - 1))]
        op = draw(st.sampled_from(["delete", "replace", "replace", "twice", "add", "append",
                                   "suffix", "wrap"]))
        old = parent[key]
        if op == "delete":
            del parent[key]
        elif op == "replace":
            parent[key] = draw(GARBAGE)
        elif op == "twice" and isinstance(parent, dict):
            items = list(parent.items())
            at = draw(st.integers(0, len(items)))
            items.insert(at, (key, draw(st.one_of(st.just(old), GARBAGE))))
            pairs = Pairs(tuple(items))
            grand = [(g, k) for g, k in places(rec, []) if g[k] is parent]
            if grand:
                g, k = grand[0]
                g[k] = pairs
            else:
                return pairs  # the top level itself
        elif op == "add" and isinstance(parent, dict):
            parent[draw(TEXT)] = draw(GARBAGE)
        elif op == "append" and isinstance(old, list):
            old.append(draw(GARBAGE))
        elif op == "suffix" and isinstance(old, str):
            parent[key] = old + draw(st.one_of(CONTROL, MARKUP, st.just(" "), TEXT))
        elif op == "wrap":
            parent[key] = draw(st.sampled_from([[old], {"value": old}, [old, old]]))
        else:
            parent[key] = draw(GARBAGE)
    return rec


def check_one(entry: Callable[[], Any]) -> None:
    try:
        state = entry()
    except RecordError as e:
        msg = str(e)
        assert "\n" not in msg and "\r" not in msg, msg[:300]
        assert len(msg) <= MAX_MESSAGE, f"{len(msg)} characters: {msg[:300]}"
        assert msg.startswith("round "), msg[:300]
        return
    report(state)
    json.dumps(state.record())  # what was accepted can be saved


def run(group: tuple[str, int], data: st.DataObject) -> None:
    records = base_records(*group)
    rec = json.loads(records[data.draw(st.integers(0, len(records) - 1))])
    mutated = mutate(rec, data.draw)
    text = to_text(mutated)
    check_one(lambda: loads(text))
    check_one(lambda: loads(text.encode("utf-8", "surrogatepass")))
    check_one(lambda: loads(copy.deepcopy(to_object(mutated))))


FAST = settings(max_examples=60, derandomize=True, deadline=None, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
SOAK = settings(max_examples=2000, deadline=None, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@pytest.mark.parametrize("group", GROUPS, ids=[f"{r}-{n}" for r, n in GROUPS])
@FAST
@given(data=st.data())
def test_mutated_records_replay_or_are_refused_in_one_short_line(
        group: tuple[str, int], data: st.DataObject) -> None:
    run(group, data)


@pytest.mark.soak
@pytest.mark.parametrize("group", GROUPS, ids=[f"{r}-{n}" for r, n in GROUPS])
@SOAK
@given(data=st.data())
def test_mutated_records_soak(group: tuple[str, int], data: st.DataObject) -> None:
    run(group, data)


def test_the_base_records_replay() -> None:
    """The property starts from valid records of every group (else it proves little)."""
    for group in GROUPS:
        for text in base_records(*group):
            assert report(loads(text))["next"] is None or loads(json.loads(text)) is not None

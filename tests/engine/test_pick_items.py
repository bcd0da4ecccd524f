"""Picking items as values (RULES J; RECORD Jass ``picking``): every spelling a Jass game can
write parses into a typed item whose ``str()`` is that spelling again; malformed spellings are
refused naming RULES J and RECORD; the items answer what the parts and bots used to read off the
string (the contract played, the Joker row, 3x3's named trumps, Weis declared by hand)."""

from __future__ import annotations

import dataclasses
import pickle
import random
from collections.abc import Iterator
from typing import Any

import pytest

import chaitea.engine.pick_items as pick_items_mod
from chaitea.core.cards import Suit
from chaitea.core.contracts import Contract
from chaitea.core.errors import IllegalPick, SetupError
from chaitea.engine.driver import JassGame
from chaitea.engine.pick_items import (
    NOWEIS_ITEM,
    PASS_ITEM,
    PUSH_ITEM,
    Announce,
    Bid,
    Choose,
    Declare,
    Double,
    Guess,
    MalformedPick,
    NameTrump,
    Pass,
    PickItem,
    Push,
    as_joker,
    choice_of,
    chosen,
    contract_spelling,
    legal_items,
    parse_pick,
    pick_items,
)
from chaitea.rulesets import RULESETS, jass_game


def configurations() -> Iterator[tuple[str, int, str | None, dict[str, Any]]]:
    """Every Jass ruleset, player count and deck, with its defaults, with Weis declared by hand
    where the ruleset has the option, and with each option of a few values set in turn (the
    ones that change the spellings: extra rows, TUO, Misère's mode, no Obenabe/Undenufe)."""
    for name, r in RULESETS.items():
        for players in r.players:
            variants: list[dict[str, Any]] = [{}]
            for o in r.options:
                if o.choices:
                    variants += [{o.name: c} for c in o.choices if c != o.default]
                elif isinstance(o.default, bool):
                    variants.append({o.name: not o.default})
            if any(o.name == "declare" for o in r.options):
                variants.append({"declare": "hand", "shared_cards": True})
            for opts in variants:
                try:
                    game = JassGame(r, players, options=opts)
                except SetupError:  # an option of the other player count
                    continue
                for deck in game.table.seating.decks:
                    yield name, players, deck, opts


CONFIGS = list(configurations())


def ids(c: tuple[str, int, str | None, dict[str, Any]]) -> str:
    name, players, deck, opts = c
    return f"{name}/{players}/{deck}/" + ",".join(f"{k}={v}" for k, v in sorted(opts.items()))


def test_the_configurations_cover_every_ruleset_and_declaring_by_hand() -> None:
    assert {c[0] for c in CONFIGS} == set(RULESETS)
    assert any(c[3].get("declare") == "hand" for c in CONFIGS if c[0] == "jass")
    assert any(c[3].get("declare") == "hand" and c[2] == "jass-double" for c in CONFIGS)
    assert len(CONFIGS) > 30


@pytest.mark.parametrize("config", CONFIGS, ids=[ids(c) for c in CONFIGS])
def test_every_spelling_of_the_game_round_trips(
        config: tuple[str, int, str | None, dict[str, Any]]) -> None:
    """Each action spelling of the game (every legal picking item is one) parses into an item
    whose str() is that spelling; in the 3x3 context the suits named are NameTrump items."""
    name, players, deck, opts = config
    game = jass_game(name, players, deck=deck, options=opts)
    for spelling in game.spellings:
        item = parse_pick(spelling)
        assert str(item) == spelling
        assert game.item_of(spelling) is item  # cached: one look-up
        assert type(item) in (Choose, Push, Pass, Declare, Double, Guess, Bid, Announce)
        if type(item) is Choose:
            assert game.contract_of(spelling) == game.contract_of(item.contract)
            assert spelling == (as_joker(item.contract) if item.joker else item.contract)
    for spelling in game.table.contracts:
        c = parse_pick(spelling)
        assert type(c) is Choose and not c.joker
        assert (c.value is None) == (spelling in game.table.play_as)
        assert c.names_trumps == spelling.startswith("3x3(")


@pytest.mark.parametrize("config", CONFIGS, ids=[ids(c) for c in CONFIGS])
def test_every_legal_move_of_random_games_is_an_item_in_context(
        config: tuple[str, int, str | None, dict[str, Any]]) -> None:
    """Random games: at every picking decision each legal spelling's item (in the round's
    context) round-trips, and the round's items as written do too."""
    name, players, deck, opts = config
    game = jass_game(name, players, deck=deck, options=opts)
    rng = random.Random(ids(config))
    for seed in range(3):
        state = game.new_initial_state(seed=seed)
        rounds = 0
        while not state.is_terminal() and rounds < 6:
            if state.phase == "picking":
                legal = state.legal_moves()
                items = state.legal_items()
                assert [str(i) for i in items] == legal
                naming = any(type(i) is NameTrump for i in items)
                assert naming == all(type(i) is NameTrump for i in items)
                assert all(game.action_ids[str(i)] in state.legal_actions() for i in items)
            before = len(state.round_results)
            picks = state.pick_items()
            assert [str(i) for i in picks] == state.record()["rounds"][-1]["picking"]
            seen = state.observation(0)["picking"]  # secret items (guesses) left out
            assert seen == [str(i) for i in picks] or hasattr(game.table.choice, "shown_to")
            state.apply_action(rng.choice(state.legal_actions()))
            if len(state.round_results) > before:
                rounds += 1
                rec = state.record()["rounds"][before]["picking"]
                assert [str(i) for i in pick_items(rec)] == rec


def test_a_coiffeur_round_with_3x3_in_a_joker_row() -> None:
    """Coiffeur (RULES J): the Joker row replays 3x3; after it the picker names three suits,
    each a NameTrump item, and the contract played is 3x3's."""
    state = jass_game("coiffeur").new_initial_state(seed=4)
    state.apply_action("3x3(tou)")
    for named in ("trump(H)", "trump(S)", "trump(C)"):
        state.apply_action(named)
    assert state.phase == "play"
    while state.phase == "play":
        state.apply_action(state.legal_actions()[0])
    while "joker=3x3(out)" not in state.legal_moves():  # the same seat's next pick
        state.apply_action("pass" if "pass" in state.legal_moves() else state.legal_moves()[0])
        while state.phase == "play":
            state.apply_action(state.legal_actions()[0])
    state.apply_action("joker=3x3(out)")
    items = state.legal_items()
    assert items == tuple(NameTrump(s) for s in Suit)
    state.apply_action("trump(D)")
    assert state.pick_items()[-2:] == (Choose("3x3(out)", joker=True), NameTrump(Suit.DIAMONDS))
    assert chosen(state.observation(0)["picking"]) == Choose("3x3(out)", joker=True)
    assert [str(i) for i in state.legal_items()] == ["trump(C)", "trump(H)", "trump(S)"]
    state.apply_action("trump(C)")
    state.apply_action("trump(S)")
    assert state.phase == "play" and state.contract == "joker=3x3(out)"
    assert state.chosen[6:] == (1, 0, 3)  # out: Obenabe, Undenufe, then the trump tricks


def test_the_items_answer_what_the_string_was_read_for() -> None:
    j = parse_pick("joker=trump(H)")
    assert type(j) is Choose and j == Choose("trump(H)", joker=True)
    assert j.joker and j.contract == "trump(H)"
    assert j.value == Contract.parse("trump(H)", family="jass") and not j.names_trumps

    def names(spelling: str) -> bool:
        c = choice_of(spelling)
        assert c is not None
        return c.names_trumps
    assert names("3x3(uot)") and names("joker=3x3(uot)")
    assert not names("tuo(H)") and not names("tutti") and not names("trump(C)")
    m = parse_pick("misere")
    assert type(m) is Choose and m.value is None and not m.names_trumps
    assert parse_pick("push") is PUSH_ITEM and parse_pick("pass") is PASS_ITEM
    assert parse_pick("pass") == Pass() and str(Pass()) == "pass"
    assert parse_pick("noweis") is NOWEIS_ITEM and not NOWEIS_ITEM.weis
    w = parse_pick("weis(JS,JH,JD,JC)")
    assert w == Declare(("JS", "JH", "JD", "JC")) and w.weis
    assert parse_pick("trump(S)") == Choose("trump(S)")
    assert parse_pick("trump(S)", naming=True) == NameTrump(Suit.SPADES)
    assert parse_pick("obenabe", naming=True) == Choose("obenabe")
    assert choice_of("push") is None and choice_of("joker=obenabe") == Choose("obenabe", True)
    assert contract_spelling("joker=gustav(undenufe)") == "gustav(undenufe)"
    assert pick_items(["push", "trump(C)", "noweis", "weis(8C,7C,6C)"]) == (
        Push(), Choose("trump(C)"), Declare(), Declare(("8C", "7C", "6C")))
    assert legal_items(["3x3(tou)"], ["trump(C)", "trump(D)"]) == (NameTrump(Suit.CLUBS),
                                                                 NameTrump(Suit.DIAMONDS))
    assert legal_items(["pass"], ["trump(C)", "pass"]) == (Choose("trump(C)"), Pass())


def test_items_are_frozen_hashable_values() -> None:
    items: list[PickItem] = [Choose("obenabe"), Choose("obenabe", joker=True), Push(), Pass(),
             NameTrump(Suit.HEARTS), Declare(), Declare(("AS", "KS", "QS"))]
    assert len(set(items)) == len(items)
    assert {parse_pick(str(i), naming=type(i) is NameTrump) for i in items} == set(items)
    for i in items:
        assert pickle.loads(pickle.dumps(i)) == i
        fields = dataclasses.fields(i)
        if fields:
            with pytest.raises(dataclasses.FrozenInstanceError):
                setattr(i, fields[0].name, None)
    assert pickle.loads(pickle.dumps(Choose("3x3(tou)"))).names_trumps
    assert hash(Choose("trump(H)")) == hash(parse_pick("trump(H)"))


MALFORMED = [
    "", " push", "push ", "Push", "PASS", "trump(X)", "trump(hearts)", "trump(h)", "trump(H",
    "trump()", "trump(H)\n", "slalom", "slalom(high)", "3x3(abc)", "riesenslalom(obenabe,6)",
    "joker=", "joker=push", "joker=pass", "joker=noweis", "joker=joker=trump(H)",
    "joker=weis(8C,7C,6C)", "joker=trump(X)", "weis()", "weis(8C,7C)", "weis(ZZ,YY,XX)",
    "weis(8C, 7C, 6C)", "weis(8C,7C,6C,5C)", "weis(8C,7C,6C", "AS", "7H", "20 trump(H)",
    "offer 10", "x" * 200, "trump(H) trump(S)", "ob\u00e9nabe",
]


@pytest.mark.parametrize("spelling", MALFORMED)
def test_malformed_spellings_are_refused_naming_the_rules(spelling: str) -> None:
    with pytest.raises(IllegalPick) as e:
        parse_pick(spelling)
    assert isinstance(e.value, MalformedPick)
    message = str(e.value)
    assert "RULES J" in message and "RECORD" in message
    assert len(message) < 300  # the input is quoted shortened
    with pytest.raises(MalformedPick):  # not cached: refused again
        parse_pick(spelling)


@pytest.mark.parametrize("value", [None, 5, ["push"], ("push",), b"push"])
def test_what_is_no_string_is_refused(value: object) -> None:
    with pytest.raises(MalformedPick, match="is a string"):
        parse_pick(value)  # type: ignore[arg-type]


def test_the_constructors_check_their_fields() -> None:
    with pytest.raises(MalformedPick):
        Choose("trump(X)")
    with pytest.raises(MalformedPick):
        Choose("obenabe", joker=1)  # type: ignore[arg-type]
    with pytest.raises(MalformedPick):
        Choose(["obenabe"])  # type: ignore[arg-type]
    with pytest.raises(MalformedPick):
        NameTrump(2)  # type: ignore[arg-type]
    with pytest.raises(MalformedPick, match="no declaration"):
        Declare(("8C", "7C"))
    with pytest.raises(MalformedPick):
        Declare(["8C", "7C", "6C"])  # type: ignore[arg-type]


def test_malformed_spellings_stay_refusals_of_the_state_as_before() -> None:
    """On the state API legality is checked before a spelling is parsed: a malformed one is
    refused by the choice phase's own message (RULES J), the state unchanged."""
    state = jass_game("schieber").new_initial_state(seed=1)
    for bad in ("joker=trump(H)", "trump(X)", "weis(ZZ)", ""):
        with pytest.raises(IllegalPick, match=r"refused: the forehand chooses the contract"):
            state.apply_action(bad)
        assert not state.can_apply(bad)
    hand = jass_game("schieber", declare="hand").new_initial_state(seed=1)
    hand.apply_action("trump(S)")
    with pytest.raises(IllegalPick, match="holds no such Weis"):
        hand.apply_action("weis(ZZ)")  # written as a Weis: one the seat does not hold
    with pytest.raises(IllegalPick, match="holds no such Weis"):
        hand.apply_action("weis()")
    with pytest.raises(IllegalPick, match="declares now"):
        hand.apply_action("joker=weis(8C,7C,6C)")
    assert hand.pick_items() == (Choose("trump(S)"),)


def test_contract_of_reads_the_item() -> None:
    coiffeur = jass_game("coiffeur", misere_mode="undenufe")
    assert coiffeur.contract_of("misere") == Contract.parse("undenufe", family="jass")
    assert coiffeur.contract_of("joker=slalom(obenabe)").spelling == "slalom(obenabe)"
    with pytest.raises(SetupError, match="unknown contract 'push'"):
        coiffeur.contract_of("push")
    with pytest.raises(IllegalPick, match="RECORD"):
        coiffeur.contract_of("joker=push")


# -- the items of the rulesets to come: guesses, bids, announcements, doubling ----------------

@pytest.mark.parametrize(("spelling", "item"), [
    ("guess(0)", pick_items_mod.Guess(0)), ("guess(157)", pick_items_mod.Guess(157)),
    ("bid(9)", pick_items_mod.Bid(9)), ("announce(0)", pick_items_mod.Announce(0)),
    ("double", pick_items_mod.Double()),
])
def test_counted_items_round_trip(spelling: str, item: object) -> None:
    assert parse_pick(spelling) == item
    assert str(item) == spelling


@pytest.mark.parametrize("spelling", ["guess(-1)", "guess(07)", "bid()", "bid(x)",
                                      "announce(1,2)", "guess(12345)"])
def test_malformed_counted_items_are_refused(spelling: str) -> None:
    with pytest.raises(IllegalPick, match="RULES J, RECORD Jass picking"):
        parse_pick(spelling)


def test_counted_items_check_their_values() -> None:
    with pytest.raises(IllegalPick, match="whole number"):
        pick_items_mod.Guess(-3)
    with pytest.raises(IllegalPick, match="whole number"):
        pick_items_mod.Bid(True)  # a bool is no count

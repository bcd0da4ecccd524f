"""Words for each recorded step of a game: what the seat to act did, read from the engine's
states before and after (the trick's winner and why, the contract declared, the round's score).
The session captions every step with them; a notebook may call :func:`describe` itself.

A table's step (every Jass ruleset, Oh Hell) is worded from its values, Swiss cards by name
(:mod:`.value_words`): "Aslan: Trump: Bells.", "Leo plays the Under of Bells. Leo takes the
trick with the Under of Bells."."""

from __future__ import annotations

from typing import Any

from chaitea import Card, Game, RoundResult, State, TrickRecord
from chaitea.draw.svg import card_name
from chaitea.draw.swiss_cards import check_faces, jass_card_name
from chaitea.engine.actions import Accept, Decline, Offer, Pass, Pick, Play, Rescind
from chaitea.engine.pick_items import Choose, Push

from .base import pick_title
from .value_words import item_words
from .words import plain_reason

__all__ = ["describe"]


def describe(before: State, after: State, faces: str = "swiss") -> str:
    """Words for the step from ``before`` to ``after`` (one action), from the engine's state;
    a table's cards and suits named as its ``faces`` show them (``"swiss"``, ``"french"``)."""
    g = before.game
    hist = after.history()
    action = getattr(g, "action", None)  # Chai Tea Jazz's action values (a table: spellings)
    if action is None:
        return _table_step(before, after, hist[-1], faces) if hist else ""
    names = before.names
    seat = before.current_player()
    who = names[seat]
    a = action(hist[-1]) if hist else None
    text = ""
    if isinstance(a, Play):
        text = f"{who} plays {a.card} ({card_name(a.card)})."
        if after.trick_number > before.trick_number or len(after.round_results) > len(
                before.round_results):
            trick = _last_trick(after)
            if trick is not None:
                why = plain_reason(trick.reason, before.contract, after.trick_number - 1,
                                   g.n_tricks)
                text += f" {names[trick.winner]} takes the trick ({why})."
    elif isinstance(a, Pass):
        text = f"{who} passes (Hard Pass: out for the rest of this picking phase)."
    elif isinstance(a, Pick):
        title = pick_title(g, a.spelling)
        if before.offer_stage == "accepted":
            text = f"{who} took the offer and picks {title} (no Bet Debt)."
        elif before.forced:
            text = f"Everyone passed, so {who}, holding the barrel, must pick: {title}."
        elif a.debt:
            text = (f"{who} takes on {a.debt} Bet Debt to pick {title} and takes the Current "
                    f"Bet card; the Barrel card turns to {a.debt}.")
        else:
            text = f"{who} picks {title} and takes the Current Bet card (no Bet Debt)."
    elif isinstance(a, Offer):
        text = f"{who} offers {a.amount} points to whoever takes the pick (Passing the Barrel)."
    elif isinstance(a, Accept):
        text = f"{who} accepts the offer of {before.offer} points and will pick."
    elif isinstance(a, Decline):
        text = f"{who} declines the offer."
    elif isinstance(a, Rescind):
        text = f"{who} rescinds the offer and must pick."
    if after.phase == "picking" and after.forced and not before.forced:
        text += f" Everyone has passed: {names[after.barrel]} holds the barrel and must pick."
    if before.phase == "picking" and after.phase == "play" and after.contract is not None:
        d = after.declarer
        assert d is not None
        debt = f" with Bet Debt {after.bet_debt}" if after.bet_debt else ""
        row = next((r for r in g.setup.rows if r.key == after.row), None)
        title = after.contract.title
        if row is not None and row.is_joker:
            title = f"Joker: {title}"
        text += (f" {title} is the contract: {names[d]} declares{debt}"
                 " and leads the first trick.")
    if len(after.round_results) > len(before.round_results):
        r = after.round_results[-1]
        text += f" Round over: {names[r.declarer]} scores {r.score} {_where_written(g, r)}."
        if after.is_terminal() and not getattr(after, "_round_only", False):
            text += " The game is over."
    return text.strip()


def _table_step(before: State, after: State, aid: int, faces: str) -> str:
    """A table's step (a Jass ruleset, Oh Hell) in words: a pick by its item's words, a card
    by its name; the trick's winner, the contract chosen, the hand's score, the game's end."""
    g: Any = before.game
    names = before.names
    who = names[before.current_player()]
    spelling = g.action_to_string(aid)
    if before.phase == "play":
        text = f"{who} plays {_card_words(g.deck.cards[aid], faces)}."
        trick = _last_trick(after) if len(after.trick_ids()) > len(before.trick_ids()) else None
        if trick is not None:
            win = trick.cards[(trick.winner - trick.leader) % g.players]
            text += f" {names[trick.winner]} takes the trick with {_card_words(win, faces)}."
    else:
        item = g.item_of(spelling)
        chose = type(item) is Choose
        # a secret item (Differenzler's guess, written face down): another seat does not see
        # every item written (the engine's observation)
        other = (before.current_player() + 1) % g.players
        secret = len(after.observation(other)["picking"]) < len(after.pick_items())
        text = (f"{who} writes their choice face down (shown at the hand's end)." if secret else
                f"{who} pushes: the partner chooses." if type(item) is Push else
                f"{who} chooses {item_words(spelling, faces)}." if chose else
                f"{who}: {item_words(spelling, faces)}.")
        if after.phase == "play" and after.contract and not chose:
            text += f" The contract: {item_words(after.contract, faces)}."
    if len(after.round_results) > len(before.round_results):
        score = after.round_results[-1].get("score")
        sides = [f"team {x}" for x in g.side_names] if g.side_names else names
        written = (", ".join(f"{side} {x}" for side, x in zip(sides, score, strict=False))
                   if isinstance(score, (list, tuple)) else f"{score} written")
        text += f" The hand is over: {written}."
        if after.is_terminal():
            text += " The game is over."
    return text


def _card_words(card: Card, faces: str) -> str:
    """A card in a caption: a Jass card by its name on ``faces`` ("the Under of Bells", "the
    Jack of hearts"), another with its spelling ("7H (7 of hearts)")."""
    if card.jass:
        return f"the {jass_card_name(card, check_faces(faces))}"
    return f"{card} ({card_name(card)})"


def _last_trick(state: State) -> TrickRecord | None:
    tricks = state.tricks
    return tricks[-1] if tricks else None


def _where_written(game: Game, result: RoundResult) -> str:
    """Where a round's score goes, in a player's words: "in the Under row", or for a round
    played on its own (Game.round_state: no row is written) "for Under, a round on its own"
    (not "in the round row": a round on its own has no row)."""
    for row in game.setup.rows:
        if row.key == result.row:
            return f"in the {row.title} row"
    if result.row:
        return f"in the {result.row} row"
    return f"for {result.contract.title}, a round on its own (no row of the pad)"

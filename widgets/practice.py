"""The Jass table's practice features: a bot per seat with its strength from the
tournament figures, Hint (the best card with its reason), Advice at the choice (each legal pick's
expected score), Review my hand (the double-dummy points lost in the last tricks), "Same deal,
your seat" (the finished hand played again by a bot in your seat, the scores side by side) and
Take back (the session's undo, for the whole hand). Every answer is the engine's:
:mod:`chaitea.ai.coach`, :mod:`chaitea.ai.replay`; this mixin draws them in words."""

from __future__ import annotations

import math
from typing import Any

import ipywidgets as w

from chaitea.ai.coach import advise, hint, review
from chaitea.ai.replay import same_deal
from chaitea.core.markup import escape

from .base import Refusal, button, html, show
from .seat_bots import bot_named
from .session import Session
from .value_words import card_words, item_words

__all__ = ["BOT_STRENGTH", "HINT_SAMPLES", "JassPractice"]

#: The bots as the table offers them, their strength in words from the Schieber tournament
#: figures of docs/performance.md#bots-and-the-coach (duplicate games to 1000, Wilson 95%
#: intervals).
BOT_STRENGTH = {
    "rule": "Rule-based: rules of thumb; beat the random team in 100% of 200 games",
    "pimc": "Monte Carlo: samples the hidden hands; beat the rule-based team in 79.5% of 200 "
            "games (73.4-84.5%), about 40 ms a card",
    "random": "Random: any legal card; for a first game",
}
HINT_SAMPLES = 12  # worlds per card for Hint and picks for Advice (about a second)


def _num(x: object) -> str:
    v = float(x)  # type: ignore[arg-type]
    return "–" if math.isnan(v) else f"{v:.0f}"


class JassPractice:
    """The practice buttons and the coach's panel of :class:`~.jass_table.JassTable`."""

    state: Any
    faces: str
    session: Session
    _humans: tuple[int, ...]
    _seed: int

    @property
    def _bot_names(self) -> dict[int, str]:
        """The bot of each bot seat by name (``rule``, ``pimc``, ``random``)."""
        ses = self.session
        return {s: ses.bot_name(s) for s in sorted(ses.bots) if s not in self._humans}

    def _practice_widgets(self) -> w.Widget:
        self.coach = html("", "ctj-jass-coach")
        self.hint_button = button("Hint", "ctj-jass-hint", tooltip="the coach's card, with why")
        self.advice_button = button("Advice", "ctj-jass-advice",
                                    tooltip="each choice's expected score")
        self.review_button = button("Review my hand", "ctj-jass-review",
                                    tooltip="the points lost in the last tricks, hands open")
        self.same_button = button("Same deal, your seat", "ctj-jass-same",
                                  tooltip="the hand again with a bot in your seat")
        self.back_button = button("Take back", "ctj-jass-back",
                                  tooltip="undo your last action in this hand")
        guard = self._guard  # type: ignore[attr-defined]
        self.hint_button.on_click(guard(lambda _b: self.hint()))
        self.advice_button.on_click(guard(lambda _b: self.advice()))
        self.review_button.on_click(guard(lambda _b: self.review()))
        self.same_button.on_click(guard(lambda _b: self.same_deal()))
        self.back_button.on_click(guard(lambda _b: self.take_back()))
        self.bot_menus: dict[int, w.Dropdown] = {}
        return w.VBox([w.HBox([self.hint_button, self.advice_button, self.review_button,
                               self.same_button, self.back_button]), self.coach])

    def _bot_menu_box(self) -> w.Widget:
        menus = []
        for seat in self._bot_names:
            menu = w.Dropdown(options=[(k.title() if k != "pimc" else "Monte Carlo", k)
                                       for k in BOT_STRENGTH],
                              value=self._bot_names[seat],
                              description=self.state.names[seat],
                              layout=w.Layout(width="230px"))
            menu.observe(lambda c, seat=seat: self._attempt(  # type: ignore[attr-defined]
                lambda: self.set_bot(seat, str(c["new"]))), "value")
            self.bot_menus[seat] = menu
            menus.append(menu)
        self.bot_words = html("", "ctj-jass-bot-words")
        self._say_bots()
        return w.VBox([w.HBox(menus), self.bot_words])

    def _say_bots(self) -> None:
        names = sorted(set(self._bot_names.values()) & set(BOT_STRENGTH))
        self.bot_words.value = "<small>" + "<br>".join(escape(BOT_STRENGTH[n])
                                                       for n in names) + "</small>"

    def _update_practice(self) -> None:
        s = self.state
        mine = s.current_player() in self._humans and self.session.is_live
        show(self.hint_button, s.phase == "play" and mine)
        show(self.advice_button, s.phase == "picking" and mine)
        finished = any(r.get("played", True) for r in s.round_results)
        show(self.review_button, finished)
        show(self.same_button, finished and bool(self._humans))
        show(self.back_button, s.phase in ("picking", "play") and bool(self._humans))

    # -- actions ----------------------------------------------------------------------------
    def set_bot(self, seat: int, name: str) -> bool:
        """Seat ``name`` (``rule``, ``pimc`` or ``random``) at a bot seat."""
        if seat not in self._bot_names:
            raise Refusal(f"seat {seat} is not a bot seat")
        if name not in BOT_STRENGTH:
            raise Refusal(f"the bots are {', '.join(BOT_STRENGTH)}, not {name!r}")
        if self._bot_names[seat] == name:
            return True
        self.session.set_bot(seat, name)
        menu = self.bot_menus.get(seat)
        if menu is not None and menu.value != name:
            menu.value = name  # the menu shows the bot seated (its observer finds it done)
        self._say_bots()
        return True

    def hint(self, samples: int = HINT_SAMPLES) -> Any:
        """The coach's card for the seat to play, with every legal card's expected points."""
        s = self.state
        if s.phase != "play" or s.current_player() not in self._humans:
            raise Refusal("a hint is for your turn to play a card")
        h = hint(s, samples=samples, seed=self._seed)
        rows = h.table.head(4)
        best = rows.iloc[0]
        card = escape(card_words(h.best, self.faces))
        spread = f"{_num(best['low'])}-{_num(best['high'])}"
        words = (f"<b>Play the {card}</b>: your side's expected card points to the end of the "
                 f"hand, {_num(best['mean'])} ({spread}, 95%, {samples} sampled deals of the "
                 "hidden cards)")
        if len(rows) > 1:
            nxt = rows.iloc[1]
            words += (f"; the next best, the {escape(card_words(str(nxt['card']), self.faces))}"
                      f", {_num(nxt['mean'])}")
        self.coach.value = words + "."
        return h

    def advice(self, samples: int = HINT_SAMPLES) -> Any:
        """Each legal pick's expected score for the seat to choose (the coach's Monte Carlo)."""
        s = self.state
        if s.phase != "picking" or s.current_player() not in self._humans:
            raise Refusal("advice is for your turn to choose")
        a = advise(s, samples=samples, seed=self._seed)
        lines = [f"<li>{escape(item_words(str(r['pick']), self.faces))}: {_num(r['mean'])} "
                 f"({_num(r['low'])}-{_num(r['high'])})</li>" for _, r in a.table.iterrows()]
        self.coach.value = (f"<b>Advice: {escape(item_words(a.recommended, self.faces))}</b>. "
                            f"Expected score of each choice over {samples} deals of the others' "
                            f"cards (95%):<ul>{''.join(lines)}</ul>")
        return a

    def review(self) -> Any:
        """Your plays in the last finished hand with the points each lost (hands open, the
        last tricks solved exactly)."""
        if not self._humans:
            raise Refusal("nobody plays here: there is no hand of yours to review")
        seat = self._humans[0]
        table = review(self.state, seat)
        solved = table.dropna(subset=["lost"])
        lost = solved[solved["lost"] > 0]
        if solved.empty:
            self.coach.value = "No play of yours in the last tricks to review."
        elif lost.empty:
            self.coach.value = (f"<b>Well played</b>: your {len(solved)} plays in the last "
                                "tricks lost nothing against the best play, hands open.")
        else:
            items = "".join(f"<li>trick {int(r['trick'])}: you played the "
                            f"{escape(card_words(str(r['card']), self.faces))}, the best was "
                            f"{escape(str(r['best_cards']))}: "
                            f"{_num(r['lost'])} points lost</li>" for _, r in lost.iterrows())
            self.coach.value = (f"<b>Review</b> (the last tricks, hands open):<ul>{items}</ul>")
        return table

    def same_deal(self) -> Any:
        """The last finished hand played again from its deal by the rule-based bot in your seat
        (the other seats' bots as before), its score beside yours."""
        if not self._humans:
            raise Refusal("nobody plays here: there is no seat of yours to compare")
        seat = self._humans[0]
        result = same_deal(self.state, seat, bots=self.session.bots,
                           stand_in=bot_named("rule", self._seed * 16 + seat))
        if result.yours is None or result.bots is None:
            words = ("the pad writes only the picker's row: in neither hand did your side "
                     "pick" if result.yours is None and result.bots is None else
                     "your side picked in only one of the two hands: the pad rows differ")
        else:
            diff = result.yours - result.bots
            verdict = ("the same as the bot" if diff == 0 else
                       f"{abs(diff)} {'more' if diff > 0 else 'fewer'} than the bot")
            words = f"you scored {result.yours}, the bot {result.bots}: {verdict}"
        contracts = (f" (you played {escape(item_words(result.contract, self.faces))}; the "
                     f"bot's hand: {escape(item_words(result.bot_contract, self.faces))})")
        self.coach.value = (f"<b>Same deal, your seat</b>, hand {result.round_number}: "
                            f"{escape(words)}{contracts}.")
        return result

    def take_back(self) -> None:
        """Undo your last action in this hand (and the bots' after it); a bot move waiting
        does nothing now."""
        self.session.undo()
        self.coach.value = "Taken back: your turn again."
        self._render()  # type: ignore[attr-defined]

"""The drawing of the picking panel: who holds the Barrel and the Current Bet card, the Bet
Debt, the prompt for the seat to speak, only the legal choices enabled, the hand, the steps of
this picking phase and the navigation. Every drawing reads the session's state and changes
nothing in it."""

from __future__ import annotations

import ipywidgets as w

from chaitea import Game
from chaitea.core.markup import escape
from chaitea.draw.svg import barrel_svg, bet_card_svg
from chaitea.engine.actions import Accept, Decline, Offer, Pass, Pick, Rescind

from .base import html, pick_title, show, sort_cards
from .picking_base import PickingBase
from .strip import CardStrip

__all__ = ["PickingDrawing"]


class PickingDrawing(PickingBase):
    """The picking panel's drawing: :meth:`refresh` redraws it from the session's state."""

    def _build_felt(self, four_colour: bool) -> w.VBox:
        """The title, the seats, the bet cards, the prompt and the hand (the felt holds the
        seats, the cards and the hand), the caption line and the log."""
        self.title = html("", "ctj-title")
        self.seats = html("", "ctj-seats")
        self.cards = html("", "ctj-bet-cards")
        self.prompt = html("", "ctj-prompt")
        self.hand_title = html("", "ctj-heading")
        self.hand = CardStrip(interactive=False, size="small", label="hand",
                              four_colour=four_colour, css_class="ctj-picking-hand")
        self.caption_line = html("", "ctj-caption-line")
        self.log = html("", "ctj-log", "ctj-note")
        felt = w.VBox([self.seats, self.cards, self.hand_title, self.hand])
        felt.add_class("ctj-felt")
        return felt

    def _after_error(self) -> None:
        self.refresh()

    def refresh(self) -> None:
        s = self.session.state
        g = s.game
        legal_ids = s.legal_actions() if self.session.is_human_turn(s) else []
        acts = [g.action(a) for a in legal_ids]
        picks = [a for a in acts if isinstance(a, Pick)]
        spellings: list[str] = []
        for p in picks:
            if p.spelling not in spellings:
                spellings.append(p.spelling)
        debts = sorted({p.debt for p in picks})
        offers = [a.amount for a in acts if isinstance(a, Offer)]
        kinds = {type(a) for a in acts}
        widgets = [self.title, self.seats, self.cards, self.prompt, self.contract, self.debt,
                   self.debt_choice,
                   self.pick_button, self.pass_button, self.offer_amount, self.offer_button,
                   self.accept_button, self.decline_button, self.rescind_button, self.hand,
                   self.hand_title, self.step_label, self.caption_line, self.log]
        with self._hold(*widgets):
            self.title.value = (f"Picking phase <small>round {s.round_number}"
                                f" · {g.players} players · Bet Debt in steps of {g.step}</small>")
            self.seats.value = self._seats_html()
            self.cards.value = self._cards_html()
            self.prompt.value = self._prompt_html(picks, debts)
            self._draw_contract_and_debt(g, spellings, debts)
            self._draw_buttons(picks, kinds, offers)
            self._draw_hand()
            self.refresh_nav()
            self.log.value = self._log_html()
        self._shown = (id(self.session), self.session.cursor, len(self.session.steps))

    def _draw_contract_and_debt(self, g: Game, spellings: list[str], debts: list[int]) -> None:
        """The contract Dropdown (the legal picks) and the Bet Debt, as a slider and buttons."""
        old = self.contract.value
        self.contract.options = [(pick_title(g, sp), sp) for sp in spellings]
        if spellings:
            self.contract.value = old if old in spellings else spellings[0]
        self.contract.disabled = not spellings
        if debts:
            lo, hi = debts[0], debts[-1]
            self.debt.step = g.step
            if hi > self.debt.max:
                self.debt.max = hi
            self.debt.min = lo
            self.debt.max = hi
            moved = self._shown != (id(self.session), self.session.cursor,
                                    len(self.session.steps))
            if moved or not lo <= self.debt.value <= hi:
                self.debt.value = lo  # a new decision starts at the smallest raise
            self.debt.disabled = lo == hi
        else:
            self.debt.min = 0
            self.debt.value = 0
            self.debt.disabled = True
        amounts = debts or [0]
        options = [(str(x), x) for x in amounts]
        if list(self.debt_choice.options) != options:
            # new buttons, not new options: the front end may keep a ToggleButtons' old buttons
            value = self.debt.value if self.debt.value in amounts else amounts[0]
            self._replace_debt_choice(options, value)
        if self.debt_choice.value != self.debt.value and self.debt.value in amounts:
            self.debt_choice.value = self.debt.value
        self.debt_choice.disabled = self.debt.disabled

    def _draw_buttons(self, picks: list[Pick], kinds: set[type], offers: list[int]) -> None:
        """Only the legal actions enabled (none in a rulebook example: it is watched)."""
        s = self.session.state
        self.pick_button.disabled = not picks
        self.pass_button.disabled = Pass not in kinds
        self.offer_amount.options = [(str(x), x) for x in offers]
        self.offer_amount.disabled = not offers
        self.offer_button.disabled = not offers
        self.accept_button.disabled = Accept not in kinds
        self.decline_button.disabled = Decline not in kinds
        self.rescind_button.disabled = Rescind not in kinds
        if self.example_number is not None:  # a rulebook example is watched, not played
            for b in (self.pick_button, self.pass_button, self.offer_button,
                      self.accept_button, self.decline_button, self.rescind_button):
                b.disabled = True
            self.contract.disabled = self.debt.disabled = True
            self.debt_choice.disabled = True
        show(self.choices, s.phase == "picking" and bool(picks or Pass in kinds))
        show(self.advice_button, bool(picks) and self.session.is_live
             and self.example_number is None)
        show(self.offers, bool(offers or kinds & {Accept, Decline, Rescind}))

    def refresh_nav(self) -> None:
        """Redraw the step label, the moving buttons and the caption line (cheap: the dashboard
        calls it on every update, even while the panel is hidden)."""
        ses = self.session
        with self._hold(self.step_label, self.caption_line, self.first_button,
                        self.back_button, self.forward_button, self.live_button):
            self.step_label.value = f"step {ses.cursor} of {len(ses.steps) - 1}"
            self._drop_stale_advice()
            self.first_button.disabled = self.back_button.disabled = ses.cursor == 0
            self.forward_button.disabled = self.live_button.disabled = ses.is_live
            self.undo_button.disabled = (self.example_number is not None
                                         or ses.undo_point() is None)
            # the step's words once: not again when the status line has just said them
            cap = ses.caption
            said = bool(cap) and cap.lower() in self.status.text.lower()
            self.caption_line.value = "" if said else escape(cap)
            show(self.caption_line, not said)

    def _draw_hand(self) -> None:
        s = self.session.state
        seat = s.current_player()
        if seat < 0 or seat not in self.session.humans:
            seat = self.session.humans[0] if self.session.humans else -1
        if seat < 0 or s.phase not in ("picking", "play"):
            self.hand_title.value = ""
            self.hand.set_items([])
            return
        cards = sort_cards(s.playable(seat), None, s.game.deck)
        self.hand_title.value = f"{escape(s.names[seat])}'s hand"
        self.hand.set_cards(cards)

    def _seats_html(self) -> str:
        s = self.session.state
        g = s.game
        bet = s.current_bet
        turn = s.current_player() if s.phase == "picking" else -1
        eligible = set(s.eligible) if s.phase == "picking" else set(range(g.players))
        passed = set(s.passed) if s.phase == "picking" else set()
        out = ['<div class="ctj-seat-chips">']
        for seat in range(g.players):
            badges = []
            if seat == turn:
                badges.append('<span class="ctj-badge ctj-badge-turn">to speak</span>')
            if seat == s.barrel:
                badges.append('<span class="ctj-badge ctj-badge-barrel">Barrel</span>')
            if bet is not None and bet[0] == seat:
                badges.append('<span class="ctj-badge ctj-badge-bet">Current Bet</span>')
            if s.phase == "play" and s.declarer == seat:
                badges.append('<span class="ctj-badge ctj-badge-bet">declarer</span>')
            if seat in passed:
                badges.append('<span class="ctj-badge ctj-badge-passed">passed</span>')
            if seat not in eligible:
                badges.append('<span class="ctj-badge ctj-badge-passed">no open row</span>')
            if seat in self.session.humans and len(self.session.humans) < g.players:
                badges.append('<span class="ctj-badge ctj-badge-you">you</span>')
            team = f" ({g.side_names[g.side_of[seat]]})" if g.side_names else ""
            cls = "ctj-seat-chip ctj-turn" if seat == turn else "ctj-seat-chip"
            out.append(f'<span class="{cls}" data-seat="{seat}"><b>{escape(s.names[seat])}</b>'
                       f"{team} {''.join(badges)}</span>")
        out.append("</div>")
        return "".join(out)

    def _cards_html(self) -> str:
        s = self.session.state
        g = s.game
        names = s.names
        bet = s.current_bet
        if s.phase == "play" and s.contract is not None and s.declarer is not None:
            debt = s.bet_debt
            title: str | None = s.contract.title
            bet_holder: str | None = names[s.declarer]
        elif bet is not None:
            debt = s.bet_debt
            title = pick_title(g, bet[1].split(" ")[-1])
            bet_holder = names[bet[0]]
        else:
            debt, title, bet_holder = 0, None, None
        barrel_holder = names[s.barrel]
        words = [f"Barrel: <b>{escape(barrel_holder)}</b>",
                 f"Current Bet: <b>{escape(bet_holder) if bet_holder else 'not taken yet'}</b>"
                 + (f" ({escape(title)})" if title else ""),
                 f"Bet Debt: <b>{debt}</b> (max {g.max_debt})"]
        if s.phase == "picking" and s.offer_stage != "none":
            words.append(f"Offer: <b>{s.offer}</b> ({s.offer_stage})")
        return ('<div class="ctj-bet-row">'
                f'<div class="ctj-bet-card">{barrel_svg(debt, g.step, holder=barrel_holder)}'
                f"<div>held by {escape(barrel_holder)}</div></div>"
                f'<div class="ctj-bet-card">{bet_card_svg(title, holder=bet_holder)}'
                f"<div>{'held by ' + escape(bet_holder) if bet_holder else 'on the table'}</div>"
                f'</div><div class="ctj-bet-words">{"<br>".join(words)}</div></div>')

    def _prompt_html(self, picks: list[Pick], debts: list[int]) -> str:
        s = self.session.state
        names = s.names
        if s.phase == "play" and s.contract is not None and s.declarer is not None:
            debt = f" with Bet Debt {s.bet_debt}" if s.bet_debt else ""
            return (f"<b>Picking is over:</b> {escape(names[s.declarer])} declares "
                    f"{escape(s.contract.title)}{debt}.")
        if s.phase != "picking":
            return "<b>No picking phase is on.</b>"
        seat = s.current_player()
        who = escape(names[seat])
        if not self.session.is_human_turn(s):
            return f"<b>{who}</b> (a bot) is to speak…"
        if s.offer_stage == "answering":
            return f"<b>{who}</b>: accept or decline the offer of {s.offer} points."
        if s.offer_stage == "all-declined":
            return f"<b>{who}</b>: everyone declined; offer more or rescind and pick."
        if s.offer_stage == "accepted":
            return f"<b>{who}</b> accepted the offer: pick any open contract (no Bet Debt)."
        if s.forced:
            return (f"<b>{who}</b>: everyone passed, so the barrel holder must pick "
                    "(no Bet Debt)" + (" or offer points (Passing the Barrel)."
                                       if s.game.passing_the_barrel else "."))
        if s.current_bet is None:
            return (f"<b>{who}</b> to speak: pass, or pick a contract (the first pick has no "
                    "Bet Debt).")
        if not picks:
            return f"<b>{who}</b> to speak: the Bet Debt is at its maximum, so only pass is left."
        span = f"{debts[0]}" if debts[0] == debts[-1] else f"{debts[0]}–{debts[-1]}"
        return (f"<b>{who}</b> to speak: pass, or pick a contract and raise the Bet Debt to "
                f"{span}.")

    def _log_html(self) -> str:
        ses = self.session
        start = ses.round_start()
        r = ses.state.round_number
        items = []
        for i in range(max(start, 1), len(ses.steps)):
            prev = ses.steps[i - 1].state
            if prev.round_number != r or prev.phase != "picking":
                if i > ses.cursor:
                    break
                continue
            style = ' style="font-weight:700"' if i == ses.cursor else (
                ' style="opacity:.5"' if i > ses.cursor else "")
            items.append(f"<li{style}>{escape(ses.steps[i].caption)}</li>")
        if not items:
            return ""
        return "<b>This picking phase</b><ol>" + "".join(items) + "</ol>"

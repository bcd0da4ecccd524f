"""The drawing of the trick table: the felt (people's seats at the bottom, the bots' at the
top), the current and the last trick with its reason, the title and running card points, the
round's summary, which buttons show, and the caption line of the step shown. Every drawing
reads the session's state and changes nothing in it."""

from __future__ import annotations

import ipywidgets as w

from chaitea import ChaiTeaError, State
from chaitea.core.markup import escape
from chaitea.draw.svg import side_labels

from .base import html, seat_widgets, show, sort_cards
from .strip import CardStrip, StripItem
from .table_base import TableBase
from .words import cite_links, plain_reason

__all__ = ["TableDrawing"]


class TableDrawing(TableBase):
    """The trick table's drawing: :meth:`refresh` redraws it from the session's state."""

    def _build_felt(self, four_colour: bool) -> w.VBox:
        """The title lines, the felt (seats and tricks), the summary and the caption line."""
        self.title = html("", "ctj-title")
        self.info = html("", "ctj-note", "ctj-info")
        # seat widgets are made when a game first needs them (each card strip costs page-load
        # time; see _ensure_seats), then kept and updated move after move
        self.seat_heads: list[w.HTML] = []
        self.seat_hands: list[CardStrip] = []
        self.seat_straws: list[CardStrip] = []
        self.seat_boxes: list[w.VBox] = []
        self.opponents = w.HBox([])
        self.opponents.add_class("ctj-opponents")
        self.mine = w.VBox([])
        self.mine.add_class("ctj-mine")
        self.trick_title = html("Current trick", "ctj-heading")
        self.trick_strip = CardStrip(interactive=False, label="current trick", empty="—",
                                     four_colour=four_colour, css_class="ctj-trick")
        self.last_title = html("Last trick", "ctj-heading")
        self.last_strip = CardStrip(interactive=False, size="small", label="last trick",
                                    empty="—", four_colour=four_colour,
                                    css_class="ctj-last-trick")
        self.last_reason = html("", "ctj-reason")
        centre = w.HBox([w.VBox([self.trick_title, self.trick_strip]),
                         w.VBox([self.last_title, self.last_strip, self.last_reason])])
        centre.add_class("ctj-centre")
        felt = w.VBox([self.opponents, centre, self.mine])
        felt.add_class("ctj-felt")
        self.summary = html("", "ctj-summary", "ctj-panel")
        self.caption_line = html("", "ctj-caption-line")
        return felt

    def _ensure_seats(self, players: int) -> None:
        """Make the seat widgets up to ``players`` (once: a bigger game adds the missing ones,
        a smaller one leaves the extra seats out of the felt)."""
        for i in range(len(self.seat_boxes), players):
            head, hand, straw, box = seat_widgets(i, f"hand of seat {i}",
                                                  f"straw-pile of seat {i}",
                                                  four_colour=self.four_colour)
            hand.on_click(self.play)
            straw.on_click(self.play)
            self.seat_heads.append(head)
            self.seat_hands.append(hand)
            self.seat_straws.append(straw)
            self.seat_boxes.append(box)

    def _after_error(self) -> None:
        self.refresh()

    def refresh(self) -> None:
        ses = self.session
        s = ses.state
        playing = s.phase == "play"
        turn = s.current_player() if playing else -1
        human_turn = playing and ses.is_human_turn(s)
        legal = set(s.legal_moves()) if human_turn else set()
        self._ensure_seats(s.game.players)
        self._ensure_bot_choices(s)
        widgets: list[w.Widget] = [self.title, self.info, self.trick_strip, self.last_strip,
                                   self.last_reason, self.summary, self.step_label,
                                   self.caption_line, *self.seat_heads, *self.seat_hands,
                                   *self.seat_straws]
        with self._hold(*widgets):
            self._draw_title(s)
            self._draw_seats(s, turn, legal)
            self._draw_tricks(s)
            self._draw_controls(s, human_turn)
            self._drop_stale_coach()
            self._draw_caption()

    def _draw_title(self, s: State) -> None:
        """The title (round, contract, declarer, trick) and the running card points."""
        g = s.game
        names = s.names
        playing = s.phase == "play"
        if playing and s.contract is not None and s.declarer is not None:
            debt = f", Bet Debt {s.bet_debt}" if s.bet_debt else ""
            self.title.value = (f"Round {max(s.round_number, 1)}: <b>"
                                f"{escape(self._contract_title(s))}"
                                f"</b> <small>declarer {escape(names[s.declarer])}{debt}"
                                f" · trick {min(s.trick_number + 1, g.n_tricks)} of "
                                f"{g.n_tricks}</small>")
        elif s.is_terminal():
            over = "the round is over" if _one_round(s) else "the game is over"
            self.title.value = f"Trick table <small>{over}</small>"
        else:
            self.title.value = f"Trick table <small>round {s.round_number}</small>"
        self.info.value = self._info_html(s)

    def _draw_seats(self, s: State, turn: int, legal: set[str]) -> None:
        """The seats: people at the bottom, bots at the top."""
        humans = self.session.humans
        opp: list[w.Widget] = []
        mine: list[w.Widget] = []
        for seat in range(s.game.players):
            box = self.seat_boxes[seat]
            (mine if seat in humans else opp).append(box)
            self._draw_seat(s, seat, seat == turn, legal if seat == turn else set(),
                            seat in humans)
            if seat == turn:
                box.add_class("ctj-turn")
            else:
                box.remove_class("ctj-turn")
        if list(self.opponents.children) != opp:
            self.opponents.children = opp
        if list(self.mine.children) != mine:
            self.mine.children = mine

    def _draw_tricks(self, s: State) -> None:
        """The trick on the table and the last trick, with who won it and why."""
        g = s.game
        n = g.players
        names = s.names
        contract = s.contract
        playing = s.phase == "play"
        if playing and s.trick:
            lead = s.trick_leader
            win = s.trick_winner_so_far()
            self.trick_strip.set_items([
                StripItem(card=c, caption=names[(lead + i) % n],
                          highlight="win" if (lead + i) % n == win else "")
                for i, c in enumerate(s.trick)])
        else:
            self.trick_strip.set_items([])
        tricks = s.tricks if s.round_number else []
        if tricks:
            last = tricks[-1]
            self.last_strip.set_items([
                StripItem(card=c, caption=names[(last.leader + i) % n],
                          highlight="win" if (last.leader + i) % n == last.winner else "")
                for i, c in enumerate(last.cards)])
            played = contract if contract is not None else (
                s.round_results[-1].contract if s.round_results else None)
            why = plain_reason(last.reason, played, len(tricks) - 1, g.n_tricks)
            self.last_reason.value = (f"<b>{escape(names[last.winner])}</b> won trick "
                                      f"{len(tricks)}: <i>{cite_links(why)}</i>")
        else:
            self.last_strip.set_items([])
            self.last_reason.value = ""

    def _draw_controls(self, s: State, human_turn: bool) -> None:
        """The round's summary, and which buttons show or are enabled at this step."""
        ses = self.session
        humans = ses.humans
        n = s.game.players
        # the summary of the round just played
        self.summary.value = self._summary_html(s)
        show(self.summary, bool(self.summary.value))
        show(self.next_round_button, ses.paused and ses.is_live)
        bots_exist = len(humans) < n
        # at a round's end only Next round goes on (one way forward, not two)
        self.step_button.disabled = ses.paused or not (
            ses.is_live and (s.is_chance_node() or ses.is_bot_turn(s)))
        show(self.step_button, bots_exist)
        steps = len(ses.steps) - 1
        self.step_label.value = f"step {ses.cursor} of {steps}"
        self.first_button.disabled = self.back_button.disabled = ses.cursor == 0
        self.forward_button.disabled = self.live_button.disabled = ses.is_live
        self.undo_button.disabled = ses.undo_point() is None
        show(self.hint_button, human_turn and ses.is_live)
        show(self.review_button, bool(self.summary.value) and bool(humans))

    def _draw_caption(self) -> None:
        """The step's words once: not again when the status line has just said them."""
        ses = self.session
        review = "" if ses.is_live else "<b>Reviewing</b> (Latest » returns to the game): "
        cap = ses.caption
        said = ses.is_live and bool(cap) and cap.lower() in self.status.text.lower()
        self.caption_line.value = "" if said else review + cite_links(cap)
        show(self.caption_line, not said)

    def _draw_seat(self, s: State, seat: int, is_turn: bool, legal: set[str],
                   human: bool) -> None:
        g = s.game
        ses = self.session
        playing = s.phase == "play"
        hand_strip = self.seat_hands[seat]
        straw_strip = self.seat_straws[seat]
        open_view = human or self.open_hands.value
        badges = []
        if is_turn:
            badges.append('<span class="ctj-badge ctj-badge-turn">to play</span>')
        if playing and s.declarer == seat:
            badges.append('<span class="ctj-badge ctj-badge-bet">declarer</span>')
        if human and len(ses.humans) < g.players:
            badges.append('<span class="ctj-badge ctj-badge-you">you</span>')
        elif not human:
            badges.append('<span class="ctj-badge">bot</span>')
        team = f" · team {g.side_names[g.side_of[seat]]}" if g.side_names else ""
        won = s.tricks_won[seat] if s.round_number else 0
        self.seat_heads[seat].value = (f"<b>{escape(s.names[seat])}</b>{team} "
                                       f"{''.join(badges)} · tricks won: <b>{won}</b>")
        if not playing:
            hand_strip.set_items([])
            straw_strip.set_items([])
            show(hand_strip, False)
            show(straw_strip, False)
            return
        show(hand_strip, True)
        cards = s.hand(seat)
        active = is_turn and human and ses.is_live
        hand_strip.interactive = human
        straw_strip.interactive = human
        if open_view:
            cards = sort_cards(cards, s.contract, g.deck, 0, g.n_tricks)
            items = [StripItem(card=c, playable=(str(c) in legal) if active else None,
                               note=(self._why(s, str(c), legal) if active
                                     else "" if not human else "not your turn"))
                     for c in cards]
            hand_strip.set_items(items)
        else:
            hand_strip.set_items([StripItem(kind="back", caption=f"{len(cards)} card"
                                            f"{'s' * (len(cards) != 1)}")]
                                 if cards else [])
        stacks = s.straw(seat)
        if stacks:
            show(straw_strip, True)
            sitems = []
            for down, up in stacks:
                p = (str(up) in legal) if (active and up is not None) else None
                why = self._why(s, str(up), legal) if p is False else ""
                sitems.append(StripItem(kind="stack", card=up, down=down, playable=p,
                                        key=str(up) if up is not None else "", note=why))
            straw_strip.set_items(sitems)
        else:
            straw_strip.set_items([])
            show(straw_strip, False)

    @staticmethod
    def _why(s: State, card: str, legal: set[str]) -> str:
        """Why ``card`` cannot be played now: the engine's refusal, worked out without changing
        the state (``verify_action`` raises and leaves it as it was)."""
        if card in legal:
            return ""
        try:
            s.verify_action(card)
        except ChaiTeaError as e:
            return str(e)
        return ""

    @staticmethod
    def _contract_title(s: State) -> str:
        """The contract in play, with its row when that says more: ``Joker: Under``."""
        assert s.contract is not None
        row = next((r for r in s.game.setup.rows if r.key == s.row), None)
        if row is not None and row.is_joker:
            return f"Joker: {s.contract.title}"
        if row is not None and row.avoidance:
            return f"Avoidance ({s.contract.title})"
        title: str = s.contract.title
        return title

    def _info_html(self, s: State) -> str:
        g = s.game
        if not s.round_number or s.phase != "play":
            return ""
        labels = side_labels(s)
        pts = s.side_points
        parts = [f"{escape(labels[i])}: <b>{pts[i]}</b>" for i in range(g.sides)]
        return "Card points won this round: " + " · ".join(parts)

    def _summary_html(self, s: State) -> str:
        ses = self.session
        results = s.round_results
        if not results or s.phase == "play":
            return ""
        # only right after a round (or at the end): the round just finished
        r = results[-1]
        g = s.game
        names = s.names
        bonus = g.seating.last_trick_bonus
        declarer_side = g.side_of[r.declarer]
        last_side = g.side_of[r.last_trick]
        row_title = next((row.title for row in g.setup.rows if row.key == r.row), "")
        played = escape(r.contract.title)
        rows = [("Declarer", escape(names[r.declarer])),
                ("Contract", f"{played} (the {escape(row_title)} row)"
                 if r.row and row_title and row_title != r.contract.title else played),
                ("Card points", str(r.card_points)),
                ("Last trick", f"{escape(names[r.last_trick])}"
                 + (f" (+{bonus} for the declarer)" if last_side == declarer_side else
                    " (no bonus for the declarer)")),
                ("Bet Debt", str(r.bet_debt))]
        if r.offer:
            rows.append(("Offer accepted", f"+{r.offer}"))
        rows.append(("Score", f"<b>{r.score}</b>"))
        tricks = ", ".join(f"{escape(names[i])} {t}" for i, t in enumerate(r.tricks))
        rows.append(("Tricks won", tricks))
        body = "".join(f"<tr><th>{k}</th><td>{v}</td></tr>" for k, v in rows)
        if s.is_terminal():
            head = "The round is over" if _one_round(s) else "The game is over"
        else:
            head = f"Round {len(results)} is over"
        more = "" if s.is_terminal() else (" Press <b>Next round ▶</b> to go on."
                                           if ses.paused and ses.is_live else "")
        return f"<b>{head}.</b>{more}<table>{body}</table>"

    def _set_colours(self, on: bool) -> None:
        """Four-colour suits on or off: every strip of the table redrawn."""
        self.four_colour = bool(on)
        for strip in (*self.seat_hands, *self.seat_straws, self.trick_strip, self.last_strip):
            strip.four_colour = self.four_colour
            strip.html = strip.render()


def _one_round(state: State) -> bool:
    """Whether the state plays a single round (``game.round_state``): its end is the round's,
    not a game's."""
    return bool(getattr(state, "_round_only", False))

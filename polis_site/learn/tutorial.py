"""The tutorial, "Learn to play": a real match on the real page, from a fixed deal (no event in the
first two rounds), where the learner plays Sparta through a scripted opening and the computer,
Athens, follows the script. Each of the learner's steps teaches one rule and says which control to
click (static/js/tutorial.js highlights it and explains a wrong click); after the script comes a
battle fought with battle cards as the learner likes, and then the offer of a first real match.

The script is checked once per process by playing it on the engine with the server's own chance
(`steps`): each step knows the decision it answers, so the page and the computer find theirs by
the decision the game asks.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

from django.db.models import Q
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from engine import api
from engine.errors import ActionError
from polis_site.learn.models import Tutorial
from polis_site.matches import services
from polis_site.matches.models import Match

#: The deal: Sparta opens, and rounds Alpha and Epsilon have no event.
SEED = "tutorial-3"
LEARNER, TUTOR = "sparta", "athens"
#: The computer that answers once the script is over (the battle's cards and what follows).
LEVEL = "easy"

S, A = LEARNER, TUTOR
#: (side, lesson, action): the learner's steps name their lesson, the tutor's none.
SCRIPT: tuple[tuple[str, str | None, dict[str, Any]], ...] = (
    (S, "move", {"type": "move_hoplites", "destination": "messinia", "origins": ["lakedaemon"] * 3}),
    (S, "tribute", {"type": "collect_tribute", "territory": "messinia", "columns": {"wheat": 3}}),
    (A, None, {"type": "collect_tribute", "territory": "attika", "columns": {"silver": 2, "wheat": 1}}),
    (A, None, {"type": "trade", "space": "persia_0", "give": "wine"}),
    (S, "create", {"type": "create_hoplites", "polis": "sparti", "count": 2, "payment": {"iron": 2}}),
    (S, "trade", {"type": "trade", "space": "aegyptos_0", "give": "wine"}),
    (A, None, {"type": "create_galleys", "polis": "athinae", "seas": {"kyklades": 1}, "payment": {"wood": 1}}),
    (A, None, {"type": "pass"}),
    (S, "pass", {"type": "pass"}),
    (A, None, {"type": "grow", "poleis": {"athinae": 1}}),
    (S, "growth", {"type": "grow", "poleis": {"sparti": 2, "pylos": 1, "gythion": 1}}),
    (A, None, {"type": "phoros", "prestige": 0}),
    (S, "phoros", {"type": "phoros", "prestige": 0}),
    (A, None, {"type": "discard_project", "project": "koilon"}),
    (S, "stacking", {"type": "create_hoplites", "polis": "sparti", "count": 2, "payment": {"iron": 2}}),
    (S, "capital", {"type": "collect_tribute", "territory": "lakedaemon", "columns": {"silver": 2, "iron": 2}}),
    (A, None, {"type": "create_hoplites", "polis": "athinae", "count": 1, "payment": {"iron": 1}}),
    (A, None, {"type": "move_hoplites", "destination": "lakedaemon", "origins": ["attika"] * 4}),
    (S, "battle", {"type": "fight_on"}),
    (A, None, {"type": "fight_on"}),
)

#: Each lesson: its title, what it teaches and what to click, and what a wrong click is told.
LESSONS: dict[str, tuple[Any, Any, Any]] = {
    "move": (gettext_lazy("Move hoplites"), gettext_lazy(
        "Sparta has no wheat, and at the round's end each population cube eats one. Messinia's fields pay "
        "wheat in tribute to a side that holds a polis there (Pylos) and has hoplites there. March your "
        "three hoplites from Lakedaemon to Messinia: Move hoplites, then Messinia. The first hoplite comes "
        "from Lakedaemon by itself, as no other place can send one; add one from Lakedaemon twice more, "
        "then confirm. A move costs 1 prestige."),
        gettext_lazy("Not yet: first march your hoplites from Lakedaemon to Messinia, where the wheat is.")),
    "tribute": (gettext_lazy("Collect tribute"), gettext_lazy(
        "Your hoplites fill Messinia's tribute columns from the top, and each column pays what stands "
        "under your last hoplite there. Put all three in the wheat column: 6 wheat. Outside your "
        "capital's territory tribute costs 1 prestige. Your second action ends your turn."),
        gettext_lazy("This step collects tribute in Messinia, with all three hoplites in the wheat column.")),
    "create": (gettext_lazy("Create units"), gettext_lazy(
        "Athens has played its two actions. Lakedaemon is empty now: create 2 hoplites in Sparti, paid "
        "with 2 iron. Each hoplite is a cube of the polis's population, so Sparti will eat 2 wheat less "
        "at the round's end."),
        gettext_lazy("This step creates 2 hoplites in Sparti, paid with iron.")),
    "trade": (gettext_lazy("Trade"), gettext_lazy(
        "A merchant sails from your port to a foreign market's open space and pays for its load at "
        "today's market value. Athens has just sold wine in Persia, and a good that is sold loses value: "
        "in Aegyptos 3 wheat now cost 4 wine. Send your merchant there and pay with wine: you will have 9 "
        "wheat."),
        gettext_lazy("This step trades in Aegyptos, paying with wine.")),
    "pass": (gettext_lazy("Pass"), gettext_lazy(
        "You are done for this round: pass. Athens has passed already, so the round ends now: projects, "
        "food, growth, phoros and new projects, in that order."),
        gettext_lazy("Pass now: the end of the round comes next.")),
    "growth": (gettext_lazy("Feeding and growth"), gettext_lazy(
        "The round's end: your 5 population cubes ate 5 of your 9 wheat (had wheat been short, you would "
        "have paid in prestige or given poleis up). The 4 wheat left buy growth: 2 cubes in Sparti, 1 in "
        "Pylos and 1 in Gythion. Each polis above its base population then brings 1 prestige."),
        gettext_lazy("Grow Sparti by 2, Pylos by 1 and Gythion by 1.")),
    "phoros": (gettext_lazy("Phoros"), gettext_lazy(
        "With poleis besides your capital you may give prestige for silver. Keep your prestige: moves and "
        "tribute cost it, and a side with none at a round's end loses. Give none."),
        gettext_lazy("Give no prestige this time: choose 0.")),
    "stacking": (gettext_lazy("Round Epsilon"), gettext_lazy(
        "Athens discarded a project and round Epsilon begins: now 4 units of a side may stand in one "
        "place, so 8 can meet, and 8 units in one place fight a battle. Athens is gathering an army in "
        "Attika. Create 2 hoplites in Sparti, so that 4 guard Lakedaemon."),
        gettext_lazy("This step creates 2 hoplites in Sparti, paid with iron.")),
    "capital": (gettext_lazy("Tribute at home"), gettext_lazy(
        "In your capital's territory tribute is free. Collect it in Lakedaemon: 2 hoplites in the silver "
        "column and 2 in the iron column."),
        gettext_lazy("This step collects tribute in Lakedaemon: 2 hoplites for silver, 2 for iron.")),
    "battle": (gettext_lazy("A battle"), gettext_lazy(
        "Athens marched 4 hoplites into Lakedaemon: 8 units in one territory make a battle. Before the "
        "cards are drawn either side may retreat, giving the other 1 prestige. Fight on: your 4 hoplites "
        "hold Sparta's own land."),
        gettext_lazy("Fight on: retreating gives Athens 1 prestige.")),
}

#: The battle that follows the script is the learner's to fight: a word on each decision it asks.
FREE: dict[str, Any] = {
    "battle_attack": gettext_lazy(
        "Each side drew as many battle cards as it has units there. Sparta attacks first on land: lay two "
        "cards. Each one Athens does not match in formation costs it a hoplite and earns you the card's "
        "prestige. Choose as you like."),
    "battle_defend": gettext_lazy(
        "Athens attacks now: lay one card against each of its cards. A card of the same formation saves "
        "your hoplite."),
    "battle_retreat": gettext_lazy("A new combat round: fight on, or retreat for 1 prestige."),
    "commander": gettext_lazy("A great commander may double the prestige this battle gave you."),
}


@dataclass(frozen=True)
class Step:
    side: str
    decision: int
    lesson: str | None
    action: dict[str, Any]


@functools.cache
def steps() -> tuple[Step, ...]:
    """The script played on the engine from the deal, with the chance the server would draw: each
    step with the decision it answers. A step the engine refuses fails here, at the first use."""
    setup = api.Setup.from_seed(SEED)
    state = api.new_game(setup)
    played = []
    for seq, (side, lesson, action) in enumerate(SCRIPT, 1):
        decision = state.decision
        if decision is None or decision.side != side:
            raise ValueError(f"the tutorial's step {seq} is {side}'s, but the game asks {decision}")
        played.append(Step(side, decision.id, lesson, {**action, "decision": decision.id}))
        state, events = api.apply_action(state, side, played[-1].action)
        state, _chance = services.resolve_chance(state, SEED, seq, events)
    return tuple(played)


def lessons() -> Q:
    """The matches that are tutorials (play's `extensions.lessons`: listed nowhere as games)."""
    return Q(polis_tutorial__isnull=False)


def is_tutorial(match: Match) -> bool:
    return Tutorial.objects.filter(match_id=match.pk).exists()


def start(user: Any) -> Match:
    """`user`'s tutorial: the one they left unfinished (it is listed nowhere else), or a new one:
    the deal, the learner's seat, the computer on the script."""
    unfinished = (Match.objects.filter(lessons(), status=Match.Status.ACTIVE, **{LEARNER: user})
                  .order_by("-created_at").first())
    if unfinished is not None:
        return unfinished
    steps()  # a script the engine refuses is found before a match is made
    match = services.create_match(user, LEARNER, seed=SEED, computer=LEVEL)
    Tutorial.objects.create(match=match)
    return match


def tutor_answer(match: Match) -> dict[str, Any] | None:
    """The computer's scripted answer in a tutorial, while the game is where the script expects it;
    otherwise None (it thinks, as at its level)."""
    if match.computer_side != TUTOR or not is_tutorial(match):
        return None  # asked before every computer decision: a match that is no tutorial is not read
    state = match.state()
    decision = state.decision
    if decision is None or decision.side != TUTOR:
        return None
    step = next((s for s in steps() if s.side == TUTOR and s.decision == decision.id), None)
    if step is None:
        return None
    try:
        api.price(state, TUTOR, step.action)  # the learner may have left the script (by the API)
    except ActionError:
        return None
    return step.action


def for_page() -> dict[str, Any]:
    """What the page's coach shows, in the reader's language: each of the learner's steps (the
    decision, the whole action expected, its lesson's words), the battle's words and the ending."""
    learner = [s for s in steps() if s.side == LEARNER]
    return {
        "steps": [{"decision": s.decision, "expect": s.action, "title": str(LESSONS[s.lesson][0]),
                   "text": str(LESSONS[s.lesson][1]), "wrong": str(LESSONS[s.lesson][2])}
                  for s in learner if s.lesson is not None],
        "free": {kind: str(text) for kind, text in FREE.items()},
        "length": len(SCRIPT),
        "waiting": _("Athens, the computer, is playing its part of the lesson: its moves are told in the log."),
        "thinking": _("Athens is deciding."),
        "elsewhere": _("Play on as you think best."),
        "done": _("That is Polis: tribute and trade to feed your poleis, armies to hold the land, battles "
                  "with cards, and the round's end to grow. A whole game is three rounds. Play a real "
                  "match against the easy computer now, or read the rules."),
    }

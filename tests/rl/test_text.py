"""The text interface for language-model players: prompts, the answer parser, the player."""

from __future__ import annotations

import random
import re

import pytest

import tapete
from tapete.engine import sample_chance
from tapete.rl.text import (
    AnswerError,
    LanguageModelPlayer,
    describe_view,
    legal_texts,
    normalize,
    parse_answer,
    prompt,
)

from .conftest import CONFIGS, GAMES, load_ready, sample_states

OPTIONS = ["bid 0", "bid 1", "bid 2", "bid 10"]
CARDS = ["play Ao", "play 3c", "play Rc"]


@pytest.mark.parametrize(
    ("answer", "want"),
    [
        ("bid 2", "bid 2"),
        ("  BID 2. ", "bid 2"),
        ("I would rather bid 1 here.", "bid 1"),
        ("bid 10", "bid 10"),  # not bid 1
        ("Canto dos", "bid 2"),
        ("apuesto 0", "bid 0"),
        ("заявка 1", "bid 1"),
        ("#4", "bid 10"),
        ("option 2", "bid 1"),
        ("Thinking...\nThe others bid high.\nbid 0", "bid 0"),
        ("2", "bid 1"),  # a bare number: the option's number, as the prompt numbers them
        ("1.", "bid 0"),
        ("I say 2 tricks", "bid 2"),  # the argument alone
    ],
)
def test_parser_reads_free_form_answers(answer: str, want: str) -> None:
    assert OPTIONS[parse_answer(answer, OPTIONS)] == want


@pytest.mark.parametrize(
    ("answer", "want"),
    [
        ("Juego el RC", "play Rc"),
        ("play  ao!", "play Ao"),
        ("3C", "play 3c"),
        ("играю 3c", "play 3c"),
    ],
)
def test_parser_reads_cards_in_any_case_and_language(answer: str, want: str) -> None:
    assert CARDS[parse_answer(answer, CARDS)] == want


@pytest.mark.parametrize(
    ("answer", "why"),
    [
        ("I do not know", "names none"),
        ("bid 1 or bid 2", "names several: bid 1, bid 2"),
        ("bid 7", "names none"),
        ("#9", "names none"),
        ("", "names none"),
    ],
)
def test_parser_explains_what_it_could_not_read(answer: str, why: str) -> None:
    with pytest.raises(AnswerError) as caught:
        parse_answer(answer, OPTIONS)
    assert why in str(caught.value)
    assert "bid 0, bid 1, bid 2, bid 10" in str(caught.value)


def test_parser_refuses_a_non_text_answer() -> None:
    with pytest.raises(AnswerError, match="must be text"):
        parse_answer(None, OPTIONS)  # type: ignore[arg-type]


def test_normalize_removes_accents_case_and_punctuation() -> None:
    assert normalize("¡Pásó, CANTO!") == normalize("paso canto") == "pass bid"


@pytest.mark.parametrize("name", GAMES)
def test_every_legal_action_text_reads_back_as_itself(name: str) -> None:
    game = load_ready(name)
    checked = 0
    for state in sample_states(game, seed=3, limit=80, games=1):
        player = state.current_player()
        if player < 0:
            continue
        view = state.view(player)
        options = legal_texts(view, state.legal_actions())
        assert options == [state.action_to_string(a) for a in state.legal_actions()]
        for i, text in enumerate(options):
            assert parse_answer(text, options) == i
            assert parse_answer(text.upper() + " please", options) == i
        checked += 1
    assert checked > 0


@pytest.mark.parametrize("language", ["en", "es", "ru"])
def test_prompt_shows_the_view_and_the_actions(language: str) -> None:
    load_ready("pocha")
    game = tapete.load_game("pocha", **CONFIGS["pocha"])
    state = game.new_initial_state()
    for a in game.deal_actions(["Ao 3o 5o", "3c 4c 5c", "Re Se Ce"], turn="7b"):
        state.apply_action(a)
    view = state.view(0)
    options = legal_texts(view, state.legal_actions())
    text = prompt(view, options, language)
    assert "Ao 3o 5o" in text and "7b" in text  # the hand and the turned card
    words = set(text.replace(",", " ").split())
    assert not words & {"3c", "4c", "5c", "Re", "Se", "Ce"}  # others' cards are never shown
    assert all(o in text for o in options)
    if language == "es":
        assert "Tus acciones legales" in text
    if language == "ru":
        assert "допустимые действия" in text


def test_describe_view_of_a_match_shows_its_live_deal() -> None:
    game = load_ready("pocha-match")
    live = [
        s
        for s in sample_states(game, seed=2, limit=60, games=1)
        if s.view(1).deal is not None and s.view(1).deal.hand  # type: ignore[attr-defined]
    ]
    state = live[-1]
    text = describe_view(state.view(1))
    assert "seat 1 (you)" in text
    assert str(state.view(1).deal.hand).split()[0] in text  # type: ignore[attr-defined]


class Scripted:
    """A stand-in for a language model: answers from a script, records the prompts."""

    def __init__(self, answers: list[str]) -> None:
        self.answers = list(answers)
        self.prompts: list[str] = []

    def __call__(self, text: str) -> str:
        self.prompts.append(text)
        return self.answers.pop(0) if self.answers else "I give up"


def test_player_asks_again_with_the_reason_then_plays() -> None:
    load_ready("pocha")
    game = tapete.load_game("pocha", **CONFIGS["pocha"])
    state = game.new_initial_state()
    for a in game.deal_actions(["Ao 3o 5o", "3c 4c 5c", "Re Se Ce"], turn="7b"):
        state.apply_action(a)
    ask = Scripted(["hmm, no idea", "Let me bid 2."])
    player = LanguageModelPlayer(ask, language="es")
    action = player.choose(state.view(0), state.legal_actions(), random.Random(0))
    assert state.action_to_string(action) == "bid 2"
    assert len(ask.prompts) == 2 and "No se pudo leer" in ask.prompts[1]
    assert player.exchanges[0].error and player.exchanges[1].error is None


def test_player_gives_up_after_its_retries() -> None:
    load_ready("pocha")
    game = tapete.load_game("pocha", **CONFIGS["pocha"])
    state = game.new_initial_state()
    rng = random.Random(1)
    while state.is_chance_node():
        state.apply_action(sample_chance(state, rng))
    player = LanguageModelPlayer(Scripted([]), retries=1)
    with pytest.raises(AnswerError):
        player.choose(state.view(0), state.legal_actions(), rng)
    assert len(player.exchanges) == 2


@pytest.mark.parametrize("name", GAMES)
def test_a_scripted_model_plays_whole_games(name: str) -> None:
    """The stand-in answers with the text of a random legal action, in mixed case."""
    game = load_ready(name)
    rng = random.Random(7)

    def answer(text: str) -> str:
        listed = [line.split(". ", 1)[1] for line in text.splitlines() if line[:1].isdigit()]
        return "I play: " + rng.choice(listed).upper()

    player = LanguageModelPlayer(answer)
    state = game.new_initial_state()
    decisions = 0
    while not state.is_terminal() and decisions < 25:
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
            continue
        seat = state.current_player()
        state.apply_action(player.choose(state.view(seat), state.legal_actions(), rng))
        decisions += 1
    assert decisions > 0


def test_a_bare_number_is_the_option_numbered_so_in_the_prompt() -> None:
    load_ready("pocha")
    game = tapete.load_game("pocha", **CONFIGS["pocha"])
    state = game.new_initial_state()
    for a in game.deal_actions(["Ao 3o 5o", "3c 4c 5c", "Re Se Ce"], turn="7b"):
        state.apply_action(a)
    view = state.view(0)
    options = legal_texts(view, state.legal_actions())
    assert options[:2] == ["bid 0", "bid 1"]
    text = prompt(view, options)
    for number, option in enumerate(options, 1):
        assert f"{number}. {option}" in text
        assert parse_answer(str(number), options) == number - 1


#: English words that may stay in a translated prompt: names, notation and terms of the games.
KEPT = {"pocha", "trynka", "ombre", "tresillo", "lhombre", "vuelta", "solo", "codille",
        "sacada", "—", "|", "(", ")"}  # fmt: skip


@pytest.mark.parametrize("language", ["es", "ru"])
@pytest.mark.parametrize("name", GAMES)
def test_translated_prompts_have_no_english_labels_or_words(name: str, language: str) -> None:
    """Every label, phase, event kind and suit of the prompt is translated (what is left in
    Latin letters is the game's name, card and action notation, and the game's own terms)."""
    from tapete.rl.text import _LABELS, _VALUE_WORDS

    game = load_ready(name)
    english_labels = {label for label in _LABELS if len(label) > 3}
    for state in sample_states(game, seed=5, limit=200, games=1)[::10]:
        player = state.current_player()
        if player < 0:
            continue
        view = state.view(player)
        options = legal_texts(view, state.legal_actions())
        text = prompt(view, options, language)
        lines = text.splitlines()
        listed = {f"{i}. {o}" for i, o in enumerate(options, 1)}
        for line in lines:
            if line in listed or (options and options[0] in line):
                continue  # the actions in the engine's notation (listed, or the example)
            label = re.match(r"\s*- ([^:]+):", line)
            if label is not None:
                same = _LABELS.get(label.group(1), ("", ""))[language == "ru"]
                assert label.group(1) not in english_labels or same == label.group(1), line
                assert not re.search(r"[A-Za-z]{4,}", label.group(1)) or language == "es", line
            for word in _VALUE_WORDS:
                if language == "ru" and len(word) > 4 and word not in KEPT:
                    assert not re.search(rf"(?<![\w-]){word}(?![\w-])", line), (word, line)


def test_russian_stake_and_level_are_different_words() -> None:
    game = load_ready("trynka")
    state = game.new_initial_state()
    text = describe_view(state.view(0), "ru")
    stake = re.search(r"- ([^:]+): 1\n- ([^:]+): 1\n", text)
    assert stake is not None and stake.group(1) != stake.group(2), text

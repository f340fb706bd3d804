"""The tablerules playground: edit a rule file, step through a hand, compare variants, run
golden scenarios. Run with `make playground` (Streamlit on 127.0.0.1:8501).

Only the interpreter's public API is used; everything about a game comes from its rule file.
Each tab is a module of `playground.tabs` with a `TITLE` and a `render(context)`: a new tab
is a new module and one line in `TABS`. Every tab is drawn on every run of the page (so a
tab opens in the browser at once): `render` must be quick, and work that takes time waits
for a button and runs in a fragment of its own (as Compare and Golden scenarios do). A tab
asks for another to be shown with `playground.page.components.ask_for_tab`.
"""

from __future__ import annotations

import json
import time
import tomllib
from hashlib import sha256
from pathlib import Path

import streamlit as st
from streamlit.delta_generator import DeltaGenerator
from tablerules.dsl.diagnostics import visible
from tablerules.dsl.numbers import is_digits, whole_number
from tablerules.interpreter.api import Game
from tablerules.interpreter.messages import LANGUAGES
from tablerules.interpreter.messages.speaker import speaker
from tablerules.playground.files.drafts import (
    MAX_RULE_TEXT,
    MAX_UPLOAD_MB,
    RULES,
    UPLOADED,
    RuleDraft,
    UploadError,
    bundled_rule_files,
    decode_upload,
    display_path,
    upload_name,
)
from tablerules.playground.page.address import arrived_at
from tablerules.playground.page.asked import note_refused, one_of, refused, true_or_false, whole_in
from tablerules.playground.page.components import (
    kept_upload,
    release_focus,
    show_asked_tab,
    upload_keeper,
)
from tablerules.playground.page.context import Context, widget_key
from tablerules.playground.page.editor import take_edit
from tablerules.playground.page.guard import guarded
from tablerules.playground.page.heap import freeze_lasting_objects, no_collection_after_runs
from tablerules.playground.play.match_play import MOST_HANDS
from tablerules.playground.play.seats import (
    WATCHING,
    Seating,
    dealer_of,
    seat_controls,
    seat_count,
)
from tablerules.playground.tabs import compare, hand, rules, scenarios, statistics
from tablerules.playground.words.language import (
    bound_choice,
    chosen_language,
    keep_choice,
    language_box,
    said,
    tab_title,
)
from tablerules.playground.words.page_messages import page_messages

TABS = [hand, rules, compare, scenarios, statistics]
FIRST_TAB = hand.TITLE
# the first words on the page: of keys on a wide screen, of taps on a phone (the stylesheet
# shows one or the other), in the language chosen (`app.intro_wide`, `app.intro_narrow`)
INTRO = '<span class="tr-wide">{wide}</span><span class="tr-narrow">{narrow}</span>'
URL = "query-params"  # a widget so bound keeps its value in the page's address
# the words of the stylesheet that depend on the page's language (a style takes no room)
LANGUAGE_STYLE = "<style>:root {{ --tr-upload: {upload}; }}</style>"
MAX_SEED_DIGITS = 100  # a seed typed in the sidebar

HERE = Path(__file__).resolve().parent
STYLE = HERE / "static" / "playground.css"
FIRST = tomllib.loads((HERE / "playground.toml").read_text(encoding="utf-8"))

st.set_page_config(page_title="tablerules playground", layout="wide")
# No Python error reaches the page, wherever the server was started from: the project's
# .streamlit/config.toml says the same, but is read only from the folder `streamlit run` starts
# in (an installed playground served from elsewhere has none).
st.set_option("client.showErrorDetails", "none")
no_collection_after_runs()  # a click answers without a full garbage collection first


def option_form(draft: RuleDraft, label: str, box: DeltaGenerator) -> dict[str, str]:
    """Widgets for the rule file's options, from their declared types and values, kept in
    the page's address. A value set for a widget before it is drawn (opening a scenario
    sets its options) is kept."""
    rules_ir = draft.last_good.loaded.rules if draft.last_good else None
    values: dict[str, str] = {}
    if rules_ir is None:
        return values
    defaults = rules_ir.option_values()
    say = page_messages(chosen_language())
    shown: object
    for name, option in rules_ir.options.items():
        words = speaker(draft.last_good.game, chosen_language()).words
        title = words.title(name, option.title)
        text = f"{words.name(name)} — {title}" if title else words.name(name)
        key = f"opt_{widget_key(label)}_{name}"
        preset = key in st.session_state
        default = defaults[name]
        if option.type == "bool":
            asked = refused(key, true_or_false)
            initial = {} if preset else {"value": bool(default)}
            on = box.checkbox(text, key=key, bind=URL, **initial)
            values[name], shown = str(on).lower(), on
        elif option.type == "int":
            asked = refused(key, whole_in(option.minimum, option.maximum))
            initial = {} if preset else {"value": int(default)}
            number = box.number_input(
                text,
                min_value=option.minimum,
                max_value=option.maximum,
                step=1,
                key=key,
                bind=URL,
                **initial,
            )
            values[name] = shown = str(int(number))
        else:
            choices = [str(c) for c in option.choices]
            asked = refused(key, one_of(choices))
            index = choices.index(str(default)) if str(default) in choices else 0
            initial = {} if preset else {"index": index}
            values[name] = shown = box.selectbox(text, choices, key=key, bind=URL, **initial)
        if asked is not None:
            box.warning(note_refused(say, words.name(name), asked, shown))
    return values


def take_upload(box: DeltaGenerator) -> tuple[str, str] | None:
    """The uploaded rule file as (name on the page, text), kept across reruns; a new upload
    becomes the chosen rule file. A file that is not a rule file is refused in words."""
    upload = box.file_uploader(
        said("sidebar.upload", size=MAX_RULE_TEXT),
        type=["rules"],
        max_upload_size=MAX_UPLOAD_MB,
        key="upload",
    )
    if upload is not None:
        data = upload.getvalue()
        digest = sha256(data).hexdigest()
        if st.session_state.get("upload_digest") != digest:
            st.session_state["upload_digest"] = digest
            try:
                text = decode_upload(data)
            except UploadError as error:
                st.session_state["upload_error"] = refusal(upload.name, error)
            else:
                st.session_state.pop("upload_error", None)
                label = upload_name(upload.name) + UPLOADED
                st.session_state["uploaded"] = (label, text)
                st.session_state["rule_file"] = label  # the box names what is now in use
    if st.session_state.get("upload_error"):
        box.error(told(*st.session_state["upload_error"]))
    uploaded = st.session_state.get("uploaded")
    if uploaded is not None:
        with box:
            upload_keeper(uploaded[0], uploaded[1])  # kept in the browser for a reload
    return uploaded


def refusal(name: str, error: UploadError) -> tuple[str, dict[str, object]]:
    """An upload refused, kept as a message and its values, so that it is told in the
    language of the page that shows it (see `told`)."""
    return "sidebar.upload_refused", {"name": name, "reason": error}


def told(key: str, values: dict[str, object]) -> str:
    """A message kept by `refusal` (or by its key and values) in the page's language."""
    return said(
        key,
        **{
            name: said(f"sidebar.{value.key}", **value.values)
            if isinstance(value, UploadError)
            else value
            for name, value in values.items()
        },
    )


def bring_back_upload(box: DeltaGenerator) -> bool:
    """An address (a reload, Back, a link) that names an uploaded file this session does
    not hold: the browser is asked for the copy it keeps (`components.upload_keeper`), and
    the file comes back as uploaded, or the page says why it cannot. True while the page
    waits for the browser's answer: nothing else is drawn, so the rest of the address (the
    hand, the move, the seat) waits for the file it belongs to."""
    asked = st.query_params.get("rule_file", "")
    held = st.session_state.get("uploaded")
    if not asked.endswith(UPLOADED) or (held is not None and held[0] == asked):
        return False
    wanted = st.session_state.get("upload_wanted")
    if wanted is None or wanted[0] != asked:
        number = time.monotonic_ns()
        st.session_state["upload_wanted"] = (asked, number, True)
        with box:
            upload_keeper(asked, want=number)
        box.info(said("sidebar.upload_asking", name=asked))
        return True
    _, number, waiting = wanted
    if not waiting:  # answered once: the address's name is no longer pursued
        return False
    st.session_state["upload_wanted"] = (asked, number, False)
    answer = kept_upload(number)
    text = answer[1] if answer is not None and answer[0] == asked else None
    if text is None:
        st.session_state["upload_error"] = ("sidebar.upload_lost", {"name": asked})
        st.toast(said("sidebar.upload_lost", name=asked))
        return False
    try:
        decoded = decode_upload(text.encode("utf-8", "surrogatepass"))
    except UploadError as error:
        st.session_state["upload_error"] = refusal(asked, error)
        return False
    st.session_state["uploaded"] = (asked, decoded)
    st.session_state["rule_file"] = asked
    return False


def current_draft(chooser: DeltaGenerator, uploads: DeltaGenerator) -> tuple[RuleDraft, str]:
    """The draft of the chosen rule file (bundled, or uploaded) and its name on the page.
    Each file keeps its own draft, edits included, for the whole session."""
    files = bundled_rule_files()
    names = [display_path(p) for p in files]
    if bring_back_upload(uploads):
        st.stop()
    uploaded = take_upload(uploads)
    if uploaded is not None:
        names.append(uploaded[0])
    first = names.index(FIRST["rules"]) if FIRST["rules"] in names else 0
    asked = st.query_params.get("rule_file", "")
    chosen = chooser.selectbox(
        said("sidebar.rule_file"), names, index=first, key="rule_file", bind=URL
    )
    if asked and asked not in names and not asked.endswith(UPLOADED):
        name = asked if len(asked) <= 80 else f"{asked[:80]}…"
        chooser.warning(said("sidebar.no_such_file", name=name, shown=chosen))
    drafts: dict[str, RuleDraft] = st.session_state.setdefault("drafts", {})
    draft = drafts.get(chosen)
    if uploaded is not None and chosen == uploaded[0]:
        if draft is None or draft.origin != uploaded[1]:
            # `extends` in an uploaded file resolves beside the bundled files
            draft = RuleDraft(path=RULES / chosen.removesuffix(UPLOADED), text=uploaded[1])
            draft.origin = uploaded[1]
            draft.update(draft.text)
    elif draft is None:
        draft = RuleDraft.open(files[names.index(chosen)])
    drafts[chosen] = draft
    st.session_state["draft"] = draft  # the draft in use, for whoever needs it outside a tab
    return draft, chosen


def match_length(game: Game | None, box: DeltaGenerator) -> int | None:
    """How many hands the match plays; None for a whole game (the rule file's rounds)."""
    rounds = game.compiled.rounds if game is not None else None
    if rounds:
        words = speaker(game, chosen_language()).words if game is not None else None
        names = " ".join(words.round_names) if words is not None else ""
        title = said("sidebar.whole_game", rounds=rounds, names=names)
        title = title.replace(" ()", "").replace("（）", "")
        odd = refused("match_whole", true_or_false)
        whole = box.toggle(title, value=False, key="match_whole", bind=URL)
        if odd is not None:
            box.warning(note_refused(page_messages(chosen_language()), title, odd, whole))
        if whole:
            return None
    asked = str(st.query_params.get("match_hands", ""))
    hands = box.number_input(
        said("sidebar.hands"),
        min_value=1,
        max_value=MOST_HANDS,
        value=FIRST["hands"],
        step=1,
        key="match_hands",
        bind=URL,
        help=said("sidebar.hands_help"),
    )
    wanted = whole_number(asked.removesuffix(".0")) if asked else int(hands)
    if wanted is None or not 1 <= wanted <= MOST_HANDS:
        text = asked if len(asked) <= 40 else f"{asked[:40]}…"
        box.warning(said("sidebar.bad_hands", text=text, most=MOST_HANDS, shown=int(hands)))
    return int(hands)


def bots_box(box: DeltaGenerator) -> str:
    """Who plays the seats the user does not: the bots' name, as `--bots` takes it."""
    names = ["greedy", "random"]
    lang = chosen_language()
    say = page_messages(lang)

    def bots_in(name: str, other: str) -> str:
        return page_messages(other)(f"sidebar.bots_{name}")

    words = {word for name in names for word in (name, *(bots_in(name, o) for o in LANGUAGES))}
    asked = refused("bots", one_of(words))
    title = say("sidebar.bots")
    bind = bound_choice("bots", names, bots_in, lang)
    keep_choice("bots", lang)  # the bots are chosen among words of the page's language
    bots: str = box.selectbox(
        title, names, key="bots", bind=bind, format_func=lambda name: bots_in(name, lang)
    )
    if asked is not None:
        box.warning(note_refused(say, title, asked, bots_in(bots, lang)))
    return bots


def read_seed(text: str) -> int | None:
    """A seed as typed: any whole number (as `--seed` takes), of at most MAX_SEED_DIGITS."""
    text = text.strip()
    if not text or len(text) > MAX_SEED_DIGITS or not is_digits(text):
        return None
    return int(text)


def seed_box(box: DeltaGenerator) -> int:
    """The seed of the deal, typed; one that is not a whole number is refused in words and
    the seed in use stays."""
    text = box.text_input(
        said("sidebar.seed"),
        value=str(FIRST["seed"]),
        key="seed",
        bind=URL,
        help=said("sidebar.seed_help"),
    )
    seed = read_seed(text)
    kept: int = st.session_state.get("seed_in_use", FIRST["seed"])
    if seed is None:
        shown = visible(text)[:24]
        box.error(said("sidebar.bad_seed", digits=MAX_SEED_DIGITS, shown=shown, kept=kept))
        return kept
    st.session_state["seed_in_use"] = seed
    return seed


def hand_dealer(game: Game, seed: int) -> int:
    """The dealer of the hand in play: the match's, once it is dealt for this seed."""
    match = st.session_state.get("match")
    if match is not None and match.seed == seed and match.game.compiled.name == game.compiled.name:
        return match.hand.dealer if match.hand.dealer is not None else dealer_of(game, seed)
    return dealer_of(game, seed)


def main() -> None:
    st.html(STYLE)  # the cards, the table, the move list (a stylesheet: takes no room)
    # the sidebar from the top: the file, where the user sits (reachable at once on a
    # phone, whatever the options), the deal and the options, then an upload
    lang_box, file_box, table_box, deal_box, upload_box = (st.sidebar.container() for _ in range(5))
    lang = language_box(lang_box)
    say = page_messages(lang)
    st.html(LANGUAGE_STYLE.format(upload=json.dumps(say("app.upload_button"), ensure_ascii=False)))
    draft, label = current_draft(file_box, upload_box)
    seed = seed_box(deal_box)
    bots = bots_box(deal_box)
    hands = match_length(draft.game, deal_box)
    options = option_form(draft, label, deal_box)
    if draft.last_good is not None and options != draft.options_applied:
        draft.update(draft.text, options)
        draft.options_applied = options
    take_edit(draft, label, options)
    game = draft.game
    reached = arrived_at(label, game is not None)  # a load, Back, Forward or a link
    if reached is not None and game is not None:
        if reached.seat is not None and reached.seat >= seat_count(game):
            reached = reached.without_seat(seat_count(game))
        st.session_state["place_pending"] = reached
        st.session_state["sit_at"] = WATCHING if reached.seat is None else reached.seat
    seating = (
        seat_controls(game, hand_dealer(game, seed), table_box, lang)
        if game is not None
        else Seating()
    )
    context = Context(draft, label, seed, bots, options, seating, hands, lang)
    name = speaker(game, lang).word(game.compiled.name) if game else label
    st.markdown(f"#### {say('app.title', name=name)}")
    intro = INTRO.format(wide=say("app.intro_wide"), narrow=say("app.intro_narrow"))
    st.markdown(intro, unsafe_allow_html=True)
    release_focus()
    # on every run, just before the tabs: the browser switches at once
    show_asked_tab(lang, [tab.TITLE for tab in TABS])
    titles = [tab_title(tab.TITLE, lang) for tab in TABS]
    # Every tab is drawn on every run of the page, so switching tabs happens in the browser
    # at once, with no run; a tab's heavy work waits for a button, in a fragment.
    panels = st.tabs(titles, default=tab_title(FIRST_TAB, lang))
    for tab, panel in zip(TABS, panels, strict=True):
        with panel:
            guarded(f"{tab.TITLE} tab", lambda tab=tab: tab.render(context))
    freeze_lasting_objects()  # once the first page is drawn: the server's lasting objects


main()

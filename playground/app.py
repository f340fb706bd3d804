"""The tablerules playground: edit a rule file, step through a hand, compare variants, run
golden scenarios. Run with `make playground` (Streamlit on 127.0.0.1:8501).

Only the interpreter's public API is used; everything about a game comes from its rule file.
Each tab is a module of `playground.tabs` with a `TITLE` and a `render(context)`: a new tab
is a new module and one line in `TABS`.
"""

from __future__ import annotations

from hashlib import sha256

import streamlit as st
from tablerules.playground.context import Context, widget_key
from tablerules.playground.guard import guarded
from tablerules.playground.session import (
    MAX_UPLOAD_MB,
    RULES,
    RuleDraft,
    UploadError,
    bundled_rule_files,
    decode_upload,
    display_path,
    upload_name,
)
from tablerules.playground.tabs import compare, hand, rules, scenarios

TABS = [rules, hand, compare, scenarios]
UPLOADED = " (uploaded)"

st.set_page_config(page_title="tablerules playground", layout="wide")


def option_form(draft: RuleDraft, label: str) -> dict[str, str]:
    """Widgets for the rule file's options, from their declared types and values."""
    rules_ir = draft.last_good.loaded.rules if draft.last_good else None
    values: dict[str, str] = {}
    if rules_ir is None:
        return values
    defaults = rules_ir.option_values()
    for name, option in rules_ir.options.items():
        text = f"{name} — {option.title}" if option.title else name
        key = f"opt_{widget_key(label)}_{name}"
        default = defaults[name]
        if option.type == "bool":
            values[name] = str(st.sidebar.checkbox(text, value=bool(default), key=key)).lower()
        elif option.type == "int":
            chosen = st.sidebar.number_input(
                text,
                min_value=option.minimum,
                max_value=option.maximum,
                value=int(default),
                step=1,
                key=key,
            )
            values[name] = str(int(chosen))
        else:
            choices = [str(c) for c in option.choices]
            index = choices.index(str(default)) if str(default) in choices else 0
            values[name] = st.sidebar.selectbox(text, choices, index=index, key=key)
    return values


def take_upload(box: st.delta_generator.DeltaGenerator) -> tuple[str, str] | None:
    """The uploaded rule file as (name on the page, text), kept across reruns; a new upload
    becomes the chosen rule file. A file that is not a rule file is refused in words."""
    upload = box.file_uploader(
        "…or upload a .rules file",
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
                st.session_state["upload_error"] = f"{upload.name}: {error}"
            else:
                st.session_state.pop("upload_error", None)
                label = upload_name(upload.name) + UPLOADED
                st.session_state["uploaded"] = (label, text)
                st.session_state["rule_file"] = label  # the box names what is now in use
    if st.session_state.get("upload_error"):
        box.error(st.session_state["upload_error"])
    return st.session_state.get("uploaded")


def current_draft() -> tuple[RuleDraft, str]:
    """The draft of the chosen rule file (bundled, or uploaded) and its name on the page.
    Each file keeps its own draft, edits included, for the whole session."""
    files = bundled_rule_files()
    names = [display_path(p) for p in files]
    chooser = st.sidebar.container()
    uploaded = take_upload(st.sidebar)
    if uploaded is not None:
        names.append(uploaded[0])
    chosen = chooser.selectbox("Rule file", names, key="rule_file")
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


def main() -> None:
    st.title("tablerules playground")
    draft, label = current_draft()
    seed = int(st.sidebar.number_input("Seed", min_value=0, value=7, step=1, key="seed"))
    bots = st.sidebar.selectbox("Bots", ["greedy", "random"], key="bots")
    options = option_form(draft, label)
    if draft.last_good is not None and options != draft.options_applied:
        draft.update(draft.text, options)
        draft.options_applied = options
    context = Context(draft=draft, label=label, seed=seed, bots=bots, options=options)
    for tab, panel in zip(TABS, st.tabs([tab.TITLE for tab in TABS]), strict=True):
        with panel:
            guarded(f"{tab.TITLE} tab", lambda tab=tab: tab.render(context))


main()

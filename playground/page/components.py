"""The playground's own small components (Streamlit's `components.v2`, no build step, no
network): HTML that answers clicks. A click is reported as the component's state, a value
with a fresh number each time (`{"value": ..., "n": ...}`), so the app acts on each click
once and tests can drive the same state without a browser.

- `clickable`: any HTML; a click on an element with `data-choice` reports that choice.
- `move_list`: the narrated moves; the current one highlighted and kept in view; a click
  on a move reports its number.
- `ask_for_tab` / `show_asked_tab`: show another tab of the page (as a click on it would).
- `release_focus`: a select box keeps no focus after a choice (the keys step the hand).
- `upload_keeper`: an uploaded rule file kept in the browser's storage under its name, and
  brought back when a reload's address names it.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from html import escape
from typing import Any

import streamlit as st
from tablerules.playground.words.language import tab_title

CLICK_JS = """
export default function (component) {
  const { data, setStateValue, parentElement } = component;
  let root = parentElement.querySelector(':scope > .tr-root');
  if (!root) {
    root = document.createElement('div');
    root.className = 'tr-root';
    parentElement.appendChild(root);
  }
  if (root.shownHtml === data.html) return;  // the same table: keep it as it is
  root.shownHtml = data.html;
  root.innerHTML = data.html;
  const report = (element) =>
    setStateValue('click', { value: element.dataset.choice, n: Date.now() });
  root.querySelectorAll('[data-choice]').forEach((element) => {
    element.addEventListener('click', () => report(element));
    element.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' || event.key === ' ') { event.preventDefault(); report(element); }
    });
  });
}
"""

MOVES_JS = """
export default function (component) {
  const { data, setStateValue, parentElement } = component;
  let root = parentElement.querySelector(':scope > .tr-moves');
  if (!root) {
    root = document.createElement('div');
    root.className = 'tr-moves';
    root.setAttribute('role', 'list');
    root.addEventListener('click', (event) => {
      const row = event.target.closest('[data-move]');
      if (row) setStateValue('click', { value: Number(row.dataset.move), n: Date.now() });
    });
    parentElement.appendChild(root);
  }
  if (root.shownHtml !== data.html) {  // new moves: draw the list; else only the highlight
    root.shownHtml = data.html;
    root.innerHTML = data.html;
  }
  root.querySelectorAll('.tr-now').forEach((row) => row.classList.remove('tr-now'));
  root.querySelectorAll('[data-move]').forEach((row) => {
    row.classList.toggle('tr-later', Number(row.dataset.move) > data.current);
  });
  const now = root.querySelector(`[data-move="${data.current}"]`);
  if (now) {
    now.classList.add('tr-now');
    const top = now.offsetTop - root.clientHeight / 2 + now.clientHeight / 2;
    root.scrollTop = Math.max(0, top);
  }
}
"""

# Shows the tab named `data.label`, once per request `data.n`, by a click on it as the user
# would. While the app runs, Streamlit disables each tab until the run has sent it again, and
# a disabled tab ignores a click; this component is drawn before the tabs, so it keeps trying
# on every change of the page until the tab is selected (for at most SHOW_TAB_MS). After a
# change of language (`data.keep`: the tabs' new titles) it shows the tab last clicked, held
# a moment (the tabs drawn anew select their first a moment later); a user's click wins.
TAB_JS = """
const SHOW_TAB_MS = 30000;
const KEEP_TAB_MS = 3000;  // a tab kept across a change of language: held while it settles
export default function (component) {
  const { data, parentElement } = component;
  if (!window.trTabWatch) {  // the place of the tab last clicked; the user's click wins
    window.trTabWatch = true;
    document.addEventListener('click', (event) => {
      const tab = event.target.closest && event.target.closest('[data-testid="stTab"]');
      const tabs = Array.from(document.querySelectorAll('[data-testid="stTab"]'));
      if (tab) window.trTabChosen = tabs.indexOf(tab);
      if (tab && event.isTrusted && window.trStopShowing) window.trStopShowing();
    }, true);
  }
  if (!data || !data.n || parentElement.shownRequest === data.n) return;
  parentElement.shownRequest = data.n;
  if (window.trStopShowing) window.trStopShowing();
  let label = data.label;
  if (data.keep) {  // the tabs under new titles (another language): the one last chosen
    label = data.keep[window.trTabChosen || 0];
    if (!window.trTabChosen || !label) return;
  }
  const selected = () => {
    const tab = Array.from(document.querySelectorAll('[data-testid="stTab"]'))
      .find((found) => found.textContent.trim() === label);
    if (!tab) return false;
    if (tab.getAttribute('aria-selected') === 'true') return true;
    if (tab.getAttribute('aria-disabled') !== 'true') tab.click();
    return false;
  };
  // tabs drawn anew select their first a moment later: a kept tab is held a while
  if (selected() && !data.keep) return;
  const watch = new MutationObserver(() => { if (selected() && !data.keep) stop(); });
  const timer = setTimeout(stop, data.keep ? KEEP_TAB_MS : SHOW_TAB_MS);
  function stop() {
    watch.disconnect();
    clearTimeout(timer);
    window.trStopShowing = null;
  }
  window.trStopShowing = stop;
  watch.observe(document.body, {
    subtree: true, childList: true, attributes: true,
    attributeFilter: ['aria-selected', 'aria-disabled'],
  });
}
"""

# After a run, a select box left holding the focus (its list closed: a choice was made) lets
# it go, so that the keys are the page's again (→ and ← step) without a click on the page.
RELEASE_JS = """
export default function () {
  const held = document.activeElement;
  if (held && held.matches('input[role="combobox"]')
      && held.getAttribute('aria-expanded') !== 'true') held.blur();
}
"""

KEEP_JS = """
export default function (component) {
  const { data, setStateValue } = component;
  const key = data.store + data.name;
  if (typeof data.text === 'string') {  // an upload in use: kept for a reload
    try {
      const storage = window.localStorage;
      if (storage.getItem(key) !== data.text) storage.setItem(key, data.text);
    } catch (error) {
      // storage full or refused: a reload says the file cannot be brought back
    }
    return;
  }
  if (!data.want || component.asked === data.want) return;
  component.asked = data.want;
  let text = null;
  try {
    text = window.localStorage.getItem(key);
  } catch (error) {
    text = null;
  }
  setStateValue('found', { name: data.name, text, n: data.want });
}
"""

_clickable = st.components.v2.component("tablerules_clickable", js=CLICK_JS, isolate_styles=False)
_keeper = st.components.v2.component("tablerules_keeper", js=KEEP_JS, isolate_styles=False)
_release = st.components.v2.component("tablerules_release", js=RELEASE_JS, isolate_styles=False)
_show_tab = st.components.v2.component("tablerules_show_tab", js=TAB_JS, isolate_styles=False)
_moves = st.components.v2.component("tablerules_moves", js=MOVES_JS, isolate_styles=False)


def clicked(key: str) -> Any:
    """The value of a click on component `key` not yet acted on (None when there is none).
    Read before the component is drawn, so the page drawn next already shows its effect."""
    state = st.session_state.get(key)
    click = state.get("click") if hasattr(state, "get") else None
    if not isinstance(click, dict) or "n" not in click:
        return None
    seen = st.session_state.setdefault("clicks_seen", {})
    if seen.get(key) == click["n"]:
        return None
    seen[key] = click["n"]
    return click.get("value")


def clickable(html: str, key: str) -> None:
    """Show `html`; `clicked(key)` gives the choice of an element clicked."""
    _clickable(key=key, data={"html": html}, on_click_change=lambda: None)


def move_list(rows: list[tuple[int, str, str, int]], current: int, key: str) -> None:
    """The moves as (number, text, rule ids, turn), `current` highlighted (the moves after
    it greyed), each turn's moves grouped (a rule above its first, every other turn
    shaded); `clicked(key)` gives a move clicked. Stepping sends the same rows again, and
    the list only moves its highlight."""
    parts = []
    before = None
    for number, text, cites, turn in rows:
        ids = f' <span class="tr-cites">{escape(cites)}</span>' if cites else ""
        classes = ["tr-move", f"tr-turn-{'odd' if turn % 2 else 'even'}"]
        if before is not None and turn != before:
            classes.append("tr-turn-start")
        before = turn
        parts.append(
            f'<div class="{" ".join(classes)}" data-move="{number}" data-turn="{turn}" '
            f'role="listitem"><span class="tr-n">{number}</span>{escape(text)}{ids}</div>'
        )
    data = {"html": "".join(parts), "current": current}
    _moves(key=key, data=data, on_click_change=lambda: None)


def ask_for_tab(title: str) -> None:
    """Have the page show the tab `title` once this run is drawn (a callback may ask)."""
    st.session_state["asked_tab"] = {"label": title, "n": time.monotonic_ns()}


def show_asked_tab(lang: str = "en", titles: Sequence[str] = ()) -> None:
    """Show the tab asked for, if any: the page's tabs switch in the browser, not by a run.
    Drawn on every run, asked or not, so the tabs after it keep their place in the page:
    tabs that moved would be drawn anew, on their first tab, losing the one the user chose.
    A tab is asked for by its module's `TITLE`, and found by its title in `lang`. When the
    language has changed, the tabs (`titles`) are drawn anew under their new titles: the
    browser is asked to show again the one it had open."""
    asked = st.session_state.pop("asked_tab", None)
    before = st.session_state.get("tabs_lang", lang)
    st.session_state["tabs_lang"] = lang
    if asked:
        asked = {**asked, "label": tab_title(asked["label"], lang)}
    elif before != lang:
        asked = {"keep": [tab_title(title, lang) for title in titles], "n": time.monotonic_ns()}
    _show_tab(key="show_tab", data=asked or {})


def release_focus() -> None:
    """Drawn on every run: a select box that keeps the focus after a choice lets it go."""
    runs = st.session_state["runs"] = st.session_state.get("runs", 0) + 1
    _release(key="release_focus", data={"n": runs})


UPLOAD_STORE = "tablerules-upload:"  # the browser's key for an uploaded file, before its name
KEEPER = "upload_keeper"


def upload_keeper(name: str, text: str | None = None, want: int = 0) -> None:
    """Keep the uploaded file `name` (its `text`) in the browser; or, with `want` (a fresh
    number), ask the browser for the text it keeps under `name` (see `kept_upload`)."""
    data: dict[str, Any] = {"store": UPLOAD_STORE, "name": name}
    if text is not None:
        data["text"] = text
    else:
        data["want"] = want
    _keeper(key=KEEPER, data=data, on_found_change=lambda: None)


def kept_upload(want: int) -> tuple[str, str | None] | None:
    """The browser's answer to the ask numbered `want`: the file's name and the text it
    keeps (None: nothing kept under that name); None while it has not answered."""
    state = st.session_state.get(KEEPER)
    found = state.get("found") if hasattr(state, "get") else None
    if not isinstance(found, dict) or found.get("n") != want:
        return None
    text = found.get("text")
    return str(found.get("name", "")), text if isinstance(text, str) else None
